// findOrSaveToken from separate OS processes sharing one database, on every store: first logins of one
// account arriving together in several server processes must all be handed the same token.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { forEachStore } from '../support/databases.ts';
import { killStoreProcesses, startStoreProcess } from './processes/child-process.ts';

const PROCESSES = 3;
const CALLS = 20;

forEachStore('findOrSaveToken across processes', ({ store, options }) => {
  after(killStoreProcesses);

  test(`${PROCESSES} processes, ${CALLS} calls each at once, for an account without a token: one token for all`, async () => {
    const { id } = await store().accounts.addAccount({
      delisId: 'PROCESSES',
      passwordHash: 'h',
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
    const children = Array.from({ length: PROCESSES }, () =>
      startStoreProcess('find-or-save-token', options(), [String(id), String(CALLS)]),
    );
    await Promise.all(children.map((child) => child.ready));
    children.forEach((child) => child.go());
    const exits = await Promise.all(children.map((child) => child.exited));
    exits.forEach((exit) => assert.equal(exit.code, 0, exit.stderr));
    const hashes = children.flatMap((child) => child.lines);
    assert.equal(hashes.length, PROCESSES * CALLS);
    assert.deepEqual([...new Set(hashes)], [(await store().tokens.findValidToken(id, new Date()))?.tokenHash]);
  });
});
