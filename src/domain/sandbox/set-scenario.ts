// SandboxService setScenario: the journey the account's parcels stored from then on walk (its
// default, copied to each parcel when stored), or the journey of one of its parcels — allowed while
// the events the parcel has shown are the start of the new scenario's too, so a tracking client never
// sees a parcel's past change.
import { fill } from '../../contract/error-catalogue.ts';
import { MISFIT_REASONS } from '../../rules/sandbox-magic.ts';
import type { ScenarioName } from '../../contract/parcel-states.ts';
import type { SetScenarioData } from '../../contract/sandbox-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { refuseSandbox } from './sandbox-refusal.ts';
import type { SandboxDependencies } from '../dependencies.ts';
import { hasEnded, horizonAt, planParcelJourney } from '../parcel-life-cycle/parcel-journey.ts';
import { scenarioMisfit, visibleEvents } from '../parcel-life-cycle/plan-journey.ts';

export interface ScenarioSet {
  readonly scenario: ScenarioName;
  readonly parcelLabelNumber?: string;
}

export async function setScenario(deps: SandboxDependencies, session: Session, request: SetScenarioData): Promise<Outcome<ScenarioSet>> {
  const scenario = request.scenario as ScenarioName;
  const number = request.parcelLabelNumber;
  const accountId = session.account.id;
  if (number === undefined) {
    await deps.sandbox.setAccountScenario(accountId, scenario === 'delivered' ? undefined : scenario);
    // This process's next call of the account reads the new default; others within SESSION_CACHE_SECONDS.
    deps.sessions.forgetAccount(accountId);
    return succeed({ scenario });
  }
  const now = session.clock.now();
  const parcel = await deps.parcelJourneys.journeyParcel(accountId, number);
  const params = { path: 'parcelLabelNumber', value: number };
  if (parcel === undefined || parcel.orderType !== 'consignment') return refuseSandbox(session, 'error_parcel_not_found', params);
  if (parcel.state === 'deleted') return refuseSandbox(session, 'error_parcel_deleted', params);
  if (hasEnded(parcel, now)) return refuseSandbox(session, 'error_parcel_expired', params);
  const misfit = scenarioMisfit(parcel, scenario);
  if (misfit !== undefined) {
    return refuseSandbox(session, 'error_scenario_not_applicable', {
      path: 'scenario',
      value: scenario,
      parcel: number,
      reason: fill(MISFIT_REASONS[misfit]),
    });
  }
  // What the parcel has shown must stay what it shows: the same words at the same instants.
  const horizon = horizonAt(session.account.journeyClock, now);
  const shown = visibleEvents(await planParcelJourney(deps, parcel), parcel.recorded, horizon);
  const changed = { ...parcel, scenario };
  const after = visibleEvents(await planParcelJourney(deps, changed), parcel.recorded, horizon);
  // Every event shown must be one the new journey plans (a forced word it lacks is shown only as a leftover).
  const same =
    shown.length === after.length &&
    shown.every(
      (event, i) => event.status === after[i].status && event.at.getTime() === after[i].at.getTime() && after[i].index !== undefined,
    );
  if (!same) {
    return refuseSandbox(session, 'error_journey_diverged', {
      path: 'scenario',
      value: scenario,
      parcel: number,
      scenario,
      status: shown[shown.length - 1].status,
    });
  }
  await deps.parcelJourneys.setParcelScenario(accountId, number, scenario);
  return succeed({ scenario, parcelLabelNumber: number });
}
