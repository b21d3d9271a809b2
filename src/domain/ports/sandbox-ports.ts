// What the sandbox keeps (SandboxService, stage): the accounts' own clocks, their injected faults, and
// the reset of everything an account stored.
import type { ScenarioName } from '../../contract/parcel-states.ts';
import type { AccountClockSetting, JourneyClock } from './clock-ports.ts';
import type { AccountReset } from './account-ports.ts';
import type { ParcelState } from './shipment-ports.ts';

/** Which binding an injected fault waits for: one of them, or either. */
export type FaultBinding = 'REST' | 'SOAP' | 'any';

/** What an injected fault does to the call it meets (SandboxService injectFault): exactly one of these. */
export type FaultBehaviour =
  | { readonly fault: { readonly faultCode: string; readonly message: string } }
  | { readonly authenticationFault: { readonly errorCode: string; readonly errorMessage: string } }
  | { readonly httpStatus: 500 | 502 | 503 | 504 }
  | { readonly delayMs: number }
  | { readonly dropConnection: true };

/** A fault to inject: the calls it waits for, how many of them, and what it does to each. */
export interface NewInjectedFault {
  /** An operation's name, or `*` for every operation but the sandbox's own. */
  readonly operation: string;
  readonly binding: FaultBinding;
  /** How many matching calls it applies to, 1 to 100. */
  readonly count: number;
  readonly behaviour: FaultBehaviour;
}

/** A pending injected fault. */
export interface InjectedFault extends Omit<NewInjectedFault, 'count'> {
  readonly id: number;
  /** How many more matching calls it applies to. */
  readonly remaining: number;
  readonly createdAt: Date;
}

/** How many of an account's parcels are in one state. */
export interface ParcelStateCount {
  readonly state: ParcelState;
  readonly count: number;
}

/**
 * What the sandbox keeps (SandboxService, stage): the accounts' own clocks, their injected faults, and
 * the reset of everything an account stored. Every method acts on one account alone.
 */
export interface SandboxRepository {
  /**
   * Sets the account's clock; undefined puts it back on the real time. `movedMs` (default 0) is how far
   * that moves the account's time (new minus old at one instant): moved back, the account's tokens are
   * moved back with it in the same step, so a token never outlives 24 hours of the account's time.
   * `tokensMove`: the tokens move with the clock either way, keeping the account time they had left —
   * a move that is the sandbox's doing, not the client's session growing old (advanceParcel, setClock advanceTo).
   */
  setAccountClock(accountId: number, clock: AccountClockSetting | undefined, movedMs?: number, tokensMove?: boolean): Promise<void>;
  /** Sets the scenario the account's parcels stored from then on walk; undefined: `delivered`. */
  setAccountScenario(accountId: number, scenario: ScenarioName | undefined): Promise<void>;
  /** Sets the account's journey clock; undefined: time never moved its parcels. */
  setJourneyClock(accountId: number, clock: JourneyClock | undefined): Promise<void>;
  /** Every account on a clock of its own: the purge judges their data by their own time. */
  listAccountClocks(): Promise<Array<{ readonly accountId: number; readonly clock: AccountClockSetting }>>;
  /**
   * Removes, in one transaction, the account's parcels with their tracking events, its orders (pickup
   * orders and collection requests too), consolidations, stage requests (by `delisId`) and injected
   * faults, and puts its clock back on the real time, its scenario to `delivered` and its journeys to
   * never having run; its tokens move by `clockMovedMs` (real minus account time, default 0) so that
   * each keeps the account time it had left. The account, its operator settings and its tokens stay;
   * no serial is given back.
   */
  resetAccount(accountId: number, delisId: string, clockMovedMs?: number): Promise<AccountReset>;
  /**
   * The account's parcels per state, in life-cycle order; a parcel whose data expired by `now` (the
   * account's time) counts as expired, purged or not. A collection request's parcels are not counted.
   */
  countParcels(accountId: number, now: Date): Promise<ParcelStateCount[]>;
  /** Adds a fault, created at `at`, unless the account has `max` pending already (undefined then). */
  addInjectedFault(accountId: number, fault: NewInjectedFault, at: Date, max: number): Promise<InjectedFault | undefined>;
  /** The account's pending faults, oldest first; with `id`, that one alone (or none). */
  listInjectedFaults(accountId: number, id?: number): Promise<InjectedFault[]>;
  /** Removes the account's pending faults, or the one of `id`; returns how many. */
  clearInjectedFaults(accountId: number, id?: number): Promise<number>;
  /**
   * Takes one use of the account's oldest pending fault that waits for `operation` over `binding`
   * (removing it with its last use), atomically across processes: of two concurrent calls only one
   * gets a fault's last use. Returns the fault as it was before this use; undefined when none waits.
   */
  takeInjectedFault(accountId: number, operation: string, binding: 'REST' | 'SOAP'): Promise<InjectedFault | undefined>;
}
