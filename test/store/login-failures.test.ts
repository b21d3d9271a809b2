// LoginFailureRepository over every store, and the throttle's rule on top of it: the attempts are in
// the database, so two throttles on one store (two server processes) count the same ones, and an
// attempt is recorded before its password is checked, so parallel attempts count against each other.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { defaultThrottleOptions, LoginThrottle, throttleKeys } from '../../src/domain/login/login-throttle.ts';
import type { LoginFailures } from '../../src/domain/ports/login-ports.ts';
import { openStore } from '../../src/store/open-database.ts';
import { forEachStore } from '../support/databases.ts';
import { TestClock } from '../support/test-clock.ts';

const MINUTE = 60_000;
const T0 = new Date('2026-11-22T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const byKey = (list: LoginFailures[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));

forEachStore('login failures', ({ dialect, store, options }) => {
  test('begin records a pending attempt and answers what was recorded before it', async () => {
    const failures = store().loginFailures;
    const first = await failures.begin(['id:alice', 'ip:10.0.0.1'], at(0), at(-15), at(-1));
    assert.deepEqual(first.before, []);
    // Dated at the failure, not at the attempt's start.
    await failures.fail(first.attempt, at(0.5));
    const second = await failures.begin(['id:alice'], at(5), at(-10), at(4));
    const third = await failures.begin(['id:alice', 'ip:10.0.0.1'], at(6), at(-9), at(5));
    assert.deepEqual(byKey(third.before), [
      { key: 'id:alice', count: 1, last: at(0.5), pending: 1 },
      { key: 'ip:10.0.0.1', count: 1, last: at(0.5), pending: 0 },
    ]);
    // Attempts before `since` are not counted.
    assert.deepEqual(byKey(await failures.failuresSince(['id:alice', 'ip:10.0.0.1', 'id:carol'], at(1), at(5))), [
      { key: 'id:alice', count: 0, last: undefined, pending: 2 },
      { key: 'ip:10.0.0.1', count: 0, last: undefined, pending: 1 },
    ]);
    // An attempt pending since before `staleBefore` was cut short: it counts as a failure.
    assert.deepEqual(byKey(await failures.failuresSince(['id:alice'], at(-15), at(5.5))), [
      { key: 'id:alice', count: 2, last: at(5), pending: 1 },
    ]);
    await failures.abandon(second.attempt);
    await failures.abandon(third.attempt);
    assert.deepEqual(byKey(await failures.failuresSince(['id:alice', 'ip:10.0.0.1'], at(-15), at(0))), [
      { key: 'id:alice', count: 1, last: at(0.5), pending: 0 },
      { key: 'ip:10.0.0.1', count: 1, last: at(0.5), pending: 0 },
    ]);
  });

  test('succeed forgets the attempt and the earlier failures of the keys given; purge removes old ones', async () => {
    const failures = store().loginFailures;
    const earlier = await failures.begin(['id:bob', 'ip:10.0.0.2'], at(10), at(-5), at(9));
    await failures.fail(earlier.attempt, at(10));
    const success = await failures.begin(['id:bob', 'ip:10.0.0.2'], at(11), at(-4), at(10));
    const later = await failures.begin(['id:bob', 'ip:10.0.0.2'], at(11), at(-4), at(10));
    await failures.succeed(success.attempt, ['id:bob']);
    assert.deepEqual(byKey(await failures.failuresSince(['id:bob', 'ip:10.0.0.2'], at(0), at(10))), [
      { key: 'id:bob', count: 0, last: undefined, pending: 1 },
      { key: 'ip:10.0.0.2', count: 1, last: at(10), pending: 1 },
    ]);
    await failures.abandon(later.attempt);
    assert.equal(await failures.purgeBefore(at(10)), 2); // id:alice and ip:10.0.0.1 at 0
    assert.equal(await failures.purgeBefore(at(11)), 1); // ip:10.0.0.2 at 10
    assert.deepEqual(await failures.failuresSince(['id:alice', 'id:bob', 'ip:10.0.0.1', 'ip:10.0.0.2'], at(0), at(0)), []);
  });

  test('two throttles on one store count the same failures', async () => {
    const clock = new TestClock(at(100));
    const first = new LoginThrottle(clock, store().loginFailures);
    const second = new LoginThrottle(clock, store().loginFailures);
    const keys = throttleKeys('dave', '10.0.0.9').all;
    const failOnce = async (throttle: LoginThrottle) => {
      const admission = await throttle.begin(keys);
      assert.ok(admission.admitted);
      await throttle.fail(admission.attempt);
    };
    // Six failures, alternating between the two: the sixth is one over the five free ones.
    for (let i = 0; i < 6; i++) await failOnce(i % 2 === 0 ? first : second);
    assert.deepEqual(await first.begin(keys), { admitted: false, waitMs: 1000 });
    assert.deepEqual(await second.begin(keys), { admitted: false, waitMs: 1000 });
    clock.advance(1000);
    await failOnce(second);
    assert.deepEqual(await first.begin(keys), { admitted: false, waitMs: 2000 }, 'each further failure doubles the wait');
    clock.advance(2000);
    const admission = await first.begin(keys);
    assert.ok(admission.admitted);
    await first.succeed(admission.attempt, keys);
    assert.deepEqual(await store().loginFailures.failuresSince(keys, at(0), at(0)), []);
  });

  test('the wait runs from the failure, however long the check took', async () => {
    const clock = new TestClock(at(300));
    const throttle = new LoginThrottle(clock, store().loginFailures);
    const keys = throttleKeys('fay', '10.0.0.11').all;
    for (let i = 0; i < 6; i++) {
      const admission = await throttle.begin(keys);
      assert.ok(admission.admitted);
      clock.advance(900); // a slow check, on a loaded machine
      await throttle.fail(admission.attempt);
    }
    // Counted from the attempt's start the wait would have had 100 ms left.
    assert.deepEqual(await throttle.begin(keys), { admitted: false, waitMs: 1000 });
  });

  test('an attempt held by checks still running is told the wait that follows if they fail, not the first wait', async () => {
    const clock = new TestClock(at(400));
    const throttle = new LoginThrottle(clock, store().loginFailures, { ...defaultThrottleOptions, settleWaitMs: 0 });
    const keys = throttleKeys('gus', '10.0.0.12').all;
    for (let i = 0; i < 8; i++) {
      const admission = await throttle.begin(keys);
      assert.ok(admission.admitted);
      await throttle.fail(admission.attempt);
      clock.advance(60_000);
    }
    // Eight failures: the ninth attempt goes ahead once its wait (4 s) is over, and is being checked; the wait
    // after it is 8 s, which a caller held by it is told (it was told 1 s, and refused again when it came back).
    const checking = await throttle.begin(keys);
    assert.ok(checking.admitted);
    assert.deepEqual(await throttle.begin(keys), { admitted: false, waitMs: 8000 });
    await throttle.fail(checking.attempt);
    assert.deepEqual(await throttle.begin(keys), { admitted: false, waitMs: 8000 });
  });

  test('parallel attempts on two throttles (two processes) admit no more checks than one after another', async () => {
    const clock = new TestClock(at(200));
    // PostgreSQL: a second store is a second pool, as another server process has. SQLite: one store
    // per file and process (open-database.ts); its single writer orders every attempt anyway.
    const other = dialect === 'postgres' ? await openStore({ ...options(), clock }) : undefined;
    try {
      const throttles = [new LoginThrottle(clock, store().loginFailures), new LoginThrottle(clock, (other ?? store()).loginFailures)];
      const keys = throttleKeys('erin', '10.0.0.10').all;
      let checks = 0;
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const admission = await throttles[i % 2].begin(keys);
          if (!admission.admitted) return admission.waitMs;
          checks += 1;
          await sleep(20); // the password check
          await throttles[i % 2].fail(admission.attempt);
          return 0;
        }),
      );
      assert.equal(checks, 6, 'the five free failures and the one that starts the wait');
      assert.equal(outcomes.filter((waitMs) => waitMs > 0).length, 24);
      assert.deepEqual(await throttles[0].begin(keys), { admitted: false, waitMs: 1000 });
    } finally {
      await other?.close();
    }
  });
  test('known addresses: remembered per account, the 10 most recent kept, forgotten on a new password and on resetAccount', async () => {
    const base = { passwordHash: 'h', depots: ['0522'], messageLanguage: 'en_US', lateExport: false, pickupApproved: false } as const;
    const known = store().knownAddresses;
    const hank = await store().accounts.addAccount({ ...base, delisId: 'HANK' });
    const ida = await store().accounts.addAccount({ ...base, delisId: 'IDA' });
    for (let i = 0; i < 12; i++) await known.rememberAddress(hank.id, `h${i}`, at(i), 10);
    await known.rememberAddress(ida.id, 'h0', at(0), 10);
    // h0 and h1, the oldest, are gone; the delisId is matched as written.
    assert.deepEqual(await Promise.all(['h0', 'h1', 'h2', 'h11'].map((hash) => known.findKnownAddress('HANK', hash))), [
      undefined,
      undefined,
      at(2),
      at(11),
    ]);
    assert.equal(await known.findKnownAddress('hank', 'h2'), undefined);
    assert.deepEqual(await known.findKnownAddress('IDA', 'h0'), at(0), "another account's own");
    // Remembered again, an address is the most recent: the next one added pushes out h3, not h2.
    await known.rememberAddress(hank.id, 'h2', at(20), 10);
    await known.rememberAddress(hank.id, 'h12', at(21), 10);
    assert.deepEqual(await known.findKnownAddress('HANK', 'h2'), at(20));
    assert.equal(await known.findKnownAddress('HANK', 'h3'), undefined);
    await store().accounts.updateAccount('HANK', { passwordHash: 'h2' });
    assert.equal(await known.findKnownAddress('HANK', 'h12'), undefined);
    await store().sandbox.resetAccount(ida.id, 'IDA');
    assert.equal(await known.findKnownAddress('IDA', 'h0'), undefined);
  });
});
