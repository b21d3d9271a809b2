// The interfaces the domain needs from the outside world. `store/` implements the repositories,
// `server/` wires them; the domain never imports either.
import type { MessageLanguage } from '../contract/error-catalogue.ts';

/** The time source; tests move it. */
export interface Clock {
  now(): Date;
}

/** A customer account. `depots` are the 4-character sending depots it may use. */
export interface Account {
  readonly id: number;
  readonly delisId: string;
  /** scrypt hash in the form produced by domain/password.ts. */
  readonly passwordHash: string;
  readonly depots: readonly string[];
  readonly messageLanguage: MessageLanguage;
  /** Operator switch: shipment data is queued until exportOrders (spec "Late export"). */
  readonly lateExport: boolean;
  /** Operator switch: pickup orders and collection requests allowed on live. */
  readonly pickupApproved: boolean;
  readonly createdAt: Date;
}

export type NewAccount = Omit<Account, 'id' | 'createdAt'>;
export type AccountChanges = Partial<Omit<Account, 'id' | 'delisId' | 'createdAt'>>;

/** An issued login token, kept only as its SHA-256 hash. */
export interface AuthToken {
  readonly accountId: number;
  /** Hex SHA-256 of the token text. */
  readonly tokenHash: string;
  /** Random value the token is derived from (HMAC with the server secret), so the same token can be returned again. */
  readonly nonce: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

export interface AccountRepository {
  /** Adds an account; rejects with DuplicateAccountError when the delisId exists. */
  addAccount(account: NewAccount): Promise<Account>;
  /** Changes an account; undefined when there is none with that delisId. */
  updateAccount(delisId: string, changes: AccountChanges): Promise<Account | undefined>;
  findAccount(delisId: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
}

export interface TokenRepository {
  /** The account's newest token still valid at `now`. */
  findValidToken(accountId: number, now: Date): Promise<AuthToken | undefined>;
  saveToken(token: AuthToken): Promise<void>;
  findTokenByHash(tokenHash: string): Promise<AuthToken | undefined>;
  /** Removes tokens that expired before `before`; returns how many. */
  deleteTokensExpiredBefore(before: Date): Promise<number>;
}

/** Life-cycle states of a parcel (DESIGN "Operations"). */
export type ParcelState =
  | 'created' | 'queued' | 'transferred' | 'consolidated' | 'collected'
  | 'in_transit' | 'out_for_delivery' | 'delivered' | 'deleted' | 'expired';

/** A parcel to store with its order. */
export interface NewParcel {
  readonly parcelLabelNumber: string;
  /** 0-based position in its order. */
  readonly position: number;
  readonly returns: boolean;
  readonly weight: number;
  readonly serviceCode: string;
  /** The parcel as sent (normalised); stored as JSON. */
  readonly data: unknown;
}

/** An order to store: a consignment with parcels, a pickup order or a collection request. */
export interface NewOrder {
  readonly orderType: 'consignment' | 'collection request order' | 'pickup information';
  /** MPS id for consignments and pickup orders. */
  readonly mpsId?: string;
  /** Reference returned for collection requests. */
  readonly carrierReference?: string;
  readonly sendingDepot: string;
  readonly product: string;
  /** Shipping day in the service's time zone, YYYYMMDD (consolidation works per day). */
  readonly shipDate: number;
  /** The whole order as sent (normalised); stored as JSON. */
  readonly data: unknown;
  readonly parcels: readonly NewParcel[];
  /** Initial state of every parcel: `queued` with late export, else `transferred`. */
  readonly parcelState: ParcelState;
  /** When the shipment data expires (28 days after transfer); undefined while queued. */
  readonly expiresAt?: Date;
}

/** A stored parcel as later operations see it. */
export interface StoredParcel {
  readonly parcelLabelNumber: string;
  readonly orderId: number;
  readonly state: ParcelState;
  readonly shipDate: number;
  readonly createdAt: Date;
  readonly transferredAt?: Date;
  readonly expiresAt?: Date;
}

export interface ShipmentRepository {
  /**
   * Reserves `count` consecutive 10-digit serials durably before returning them: a serial handed
   * out here is never handed out again, whatever happens after (rollback, crash, other processes).
   */
  reserveSerials(count: number): Promise<readonly number[]>;
  /** Stores every order with its parcels in one transaction: all or nothing. */
  saveOrders(accountId: number, orders: readonly NewOrder[], at: Date): Promise<void>;
  /** The caller's parcels among `numbers` (another account's answer as missing). */
  findParcels(accountId: number, numbers: readonly string[]): Promise<StoredParcel[]>;
}
