// What ConsoleService reads of an account's parcels: lists with filters and pages, and one parcel with
// its order as stored.
import type { ParcelState, StoredParcel } from './shipment-ports.ts';

/** What findParcels asks for: filters and a page, newest first. */
export interface ParcelQuery {
  readonly state?: ParcelState;
  /**
   * With `state`: parcels whose stored state is behind their journey's (time moved them on, on stage):
   * `plus` are in `state` by their journey though not stored so, `minus` are stored so but no longer in it.
   */
  readonly journeyStates?: { readonly plus: readonly string[]; readonly minus: readonly string[] };
  /** Ship dates from and to, YYYYMMDD, both included. */
  readonly shipDateFrom?: number;
  readonly shipDateTo?: number;
  /** Only this parcel label number. */
  readonly parcelLabelNumber?: string;
  /** Only parcels with this reference (its referenceKey). */
  readonly reference?: string;
  /** Only parcels listed after this one (keyset paging). */
  readonly after?: string;
  readonly limit: number;
}

/** A parcel as the console reads it: the stored parcel, its order's fields and documents. */
export interface ParcelRecord extends StoredParcel {
  readonly product: string;
  readonly mpsId?: string;
  /** 0-based position in its order. */
  readonly position: number;
  readonly returns: boolean;
  /** Decagrams; undefined for a parcel sent without one (ShipmentService 3.3). */
  readonly weight?: number;
  readonly serviceCode: string;
  /** The order as stored (JSON value); undefined once deleted or expired. */
  readonly order?: unknown;
  /** The print options its labels were made with (JSON value); undefined when stored before they were kept. */
  readonly printOptions?: unknown;
}

/** A parcel of an order, as numbered when stored (reprints number the labels as the first print did). */
export interface OrderParcel {
  readonly parcelLabelNumber: string;
  readonly position: number;
  readonly returns: boolean;
  /** Decagrams; undefined for a parcel sent without one. */
  readonly weight?: number;
  readonly serviceCode: string;
}

/** Reads an account's parcels for ConsoleService. A collection request's parcels are never listed. */
export interface ParcelReader {
  /** The account's parcels matching `query`, newest first; `more` when older ones match too. */
  listParcels(accountId: number, query: ParcelQuery): Promise<{ parcels: ParcelRecord[]; more: boolean }>;
  /** One of the account's parcels and every parcel of its order (by position); undefined when not the account's. */
  readParcel(accountId: number, parcelLabelNumber: string): Promise<{ parcel: ParcelRecord; orderParcels: OrderParcel[] } | undefined>;
}
