// The console's entry: the page the service serves at /console names its environment on <html>.
import { render } from 'preact';
import { App } from './app.tsx';

const root = document.getElementById('console');
if (root === null) throw new Error('the console page has no #console element');
const environment = document.documentElement.dataset.environment === 'live' ? 'live' : 'stage';
render(<App environment={environment} />, root);
