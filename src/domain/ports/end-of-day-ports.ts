// What EndOfDayService reads: the account's parcels whose data was transferred to the carrier within a
// period, with their orders as stored, for the manifest.

/** A parcel on a manifest, as stored. */
export interface TransferredParcel {
  readonly parcelLabelNumber: string;
  readonly orderId: number;
  /** Its order's mpsId. */
  readonly mpsId?: string;
  /** 0-based position in its order. */
  readonly position: number;
  readonly returns: boolean;
  /** Decagrams; undefined when it was sent without a weight (ShipmentService 3.3). */
  readonly weight?: number;
  readonly serviceCode: string;
  /** Its order's product and sending depot. */
  readonly product: string;
  readonly sendingDepot: string;
  readonly transferredAt: Date;
  /** Its order as stored (JSON value). */
  readonly order: unknown;
}

export interface ManifestReader {
  /**
   * The account's consignment parcels transferred at or after `from` and before `to` whose data is
   * kept (deleted and expired ones are left out), in the order they were transferred; at most `limit`.
   */
  transferredParcels(accountId: number, from: Date, to: Date, limit: number): Promise<TransferredParcel[]>;
}
