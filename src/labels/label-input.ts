// What the domain hands to the label renderers: one entry per parcel, every value already decided
// (service code, printed sender, dates). The renderers compute the printed layout from it.

/** An address as printed on a label. */
export interface LabelAddress {
  readonly name1: string;
  readonly name2?: string;
  readonly street: string;
  readonly houseNo?: string;
  readonly street2?: string;
  readonly state?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  readonly zipCode: string;
  readonly city: string;
  readonly contact?: string;
  readonly phone?: string;
}

/** One parcel's label. */
export interface LabelParcel {
  /** 14 digits: 4-digit sending depot + 10-digit serial. */
  readonly parcelLabelNumber: string;
  /** Position of the parcel in its order (1-based) and the order's parcel count ("1/3"). */
  readonly sequence: number;
  readonly count: number;
  /**
   * The printed sender (FROM): on an outbound parcel the senderMaskingAddress when given, else the order's
   * sender; on a return parcel the order's recipient.
   */
  readonly sender: LabelAddress;
  /**
   * Where the parcel goes (TO; its routing and sort barcode): the order's recipient, or on a return parcel
   * the order's sender (spec "parcel": "the system reverses them").
   */
  readonly recipient: LabelAddress;
  /** Shown on the label (spec: mpsCustomerReferenceNumber1/2 and customerReferenceNumber1/2). */
  readonly references: readonly string[];
  /** Decagrams (300 = 3 kg); undefined for a parcel sent without one (ShipmentService 3.3): no weight is printed. */
  readonly weight?: number;
  /** The order's product as sent (B2B, B2C, PL, E830, AM0, ...). */
  readonly product: string;
  /** Three-digit service code from the product table (e.g. "101"). */
  readonly serviceCode: string;
  /** Short service text from the product table (e.g. "Business", "Home Saturday"). */
  readonly serviceText: string;
  readonly sendingDepot: string;
  /** Shipping date, YYYY-MM-DD in the service's time zone. */
  readonly date: string;
  readonly returns: boolean;
  /**
   * The parcel shop a shop delivery goes to (spec productAndServiceData.parcelShopDelivery.parcelShopId);
   * absent on return parcels, which go to the customer.
   */
  readonly parcelShopId?: string;
  /** Printed when the parcel asks for it (printInfo1OnParcelLabel). */
  readonly info1?: string;
  /** The mpsId of the parcel's order. */
  readonly mpsId: string;
}

/** One label request: the parcels in request order and how to print them. */
export interface LabelJob {
  readonly parcels: readonly LabelParcel[];
  readonly printerLanguage: 'PDF' | 'ZPL';
  readonly paperFormat: 'A4' | 'A6' | 'A7';
  readonly startPosition?: 'UPPER_LEFT' | 'UPPER_RIGHT' | 'LOWER_LEFT' | 'LOWER_RIGHT';
  /** ZPL printer resolution in dpi; default 203. */
  readonly printerResolution?: 203 | 300 | 600;
  /** Stage labels carry a visible "not valid for shipping" mark. */
  readonly stage: boolean;
}
