// What the domain hands to the manifest renderer (EndOfDayService endOfDay): the shipper, the period
// and one entry per parcel, every value already decided. The renderer groups, counts and prints them.

/** One parcel on the manifest. */
export interface ManifestParcel {
  /** 14 digits. */
  readonly parcelLabelNumber: string;
  /** The order it belongs to (its mpsId): the manifest counts orders by it. */
  readonly order: string;
  /** The first reference its label prints, if any. */
  readonly reference?: string;
  readonly receiverName: string;
  readonly zipCode: string;
  readonly city: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The order's product as sent (B2B, CL, …): the manifest groups by it. */
  readonly product: string;
  /** Three digits. */
  readonly serviceCode: string;
  /** Decagrams; undefined for a parcel sent without a weight (ShipmentService 3.3). */
  readonly weight?: number;
  /** Cash on delivery, when the parcel asks for it: the amount in cents and its currency. */
  readonly cod?: { readonly amount: number; readonly currency: string };
  /** A return parcel. */
  readonly returns: boolean;
}

/** The period a manifest covers, as asked: YYYYMMDD and hhmm in `timeZone`. */
export interface ManifestPeriod {
  readonly dateFrom: number;
  readonly timeFrom: number;
  readonly dateTo: number;
  readonly timeTo: number;
  readonly timeZone: string;
}

/** One manifest. */
export interface ManifestJob {
  /** The shipper's name and address lines (the sender of the period's first order). */
  readonly shipper: { readonly name: string; readonly address: readonly string[] };
  readonly delisId: string;
  /** The sending depots of the period's parcels (the account's own when there are none). */
  readonly depots: readonly string[];
  readonly period: ManifestPeriod;
  /** When it was made, `YYYY-MM-DD hh:mm` in the period's time zone. */
  readonly madeAt: string;
  /** In the order they were transferred. */
  readonly parcels: readonly ManifestParcel[];
  /** Stage manifests carry the "not valid for shipping" mark, as stage labels do. */
  readonly stage: boolean;
}
