// SandboxService setJourneyClock: whether time moves the account's parcels. Running, a parcel's planned
// events appear as the account's clock passes their times (setClock advanceBy P2D shows a delivered
// parcel without any further call, and so does real time passing); stopped, the events up to the
// account time it was stopped at stay, later ones wait. Never set, only forced events move a parcel,
// as on the carrier's own stage.
import type { SetJourneyClockData } from '../../contract/sandbox-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { JourneyClock } from '../ports/journey-ports.ts';
import type { SandboxDependencies } from '../dependencies.ts';
import { horizonAt } from '../parcel-life-cycle/parcel-journey.ts';

/** The journey clock as setJourneyClock and getSandboxState answer it. */
export interface JourneyClockView {
  readonly running: boolean;
  readonly stoppedAt?: Date;
}

export const journeyClockView = (clock: JourneyClock | undefined): JourneyClockView =>
  clock === undefined
    ? { running: false }
    : { running: clock.running, ...(clock.stoppedAt === undefined ? {} : { stoppedAt: clock.stoppedAt }) };

export async function setJourneyClock(
  deps: SandboxDependencies,
  session: Session,
  request: SetJourneyClockData,
): Promise<Outcome<JourneyClockView>> {
  // The setting as stored now, not as the session read it: another process may have changed it since.
  const account = (await deps.accounts.findAccount(session.account.delisId)) ?? session.account;
  const current = account.journeyClock;
  let clock: JourneyClock | undefined;
  if (request.running) clock = { running: true };
  else if (current === undefined) clock = undefined;
  else if (current.running) clock = { running: false, stoppedAt: session.clock.now() };
  // Stopped twice: where it stopped first (no later than the account's time, should the clock have gone back).
  else clock = { running: false, stoppedAt: horizonAt(current, session.clock.now()) };
  await deps.sandbox.setJourneyClock(account.id, clock);
  // This process's next call of the account reads the new setting; others within SESSION_CACHE_SECONDS.
  deps.sessions.forgetAccount(account.id);
  return succeed(journeyClockView(clock));
}
