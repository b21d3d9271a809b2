// ShipmentService V3_3, the version before 3.5 that deployed clients still call, as the carrier's
// `ShipmentServiceV33.xsd` differs from 3.5: declared as edits of the 3.5 model (contract/schema/variant.ts),
// never as a second field list. Requests are read by the same decoder and rules, answered by the same
// domain; docs/decisions.md ("ShipmentService 3.3") lists what differs and why.
import { FaultEntry } from './shipment-results.ts';
import { qualifiedCopyOf, type OperationVariant } from '../schema/variant.ts';

/**
 * storeOrders in 3.3: no e-label (`dropOffType`, `isELabel`, `parcellabelsPNG_qr`), no masking address,
 * no age check or return address, no goods fields on the parcel, no `isLastRequest`; the parcel type is
 * `parcels`, the invoice line `internationalLine`; the answer is qualified throughout, its parcel
 * reference element is the carrier's `dpdReference` and its result type `StoreOrdersResponseDto33`.
 */
export const STORE_ORDERS_V33: OperationVariant = Object.freeze({
  summary:
    'storeOrders in the 3.3 schema (namespace `…/ShipmentService/3.3`): no e-label, masking address or age check; `dpdReference` in SOAP. Same store, same numbers.',
  request: {
    storeOrders: { omit: ['isLastRequest'] },
    printOptions: { omit: ['dropOffType', 'isELabel'] },
    generalShipmentData: { omit: ['senderMaskingAddress'] },
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
});

/** The `faults` fault detail of 3.3: its children are qualified (the schema's elementFormDefault). */
export const FaultEntryV33 = qualifiedCopyOf(FaultEntry);
