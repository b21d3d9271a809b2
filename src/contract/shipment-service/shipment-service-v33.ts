// ShipmentService V3_3, the version before 3.5 that deployed clients still call, as the carrier's
// `ShipmentServiceV33.xsd` differs from 3.5: declared as edits of the 3.5 model (contract/schema/variant.ts),
// never as a second field list. Requests are read by the same decoder and rules, answered by the same
// domain; docs/decisions.md ("ShipmentService 3.3") lists what differs and why.
import { required, string } from '../schema/model.ts';
import { PRODUCT_CODES } from './shipment-requests.ts';
import { FaultEntry } from './shipment-results.ts';
import { qualifiedCopyOf, type OperationVariant } from '../schema/variant.ts';

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

interface OrderValue {
  readonly generalShipmentData?: { readonly product?: unknown; readonly recipient?: { readonly type?: unknown } };
}

/** A decoded 3.3 storeOrders request with its orders' 3.3 product codes as the 3.5 products they stand for. */
function upgradeStoreOrders(value: unknown): unknown {
  const request = value as { readonly order?: unknown };
  if (!Array.isArray(request.order)) return value;
  const orders = request.order as ReadonlyArray<OrderValue | undefined>;
  const order = orders.map((entry) => {
    const gsd = entry?.generalShipmentData;
    const product = typeof gsd?.product === 'string' && Object.hasOwn(V33_PRODUCTS, gsd.product) ? V33_PRODUCTS[gsd.product] : undefined;
    return product === undefined ? entry : { ...entry, generalShipmentData: { ...gsd, product: product(gsd?.recipient?.type) } };
  });
  return { ...request, order };
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
    parcel: {
      name: 'parcels',
      omit: ['goodsExpirationDate', 'goodsMinimumStorageTemperature', 'goodsMaximumStorageTemperature', 'goodsDescription'],
    },
    commercialInvoiceLine: { name: 'internationalLine' },
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
