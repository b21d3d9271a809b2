// SandboxService getSandboxState: the caller's clock, its default scenario and journey clock, its
// parcels per state (by its clock, so a parcel past its 28 days counts as expired, and a parcel time
// moved on counts in the state its journey has reached), its pending injected faults and its push
// URL and mode.
import { PARCEL_STATES } from '../../contract/parcel-states.ts';
import { faultView, type FaultView } from './fault-injection.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { ParcelStateCount } from '../ports/sandbox-ports.ts';
import type { ParcelState } from '../ports/shipment-ports.ts';
import { clockView, type ClockView } from './sandbox-time.ts';
import type { SandboxDependencies } from '../dependencies.ts';
import { horizonAt, journeyStates } from '../parcel-life-cycle/parcel-journey.ts';
import { journeyClockView, type JourneyClockView } from './set-journey-clock.ts';
import type { PushSettingView } from './set-push-url.ts';

export interface SandboxState {
  readonly clock: ClockView;
  readonly scenario: string;
  readonly journeyClock: JourneyClockView;
  readonly parcels: readonly ParcelStateCount[];
  readonly fault: readonly FaultView[];
  readonly push: PushSettingView;
}

export async function getSandboxState(deps: SandboxDependencies, session: Session, _request: unknown): Promise<Outcome<SandboxState>> {
  // The clock as stored now, not as the session read it: another process may have moved it since.
  const account = (await deps.accounts.findAccount(session.account.delisId)) ?? session.account;
  const clock = clockView(account.clock, deps.clock.now());
  const horizon = horizonAt(account.journeyClock, clock.now);
  const [counts, faults, moving] = await Promise.all([
    deps.sandbox.countParcels(account.id, clock.now),
    deps.sandbox.listInjectedFaults(account.id),
    // Only while time moves the account's parcels does a stored state fall behind.
    horizon === undefined ? [] : deps.parcelJourneys.movingParcels(account.id, clock.now),
  ]);
  const byState = new Map<ParcelState, number>(counts.map((entry) => [entry.state, entry.count]));
  const states = await journeyStates(deps, moving, horizon);
  for (const { parcelLabelNumber, state: stored } of moving) {
    const state = states.get(parcelLabelNumber);
    if (state === undefined || stored === state) continue;
    byState.set(stored, (byState.get(stored) ?? 0) - 1);
    byState.set(state, (byState.get(state) ?? 0) + 1);
  }
  const parcels = PARCEL_STATES.flatMap((state) => {
    const count = byState.get(state) ?? 0;
    return count > 0 ? [{ state, count }] : [];
  });
  return succeed({
    clock,
    scenario: account.scenario ?? 'delivered',
    journeyClock: journeyClockView(account.journeyClock),
    parcels,
    fault: faults.map(faultView),
    push: { ...(account.push === undefined ? {} : { url: account.push.url }), mode: account.pushMode ?? 'immediate' },
  });
}
