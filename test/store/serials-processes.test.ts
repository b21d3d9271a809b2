// reserveSerials across separate OS processes sharing one database, and across kill -9, on every store.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openStore } from '../../src/store/open-database.ts';
import { forEachStore } from '../support/databases.ts';
import { killStoreProcesses, startStoreProcess, type StoreProcess } from './processes/child-process.ts';
import { assertConsecutive, assertDisjoint } from '../support/serial-assertions.ts';

/** Small, so the processes lease (and contend for the counter) every few calls. */
const LEASE = 5;

function serialsOf(process: StoreProcess): number[][] {
  // A line cut off by kill -9 is not a serial anyone received.
  return process.lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as number[]];
    } catch {
      return [];
    }
  });
}

forEachStore(
  'reserveSerials across processes',
  ({ options }) => {
    const issued: number[][] = [];
    after(killStoreProcesses);

    const concurrency = [
      { processes: 2, calls: 200 },
      { processes: 4, calls: 150 },
    ];
    for (const { processes, calls } of concurrency) {
      test(`${processes} processes reserving at once never get the same serial`, async () => {
        const children = Array.from({ length: processes }, () => startStoreProcess('reserve-serials', options(), [String(calls)]));
        await Promise.all(children.map((child) => child.ready));
        children.forEach((child) => child.go());
        const exits = await Promise.all(children.map((child) => child.exited));
        exits.forEach((exit) => assert.equal(exit.code, 0, exit.stderr));
        for (const child of children) {
          const results = serialsOf(child);
          assert.equal(results.length, calls);
          results.forEach((serials, call) => assertConsecutive(serials, 1 + (call % 4)));
          issued.push(...results);
        }
        assertDisjoint(issued);
      });
    }

    test('a process killed with SIGKILL mid-way never leads to a serial issued again', async () => {
      for (let round = 0; round < 3; round += 1) {
        const child = startStoreProcess('reserve-serials', options(), ['forever']);
        await child.ready;
        child.go();
        await child.waitForLines(100 + 37 * round);
        child.child.kill('SIGKILL');
        const exit = await child.exited;
        assert.equal(exit.signal, 'SIGKILL', exit.stderr);
        const received = serialsOf(child);
        const highest = Math.max(...received.flat());
        issued.push(...received);

        const restarted = await openStore(options());
        try {
          const after = await restarted.shipments.reserveSerials(3);
          assert.ok(after[0] > highest, `round ${round}: ${after.join(',')} issued after the killed process reached ${highest}`);
          issued.push([...after]);
        } finally {
          await restarted.close();
        }
        assertDisjoint(issued);
      }
    });
  },
  { serialLeaseSize: LEASE },
);
