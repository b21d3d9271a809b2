// The customer accounts as the domain reads and changes them. `store/` implements the repository,
// `server/` wires it; the domain never imports either.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { ScenarioName } from '../../contract/parcel-states.ts';
import type { AccountClockSetting } from './clock-ports.ts';
import type { JourneyClock } from './journey-ports.ts';

/** A customer account. `depots` are the 4-character sending depots it may use. */
export interface Account {
  readonly id: number;
  readonly delisId: string;
  /** scrypt hash in the form produced by domain/login/password.ts. */
  readonly passwordHash: string;
  readonly depots: readonly string[];
  readonly messageLanguage: MessageLanguage;
  /** Operator switch: shipment data is queued until exportOrders (spec "Late export"). */
  readonly lateExport: boolean;
  /** Operator switch: pickup orders and collection requests allowed on live. */
  readonly pickupApproved: boolean;
  readonly createdAt: Date;
  /**
   * The account's own clock (SandboxService setClock); undefined: the real time. It comes with the
   * account's row, so authentication reads it without a query of its own.
   */
  readonly clock?: AccountClockSetting;
  /** Injected faults waiting for the account's calls (SandboxService injectFault); undefined or 0: none, and no call looks. */
  readonly pendingFaults?: number;
  /** The scenario its parcels walk when stored from then on (SandboxService setScenario); undefined: `delivered`. */
  readonly scenario?: ScenarioName;
  /** Whether time moves its parcels (SandboxService setJourneyClock); undefined: it never did. */
  readonly journeyClock?: JourneyClock;
}

/** What the sandbox keeps on an account, which neither `accounts add` nor `accounts set` sets. */
type SandboxAccountFields = 'clock' | 'pendingFaults' | 'scenario' | 'journeyClock';

export type NewAccount = Omit<Account, 'id' | 'createdAt' | SandboxAccountFields>;

export type AccountChanges = Partial<Omit<Account, 'id' | 'delisId' | 'createdAt' | SandboxAccountFields>>;

export interface AccountRepository {
  /** Adds an account; rejects with DuplicateAccountError when the delisId exists. */
  addAccount(account: NewAccount): Promise<Account>;
  /** Changes an account; undefined when there is none with that delisId. A new password ends the account's tokens. */
  updateAccount(delisId: string, changes: AccountChanges): Promise<Account | undefined>;
  findAccount(delisId: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
}

/**
 * The accounts a purge pass covers: every account but `except` (those on a clock of their own, each
 * purged at its own time), or `only` one.
 */
export type AccountScope = { readonly except: readonly number[] } | { readonly only: number };
