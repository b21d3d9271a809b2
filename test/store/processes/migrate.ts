// A separate process that migrates a database, for the multi-process store tests.
// Input: STORE_OPTIONS (JSON StoreOptions). Prints "ready", waits for "go" on stdin, migrates, prints "done".
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { openStore } from '../../../src/store/open-database.ts';

const store = await openStore(JSON.parse(process.env.STORE_OPTIONS ?? '{}'));
const input = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await once(input, 'line');
input.close();

await store.migrate();
process.stdout.write('done\n');
await store.close();
