// Builds what the label renderers print from an order as stored: one pure function for storeOrders
// and for any later reprint of the same labels.
import type { AddressData, OrderData, ParcelData, PrintOptionsData } from '../../contract/shipment-service/shipment-requests.ts';
import type { LabelAddress, LabelJob, LabelParcel } from '../../labels/label-input.ts';

/** A labelled parcel of an order, as numbered and coded when it was stored. */
export interface NumberedParcel {
  readonly parcelLabelNumber: string;
  /** 0-based position in the order's parcels. */
  readonly position: number;
  readonly returns: boolean;
  /** Decagrams. */
  readonly weight: number;
  readonly serviceCode: string;
  /** The short service text of the product table for serviceCode. */
  readonly serviceText: string;
}

/** Without `printOptions`, labels are PDF A6 (docs/decisions.md "Operations"). */
export const DEFAULT_PRINT_OPTIONS = Object.freeze({ printerLanguage: 'PDF', paperFormat: 'A6' } as const);

function labelAddress(address: AddressData): LabelAddress {
  const { name1, name2, street, houseNo, street2, state, country, zipCode, city, contact, phone } = address;
  return { name1, name2, street, houseNo, street2, state, country, zipCode, city, contact, phone };
}

const compact = (values: ReadonlyArray<string | undefined>) => values.filter((v): v is string => v !== undefined);

/** The references a parcel's label prints, in order: its order's first two, then its own first two (spec "generalShipmentData", "parcel"). */
export function labelReferencesOf(order: OrderData, parcel: Partial<ParcelData>): string[] {
  const gsd = order.generalShipmentData;
  return compact([
    gsd.mpsCustomerReferenceNumber1,
    gsd.mpsCustomerReferenceNumber2,
    parcel.customerReferenceNumber1,
    parcel.customerReferenceNumber2,
  ]);
}

/** `YYYY-MM-DD` of a YYYYMMDD date. */
const isoDateOf = (date: number) => `${String(date).slice(0, 4)}-${String(date).slice(4, 6)}-${String(date).slice(6, 8)}`;

/**
 * The labels of a consignment's parcels, in order: `shipDate` (YYYYMMDD in the service's time zone)
 * and the order's `mpsId` as stored with it.
 */
export function labelParcelsOf(order: OrderData, parcels: readonly NumberedParcel[], shipDate: number, mpsId: string): LabelParcel[] {
  const gsd = order.generalShipmentData;
  const printedSender = labelAddress(gsd.senderMaskingAddress ?? gsd.sender);
  const recipient = labelAddress(gsd.recipient);
  // A return parcel travels back (spec "parcel": the caller does not swap sender and recipient, "the
  // system reverses them"): from the order's recipient to the customer's own address, never the masking
  // address (docs/decisions.md "Labels").
  const customer = labelAddress(gsd.sender);
  const date = isoDateOf(shipDate);
  return parcels.map((parcel) => {
    const data: Partial<ParcelData> = order.parcels?.[parcel.position] ?? {};
    return {
      parcelLabelNumber: parcel.parcelLabelNumber,
      sequence: parcel.position + 1,
      count: parcels.length,
      sender: parcel.returns ? recipient : printedSender,
      recipient: parcel.returns ? customer : recipient,
      references: labelReferencesOf(order, data),
      weight: parcel.weight,
      product: gsd.product,
      serviceCode: parcel.serviceCode,
      serviceText: parcel.serviceText,
      sendingDepot: gsd.sendingDepot,
      date,
      returns: parcel.returns,
      parcelShopId: parcel.returns ? undefined : order.productAndServiceData.parcelShopDelivery?.parcelShopId,
      info1: data.printInfo1OnParcelLabel === true ? data.info1 : undefined,
      mpsId,
    };
  });
}

/** One label request: the parcels and how the request's `printOptions` print them. */
export function labelJobOf(parcels: readonly LabelParcel[], printOptions: PrintOptionsData, stage: boolean): LabelJob {
  return {
    parcels,
    printerLanguage: printOptions.printerLanguage as LabelJob['printerLanguage'],
    paperFormat: printOptions.paperFormat as LabelJob['paperFormat'],
    startPosition: printOptions.startPosition as LabelJob['startPosition'],
    printerResolution: printOptions.printerResolution as LabelJob['printerResolution'],
    stage,
  };
}
