// Where the WAL sync runs (store/sqlite/wal-syncer.ts): on the event loop while syncs are fast, off it for a
// while once they are slow, and back on it after that.
import assert from 'node:assert/strict';
import fs, { mkdtempSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  createSyncPolicy,
  createWalSyncer,
  LOOP_SYNC_LIMIT_MS,
  OFF_LOOP_PERIOD_MS,
  type SyncPolicy,
} from '../../../src/store/sqlite/wal-syncer.ts';

/** A policy on a clock the test moves. */
function policyAt(start = 0) {
  let now = start;
  const policy = createSyncPolicy({ limitMs: 1, offLoopMs: 1000, now: () => now });
  return {
    policy,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

test('the defaults: syncs averaging over 1 ms leave the loop for a second', () => {
  assert.equal(LOOP_SYNC_LIMIT_MS, 1);
  assert.equal(OFF_LOOP_PERIOD_MS, 1000);
});

test('fast syncs stay on the event loop, and one slow sync among them does not move them', () => {
  const { policy } = policyAt();
  assert.equal(policy.onLoop(), true, 'the first sync is tried on the loop');
  for (let i = 0; i < 100; i++) policy.record(0.3);
  assert.equal(policy.onLoop(), true);
  // 0.3 + (3 - 0.3) / 4 = 0.975: under the limit.
  policy.record(3);
  assert.equal(policy.onLoop(), true);
});

test('syncs that are slow on average run off the loop for the period, then one is tried on it again', () => {
  const { policy, advance } = policyAt(5000);
  policy.record(0.5);
  policy.record(3); // 0.5 + 2.5 / 4 = 1.125 > 1
  assert.equal(policy.onLoop(), false);
  advance(999);
  assert.equal(policy.onLoop(), false, 'still within the period');
  advance(1);
  assert.equal(policy.onLoop(), true, 'the period is over: one sync on the loop again');
  // That sync starts a new average: a fast one keeps the syncs on the loop...
  policy.record(0.2);
  assert.equal(policy.onLoop(), true);
  // ...a slow one sends them off again at once.
  const second = policyAt(0);
  second.policy.record(2);
  assert.equal(second.policy.onLoop(), false);
  second.advance(1000);
  second.policy.record(5);
  assert.equal(second.policy.onLoop(), false, 'a slow probe starts another period');
});

/** A policy that answers `onLoop` as told and keeps what is recorded. */
function fixedPolicy(onLoop: boolean): SyncPolicy & { recorded: number[] } {
  const recorded: number[] = [];
  return {
    recorded,
    onLoop: () => onLoop,
    record: (ms) => {
      recorded.push(ms);
    },
  };
}

test('a sync on the loop reports its duration to the policy; one off the loop reports nothing', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'wal-syncer-')), 'x.sqlite-wal');
  writeFileSync(path, 'frames');

  const onLoop = fixedPolicy(true);
  const loopSyncer = createWalSyncer(path, onLoop);
  await loopSyncer.sync();
  await loopSyncer.sync();
  assert.equal(onLoop.recorded.length, 2);
  assert.ok(onLoop.recorded.every((ms) => ms >= 0 && Number.isFinite(ms)));
  await loopSyncer.close();

  const offLoop = fixedPolicy(false);
  const poolSyncer = createWalSyncer(path, offLoop);
  // Three at once: one runs, the others share the one after it.
  await Promise.all([poolSyncer.sync(), poolSyncer.sync(), poolSyncer.sync()]);
  assert.deepEqual(offLoop.recorded, []);
  await poolSyncer.close();
});

test('a sync of a file that cannot be opened is rejected on the loop and off it', async () => {
  const missing = join(mkdtempSync(join(tmpdir(), 'wal-syncer-')), 'missing', 'x.sqlite-wal');
  await assert.rejects(createWalSyncer(missing, fixedPolicy(true)).sync(), { code: 'ENOENT' });
  await assert.rejects(createWalSyncer(missing, fixedPolicy(false)).sync(), { code: 'ENOENT' });
});

/** Runs `body` with fdatasync (both forms) failing with EIO until `heal` is called, as a disk that failed a write-back would. */
async function withFailingDisk(body: (heal: () => void) => Promise<void>) {
  const { fdatasync, fdatasyncSync } = fs;
  const eio = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
  const heal = () => {
    fs.fdatasync = fdatasync;
    fs.fdatasyncSync = fdatasyncSync;
    syncBuiltinESMExports();
  };
  fs.fdatasyncSync = () => {
    throw eio();
  };
  fs.fdatasync = ((_fd: number, callback: (error: Error | null) => void) => {
    setImmediate(() => callback(eio()));
  }) as typeof fs.fdatasync;
  syncBuiltinESMExports();
  try {
    await body(heal);
  } finally {
    heal();
  }
}

for (const onLoop of [true, false]) {
  test(`after a failed fdatasync no later sync succeeds (${onLoop ? 'on' : 'off'} the loop)`, async () => {
    // Linux reports a failed write-back once and then marks the pages clean: a later fdatasync, on
    // this descriptor or a new one, succeeds without the lost frames, and the WAL frames committed
    // after them would be acknowledged yet unreadable after a crash (recovery stops at the gap).
    const path = join(mkdtempSync(join(tmpdir(), 'wal-syncer-')), 'x.sqlite-wal');
    writeFileSync(path, 'frames');
    const syncer = createWalSyncer(path, fixedPolicy(onLoop));
    await withFailingDisk(async (heal) => {
      await assert.rejects(syncer.sync(), { code: 'EIO' });
      heal();
      await assert.rejects(syncer.sync(), /fdatasync .* failed/);
    });
    await syncer.close();
  });
}
