// The time the domain reads: the real time behind an interface tests move, and an account's own clock
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
