// ShipmentService V3_3, the version before 3.5 that deployed clients still call, as the carrier's
// `ShipmentServiceV33.xsd` differs from 3.5: declared as edits of the 3.5 model (contract/schema/variant.ts),
// never as a second field list. Requests are read by the same decoder and rules, answered by the same
// domain; docs/decisions.md ("ShipmentService 3.3") lists what differs and why.
import { optional } from '../schema/variant.ts';
import { required, string } from '../schema/model.ts';
import { CommercialInvoiceLine, International, Notification, Order, Parcel, PRODUCT_CODES } from './shipment-requests.ts';
import { FaultEntry } from './shipment-results.ts';
import { qualifiedCopyOf, variantOf, type OperationVariant } from '../schema/variant.ts';

/**
 * The product codes of 3.3's generation that deployed clients send (an open-source connector's default
 * `CL`, and its express `E18`), each as the 3.5 product it stands for; 3.3 takes 3.5's codes too.
 * `CL` (the carrier's classic parcel) is our table's B2B, or B2C for a private recipient (`type` P);
 * `E18` (express by 18:00, guaranteed) is PM2, the guaranteed next-business-day express. `E10` and
 * `E12` are 3.5 codes already (docs/decisions.md, "ShipmentService 3.3").
 */
export const V33_PRODUCTS: Readonly<Record<string, (recipientType: unknown) => string>> = Object.freeze({
  CL: (recipientType) => (recipientType === 'P' ? 'B2C' : 'B2B'),
  E18: () => 'PM2',
});

type Value = Readonly<Record<string, unknown>>;

interface OrderValue {
  readonly generalShipmentData?: {
    readonly product?: unknown;
    readonly recipient?: { readonly type?: unknown; readonly country?: unknown };
  };
  readonly parcels?: unknown;
  readonly productAndServiceData?: Value & { readonly parcelShopDelivery?: unknown };
}

const isObject = (value: unknown): value is Value => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A parcel's customs data with the fields 3.3 makes optional and 3.5 allows one value for, as that
 * value (`clearanceCleared` N, `prealertStatus` S03).
 */
function upgradeParcel(parcel: unknown): unknown {
  if (!isObject(parcel) || !isObject(parcel.international)) return parcel;
  const { clearanceCleared = 'N', prealertStatus = 'S03' } = parcel.international;
  return { ...parcel, international: { ...parcel.international, clearanceCleared, prealertStatus } };
}

/** A notification without `language` (3.3 makes it optional) in the recipient's country, which `language` takes. */
function withLanguage(notification: unknown, country: unknown): unknown {
  if (!isObject(notification) || notification.language !== undefined || typeof country !== 'string') return notification;
  return { ...notification, language: country };
}

/** A 3.3 order as a 3.5 one: its product code, customs values and notification languages (docs/decisions.md). */
function upgradeOrder(entry: OrderValue | undefined): OrderValue | undefined {
  if (entry === undefined) return entry;
  const gsd = entry.generalShipmentData;
  const product = typeof gsd?.product === 'string' && Object.hasOwn(V33_PRODUCTS, gsd.product) ? V33_PRODUCTS[gsd.product] : undefined;
  const country = gsd?.recipient?.country;
  const psd = entry.productAndServiceData;
  const shop = psd?.parcelShopDelivery;
  return {
    ...entry,
    ...(product === undefined ? {} : { generalShipmentData: { ...gsd, product: product(gsd?.recipient?.type) } }),
    ...(Array.isArray(entry.parcels) ? { parcels: entry.parcels.map(upgradeParcel) } : {}),
    ...(psd === undefined
      ? {}
      : {
          productAndServiceData: {
            ...psd,
            ...(psd.predict === undefined ? {} : { predict: withLanguage(psd.predict, country) }),
            ...(psd.personalDeliveryNotification === undefined
              ? {}
              : { personalDeliveryNotification: withLanguage(psd.personalDeliveryNotification, country) }),
            ...(isObject(shop)
              ? { parcelShopDelivery: { ...shop, parcelShopNotification: withLanguage(shop.parcelShopNotification, country) } }
              : {}),
          },
        }),
  };
}

/** A decoded 3.3 storeOrders request as a 3.5 one (parcels without a weight stay without: store-orders.ts). */
function upgradeStoreOrders(value: unknown): unknown {
  const request = value as { readonly order?: unknown };
  if (!Array.isArray(request.order)) return value;
  return { ...request, order: (request.order as ReadonlyArray<OrderValue | undefined>).map(upgradeOrder) };
}

/**
 * storeOrders in 3.3: no e-label (`dropOffType`, `isELabel`, `parcellabelsPNG_qr`), no masking address,
 * no age check or return address, no goods fields on the parcel, no `isLastRequest`; `product` takes
 * its generation's codes too (V33_PRODUCTS); the parcel type is
 * `parcels`, the invoice line `internationalLine`; the answer is qualified throughout, its parcel
 * reference element is the carrier's `dpdReference` and its result type `StoreOrdersResponseDto33`.
 */
export const STORE_ORDERS_V33: OperationVariant = Object.freeze({
  summary:
    'storeOrders in the 3.3 schema (namespace `…/ShipmentService/3.3`): no e-label, masking address or age check; `dpdReference` in SOAP. Same store, same numbers.',
  request: {
    storeOrders: { omit: ['isLastRequest'] },
    printOptions: { omit: ['dropOffType', 'isELabel'] },
    generalShipmentData: {
      omit: ['senderMaskingAddress'],
      fields: {
        product: required(string({ enum: [...PRODUCT_CODES, ...Object.keys(V33_PRODUCTS)], codes: { enum: 'error_invalid_product' } })),
      },
    },
    // The fields the 3.3 schema makes optional that 3.5 requires (docs/decisions.md, "ShipmentService 3.3: fields its schema makes optional").
    parcel: {
      name: 'parcels',
      omit: ['goodsExpirationDate', 'goodsMinimumStorageTemperature', 'goodsMaximumStorageTemperature', 'goodsDescription'],
      fields: { weight: optional(Parcel.fields.weight) },
    },
    international: {
      fields: {
        clearanceCleared: optional(International.fields.clearanceCleared),
        prealertStatus: optional(International.fields.prealertStatus),
      },
    },
    commercialInvoiceLine: { name: 'internationalLine', fields: { customsOrigin: optional(CommercialInvoiceLine.fields.customsOrigin) } },
    notification: { fields: { language: optional(Notification.fields.language) } },
    productAndServiceData: { omit: ['ageCheck', 'returnAddress'] },
  },
  response: {
    storeOrdersResult: { name: 'StoreOrdersResponseDto33', omit: ['parcellabelsPNG_qr'] },
    parcelInformation: { xmlNames: { carrierReference: 'dpdReference' } },
  },
  qualifiedResponse: true,
  upgradeRequest: upgradeStoreOrders,
});

/** The `faults` fault detail of 3.3: its children are qualified (the schema's elementFormDefault). */
export const FaultEntryV33 = qualifiedCopyOf(FaultEntry);

/**
 * An order as stored, as ConsoleService getParcelData answers it: a 3.5 order, or a 3.3 one, whose
 * parcels may have no weight and whose invoice lines no `customsOrigin` (the other fields 3.3 may leave
 * out are stored as the values they stand for: upgradeStoreOrders).
 */
export const StoredOrder = variantOf(Order, {
  parcel: { fields: { weight: optional(Parcel.fields.weight) } },
  commercialInvoiceLine: { fields: { customsOrigin: optional(CommercialInvoiceLine.fields.customsOrigin) } },
});
