// The result resources of the specification ("Result objects"), in the same vocabulary as the
// requests, so the SOAP schema derives from them too.
import { array, binary, boolean, object, required, string, type } from '../schema/model.ts';

/** parcelInformation entry: the parcel's number, or a collection request's reference. */
export const ParcelInformation = type('parcelInformation', {
  parcelLabelNumber: string({ length: 14 }),
  carrierReference: string(),
});

/** faults entry (also the SOAP `faults` fault detail). */
export const FaultEntry = type('faults', {
  faultCode: required(string()),
  message: required(string()),
});

/** shipmentResponses entry. */
export const ShipmentResponse = type('shipmentResponses', {
  identificationNumber: string(),
  mpsId: string({ maxLength: 25 }),
  parcelInformation: array(object(ParcelInformation)),
  faults: array(object(FaultEntry), { maxItems: 3 }),
});

/** storeOrders orderResult. */
export const StoreOrdersResult = type('storeOrdersResult', {
  parcellabelsPDF: binary(),
  parcellabelsPNG_qr: binary(),
  shipmentResponses: array(object(ShipmentResponse)),
});

/** validateOrders message. */
export const ValidationMessage = type('messages', {
  detail: required(string()),
  code: required(string()),
});

/** validateOrders orderResult. */
export const ValidateOrdersResult = type('validateOrdersResult', {
  success: required(boolean()),
  messages: array(object(ValidationMessage)),
});

/** exportOrders orderResult entry: one per requested parcel label number. */
export const ExportOrderResult = type('exportOrderResult', {
  success: required(boolean()),
  message: string(),
  parcelLabelNumber: array(string()),
});

/** exportOrders answer. */
export const ExportOrdersResponse = type('exportOrdersResponse', {
  success: required(boolean()),
  orderResult: array(object(ExportOrderResult)),
});

/** deleteOrders orderResult entry. */
export const DeleteOrderResult = type('deleteOrderResult', {
  success: required(boolean()),
});

/** deleteOrders answer. */
export const DeleteOrdersResponse = type('deleteOrdersResponse', {
  success: required(boolean()),
  orderResult: array(object(DeleteOrderResult)),
});

/** startOrdersConsolidation answer. */
export const StartOrdersConsolidationResponse = type('startOrdersConsolidationResponse', {
  success: required(boolean()),
});

/** A product or additional service of getAvailableProductsAndServices. */
export const ProductOrService = type('productOrService', {
  name: string(),
  description: string(),
  code: string(),
});

/** getAvailableProductsAndServices answer. */
export const GetAvailableProductsAndServicesResponse = type('getAvailableProductsAndServicesResponse', {
  products: array(object(ProductOrService)),
  additionalServices: array(object(ProductOrService)),
});
