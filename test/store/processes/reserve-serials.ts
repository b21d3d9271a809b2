// A separate process that reserves parcel serials, for the multi-process store tests.
// Input: STORE_OPTIONS (JSON StoreOptions), argv[2] = number of calls or "forever".
// Output, one line each: "ready" once the store is open; then, after "go" on stdin, one JSON array of
// serials per call. Exits 0 after the last call.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { openStore } from '../../../src/store/open-database.ts';

const store = await openStore(JSON.parse(process.env.STORE_OPTIONS ?? '{}'));
const calls = process.argv[2] === 'forever' ? Number.POSITIVE_INFINITY : Number(process.argv[2]);

const input = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await once(input, 'line');
input.close();

for (let call = 0; call < calls; call += 1) {
  const serials = await store.shipments.reserveSerials(1 + (call % 4));
  process.stdout.write(`${JSON.stringify(serials)}\n`);
}
await store.close();
