// A separate process that logs an account in, store side, for the multi-process token tests.
// Input: STORE_OPTIONS (JSON StoreOptions), argv[2] = account id, argv[3] = calls made at once.
// Output: "ready" once the store is open; then, after "go" on stdin, the hash of the token each call
// was handed, one per line. Exits 0 after the last.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { openStore } from '../../../src/store/open-database.ts';

const store = await openStore(JSON.parse(process.env.STORE_OPTIONS ?? '{}'));
const accountId = Number(process.argv[2]);
const calls = Number(process.argv[3]);
const now = new Date();

const input = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await once(input, 'line');
input.close();

const handed = await Promise.all(
  Array.from({ length: calls }, () =>
    store.tokens.findOrSaveToken(
      accountId,
      now,
      () => true,
      () => ({
        tokenHash: randomBytes(32).toString('hex'),
        nonce: randomBytes(32).toString('base64url'),
        issuedAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      }),
    ),
  ),
);
for (const token of handed) process.stdout.write(`${token.tokenHash}\n`);
await store.close();
