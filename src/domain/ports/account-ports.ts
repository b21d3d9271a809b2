// The customer accounts as the domain reads and changes them. `store/` implements the repository,
// `server/` wires it; the domain never imports either.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { ScenarioName } from '../../contract/parcel-states.ts';
import type { PushMode } from '../../contract/push-codes.ts';
import type { PushTarget } from './push-ports.ts';
import type { AccountClockSetting, JourneyClock } from './clock-ports.ts';

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
  /** Operator switch (`accounts set --disabled`): it cannot log in and its tokens are refused. Default false. */
  readonly disabled?: boolean;
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
  /** Where its parcels' scans are pushed (README "Tracking push"); undefined: they are not. */
  readonly push?: PushTarget;
  /** Its pushes' test mode as set (SandboxService setPushMode, stage), also while it has no URL; undefined: `immediate`. */
  readonly pushMode?: PushMode;
}

/** What the sandbox keeps on an account, which neither `accounts add` nor `accounts set` sets. */
type SandboxAccountFields = 'clock' | 'pendingFaults' | 'scenario' | 'journeyClock' | 'pushMode';

export type NewAccount = Omit<Account, 'id' | 'createdAt' | SandboxAccountFields>;

export type AccountChanges = Partial<Omit<Account, 'id' | 'delisId' | 'createdAt' | 'push' | SandboxAccountFields>> & {
  /** A push URL and the account time it is set at; null takes it away. */
  readonly pushUrl?: { readonly url: string; readonly since: Date } | null;
  /** SandboxService setPushMode (stage). */
  readonly pushMode?: PushMode;
};

export interface AccountRepository {
  /** Adds an account; rejects with DuplicateAccountError when the delisId exists. */
  addAccount(account: NewAccount): Promise<Account>;
  /** Changes an account; undefined when there is none with that delisId. A new password ends the account's tokens. */
  updateAccount(delisId: string, changes: AccountChanges): Promise<Account | undefined>;
  findAccount(delisId: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
  /**
   * Removes the account, its depots and tokens, with `withData` its parcels, orders and everything
   * else it stored too; refused while it holds parcels or orders and `withData` is not given.
   */
  removeAccount(delisId: string, withData: boolean): Promise<AccountRemoval>;
}

/** What resetAccount (and removeAccount) removed, by kind. */
export interface AccountReset {
  readonly parcels: number;
  /** Consignments, pickup orders and collection requests. */
  readonly orders: number;
  readonly consolidations: number;
  readonly trackingEvents: number;
  readonly stageRequests: number;
  readonly faults: number;
}

/** What `removeAccount` came to. */
export type AccountRemoval =
  | { readonly removed: true; readonly data: AccountReset }
  | { readonly removed: false; readonly reason: 'not found' }
  | { readonly removed: false; readonly reason: 'has data'; readonly data: Pick<AccountReset, 'parcels' | 'orders'> };

/**
 * The accounts a purge pass covers: every account but `except` (those on a clock of their own, each
 * purged at its own time), or `only` one.
 */
export type AccountScope = { readonly except: readonly number[] } | { readonly only: number };
