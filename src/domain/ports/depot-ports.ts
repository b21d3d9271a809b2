// The depot directory tracking places its events with: depots by code, one hub per country, and the
// delivery depot of each postcode range. Built in (domain/parcel-life-cycle/built-in-depots.ts) until
// the operator imports one (`parcel-service depots import`); docs/depots.json is the file format.

/** A depot: its 4-character code (as `sendingDepot`), its town and ISO 3166-1 alpha-2 country. */
export interface DepotEntry {
  readonly code: string;
  readonly town: string;
  readonly country: string;
}

/** A country's hub (its parcel dispatch centre): a depot of the directory, or a town of its own. */
export interface HubEntry {
  readonly country: string;
  readonly depot?: string;
  readonly town?: string;
}

/**
 * The delivery depot of a country's postcodes from `from` to `to`: digit strings of one length,
 * compared with as many leading digits of a postcode (spaces and letters left out).
 */
export interface RouteEntry {
  readonly country: string;
  readonly from: string;
  readonly to: string;
  readonly depot: string;
}

/** A whole directory, as imported and as the file holds it (docs/depots.json, `parcel-service-depots/1`). */
export interface DepotDirectoryData {
  readonly depots: readonly DepotEntry[];
  readonly hubs: readonly HubEntry[];
  readonly routes: readonly RouteEntry[];
}

/** Where the operator's directory is kept: one per environment, shared by every account. */
export interface DepotDirectoryStore {
  /** The imported directory; undefined while none was imported (the built-in one applies). */
  readDepotDirectory(): Promise<DepotDirectoryData | undefined>;
  /** Replaces the whole directory in one transaction; undefined goes back to the built-in one. */
  replaceDepotDirectory(directory: DepotDirectoryData | undefined, at: Date): Promise<void>;
}
