// The time the domain reads: the real time behind an interface tests move, an account's own clock
// (SandboxService setClock) as the store keeps it.

/** The time source; tests move it. */
export interface Clock {
  now(): Date;
}

/**
 * An account's own clock (SandboxService setClock, stage only): the real time moved on by `offsetMs`,
 * or a time that stands still at `fixedAt` until it is moved on or reset.
 */
export interface AccountClockSetting {
  /** Added to the real time while the clock runs (advanceBy). 0 when the clock stands still. */
  readonly offsetMs: number;
  /** Where the clock stands (fixedTime; advanceBy moves it on); undefined while it runs. */
  readonly fixedAt?: Date;
}

/** An account's journey clock (SandboxService setJourneyClock): whether time moves its parcels. */
export interface JourneyClock {
  readonly running: boolean;
  /** Where the horizon stopped when the journeys were stopped; undefined while running, or if they never ran. */
  readonly stoppedAt?: Date;
}
