// The console's entry: the page the service serves at /console names its environment and time zone on <html>.
import { render } from 'preact';
import { App } from './app.tsx';

const root = document.getElementById('console');
if (root === null) throw new Error('the console page has no #console element');
const environment = document.documentElement.dataset.environment === 'live' ? 'live' : 'stage';
const timeZone = document.documentElement.dataset.timeZone ?? 'UTC';
render(<App environment={environment} timeZone={timeZone} />, root);
