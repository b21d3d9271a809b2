// The per-account limit on calls held in an injected delay (domain/sandbox/delayed-calls.ts): an
// account's calls past MAX_DELAYED_CALLS_PER_ACCOUNT that meet a delay are refused at once with
// ERR_TOO_MANY_DELAYED_CALLS, another account's delayed calls are still held, and a place is given back
// when a delay ends.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Dependencies } from '../../src/domain/dependencies.ts';
import type { Session } from '../../src/domain/core/outcome.ts';
import type { InjectedFault } from '../../src/domain/ports/sandbox-ports.ts';
import { DelayedCalls, MAX_DELAYED_CALLS_PER_ACCOUNT } from '../../src/domain/sandbox/delayed-calls.ts';
import { takeInjectedFault } from '../../src/domain/sandbox/fault-injection.ts';

/** Short enough for the test to wait out the held calls, long enough for the refusals to come first. */
const DELAY_MS = 300;

/** Dependencies whose every account has a delay fault waiting for every call. */
function depsWithDelays(delayedCalls: DelayedCalls): Dependencies {
  const fault: InjectedFault = {
    id: 7,
    operation: '*',
    binding: 'any',
    remaining: 100,
    behaviour: { delayMs: DELAY_MS },
    createdAt: new Date(0),
  };
  return { delayedCalls, sandbox: { takeInjectedFault: async () => fault } } as unknown as Dependencies;
}

const sessionOf = (id: number) => ({ account: { id, pendingFaults: 1 } }) as unknown as Session;

describe('calls held in an injected delay, per account', () => {
  it(`holds ${MAX_DELAYED_CALLS_PER_ACCOUNT} of an account's calls, refuses its next at once, and holds another account's`, async () => {
    const delayedCalls = new DelayedCalls();
    const deps = depsWithDelays(delayedCalls);
    const call = (accountId: number) => takeInjectedFault(deps, sessionOf(accountId), 'validateOrders', 'rest')!;
    const held = Array.from({ length: MAX_DELAYED_CALLS_PER_ACCOUNT }, () => call(1));
    const outcomes: string[] = [];
    for (const promise of held) void promise.then(() => outcomes.push('held'));
    const refused = await call(1);
    outcomes.push('refused');
    assert.deepEqual(refused, {
      refused: { code: 'ERR_TOO_MANY_DELAYED_CALLS', params: { by: 'injectFault 7', limit: MAX_DELAYED_CALLS_PER_ACCOUNT } },
    });
    assert.deepEqual(outcomes, ['refused'], 'refused while the held calls still wait');
    assert.equal(delayedCalls.heldBy(1), MAX_DELAYED_CALLS_PER_ACCOUNT);
    const otherAccount = call(2);
    await new Promise(setImmediate);
    assert.equal(delayedCalls.heldBy(2), 1, "another account's delayed call is held, not refused");
    assert.deepEqual(await Promise.all(held), Array(MAX_DELAYED_CALLS_PER_ACCOUNT).fill(undefined), 'held calls go on after their delay');
    assert.equal(await otherAccount, undefined);
    assert.equal(delayedCalls.heldBy(1), 0, 'every place given back');
    const again = call(1);
    await new Promise(setImmediate);
    assert.equal(delayedCalls.heldBy(1), 1, 'held again once its delays have ended');
    assert.equal(await again, undefined);
  });

  it('counts and gives back places per account', () => {
    const delayedCalls = new DelayedCalls(2);
    assert.equal(delayedCalls.hold(1), true);
    assert.equal(delayedCalls.hold(1), true);
    assert.equal(delayedCalls.hold(1), false);
    assert.equal(delayedCalls.hold(2), true);
    delayedCalls.release(1);
    assert.equal(delayedCalls.hold(1), true);
    assert.equal(delayedCalls.heldBy(1), 2);
  });
});
