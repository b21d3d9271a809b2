// LoginFailureRepository over every store, and the throttle's rule on top of it: the failures are in
// the database, so two throttles on one store (two server processes) count the same ones.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoginThrottle } from '../../src/domain/login-throttle.ts';
import { forEachStore } from '../support/databases.ts';
import { TestClock } from '../support/test-clock.ts';

const MINUTE = 60_000;
const T0 = new Date('2026-11-22T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

forEachStore('login failures', ({ store }) => {
  test('counts the failures of each key since an instant, with the latest', async () => {
    const failures = store().loginFailures;
    await failures.record(['id:alice', 'ip:10.0.0.1'], at(0));
    await failures.record(['id:alice'], at(5));
    await failures.record(['id:bob'], at(6));
    const recent = await failures.failuresSince(['id:alice', 'ip:10.0.0.1', 'id:carol'], at(1));
    assert.deepEqual(recent, [{ key: 'id:alice', count: 1, last: at(5) }]);
    const all = await failures.failuresSince(['id:alice', 'ip:10.0.0.1'], at(0));
    assert.deepEqual(all.sort((a, b) => a.key.localeCompare(b.key)), [
      { key: 'id:alice', count: 2, last: at(5) },
      { key: 'ip:10.0.0.1', count: 1, last: at(0) },
    ]);
  });

  test('clears the failures of the keys given, and purges old ones', async () => {
    const failures = store().loginFailures;
    await failures.clear(['id:alice']);
    assert.deepEqual(await failures.failuresSince(['id:alice'], at(0)), []);
    assert.equal((await failures.failuresSince(['id:bob'], at(0))).length, 1);
    assert.equal(await failures.purgeBefore(at(6)), 1); // ip:10.0.0.1 at 0
    assert.equal(await failures.purgeBefore(at(7)), 1); // id:bob at 6
    assert.deepEqual(await failures.failuresSince(['id:bob', 'ip:10.0.0.1'], at(0)), []);
  });

  test('two throttles on one store count the same failures', async () => {
    const clock = new TestClock(at(100));
    const first = new LoginThrottle(clock, store().loginFailures);
    const second = new LoginThrottle(clock, store().loginFailures);
    const keys = ['id:dave', 'ip:10.0.0.9'];
    // Six failures, alternating between the two: the sixth is one over the five free ones.
    for (let i = 0; i < 6; i++) await (i % 2 === 0 ? first : second).recordFailure(keys);
    assert.equal((await first.check(keys)).waitMs, 1000);
    assert.equal((await second.check(keys)).waitMs, 1000);
    await second.recordFailure(keys);
    assert.equal((await first.check(keys)).waitMs, 2000, 'each further failure doubles the wait');
    clock.advance(2000);
    assert.equal((await first.check(keys)).waitMs, 0);
    await first.recordSuccess(keys);
    assert.deepEqual(await store().loginFailures.failuresSince(keys, at(0)), []);
  });
});
