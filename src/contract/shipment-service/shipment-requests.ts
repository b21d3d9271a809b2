// Every request resource of the Shipment Service V3.5 specification ("Resources and their fields"),
// field by field in specification order. This is the one field list: types, decoding and the SOAP
// schema are derived from it.
import {
  array,
  boolean,
  decimal,
  double,
  int,
  long,
  object,
  personal,
  required,
  soapOnly,
  string,
  type,
  type Infer,
} from '../schema/model.ts';

const text = (maxLength: number) => string({ maxLength });

/** What a two-letter code's pattern takes, in each message language (the {format} of its message). */
const TWO_LETTERS = { en_US: 'two letters', nl_NL: 'twee letters' } as const;

const soapText = () => soapOnly(string());

/** printOptions.printer (SOAP schema only). */
export const Printer = type('printer', {
  manufacturer: string(),
  model: string(),
  revision: string(),
  offsetX: required(decimal()),
  offsetY: required(decimal()),
  connectionType: required(string()),
  barcodeCapable2D: required(boolean()),
});

/** printOptions: output format of the labels. Without it labels are PDF A6 (docs/decisions.md "Operations"). */
export const PrintOptions = type('printOptions', {
  printerLanguage: required(string({ enum: ['PDF', 'ZPL'] })),
  paperFormat: required(string({ enum: ['A4', 'A6', 'A7'] })),
  dropOffType: string({ enum: ['BOTH', 'QR_CODE', 'FULL_LABEL'] }),
  printer: soapOnly(object(Printer)),
  startPosition: string({ enum: ['UPPER_LEFT', 'UPPER_RIGHT', 'LOWER_LEFT', 'LOWER_RIGHT'] }),
  printerResolution: double({ enum: [203, 300, 600], codes: { enum: 'error_invalid_printer_resolution' } }),
  isELabel: soapOnly(boolean()),
});

const addressFields = {
  name1: required(personal(text(35))),
  name2: personal(text(35)),
  street: required(personal(text(35))),
  houseNo: personal(string({ maxLength: 8, acceptNumber: true })),
  street2: personal(text(35)),
  state: string({ length: 2, upperCase: true, pattern: /^[A-Z]{2}$/, patternText: TWO_LETTERS }),
  country: required(string({ length: 2, upperCase: true, pattern: /^[A-Z]{2}$/, patternText: TWO_LETTERS })),
  zipCode: required(
    string({
      maxLength: 9,
      pattern: /^[0-9A-Za-z]+$/,
      patternText: { en_US: 'letters and digits only, without spaces or dashes', nl_NL: 'letters en cijfers, zonder spaties of streepjes' },
      codes: { pattern: 'error_invalid_zip_format' },
    }),
  ),
  city: required(text(35)),
  gln: soapOnly(long()),
  customerNumber: soapText(),
  type: string({ maxLength: 1, enum: ['B', 'P'] }),
  contact: personal(text(35)),
  phone: personal(text(30)),
  fax: personal(soapText()),
  email: personal(text(50)),
  comment: personal(text(70)),
  iaccount: soapText(),
  idDocType: soapText(),
  idDocNumber: personal(soapText()),
  webSite: soapText(),
  referenceNumber: soapText(),
  eoriNumber: personal(text(20)),
  vatNumber: personal(text(20)),
  destinationCountryRegistration: personal(text(15)),
} as const;

/** address: sender, recipient, senderMaskingAddress, invoice consignee/consignor, invoiceAddress, returnAddress. */
export const Address = type('address', addressFields);

/** collectionRequestAddress: an address whose e-mail is at most 40 characters. */
export const CollectionRequestAddress = type('collectionRequestAddress', { ...addressFields, email: personal(text(40)) });

/** The values of `product` (spec "Products and services"; both Express value sets). */
export const PRODUCT_CODES: readonly string[] = Object.freeze([
  'B2B',
  'B2C',
  'PL',
  'E830',
  'E10',
  'E12',
  'PM2',
  'AM0',
  'AM1',
  'AM2',
  'B2BTyre',
  'B2CTyre',
  'PSD',
  'RET',
]);

/** generalShipmentData: who sends what to whom. */
export const GeneralShipmentData = type('generalShipmentData', {
  mpsId: soapText(),
  cUser: soapText(),
  mpsCustomerReferenceNumber1: personal(text(35)),
  mpsCustomerReferenceNumber2: personal(text(35)),
  mpsCustomerReferenceNumber3: personal(text(35)),
  mpsCustomerReferenceNumber4: personal(text(35)),
  identificationNumber: soapText(),
  sendingDepot: required(
    string({ length: 4, pattern: /^[0-9A-Za-z]{4}$/, patternText: { en_US: 'letters and digits', nl_NL: 'letters en cijfers' } }),
  ),
  product: required(string({ enum: PRODUCT_CODES, codes: { enum: 'error_invalid_product' } })),
  mpsCompleteDelivery: soapOnly(boolean()),
  mpsCompleteDeliveryLabel: soapOnly(boolean()),
  mpsVolume: soapOnly(long()),
  mpsWeight: soapOnly(long()),
  mpsExpectedSendingDate: soapText(),
  mpsExpectedSendingTime: soapText(),
  sender: required(object(Address)),
  senderMaskingAddress: object(Address),
  recipient: required(object(Address)),
});

/** higherInsurance of a parcel. */
export const HigherInsurance = type('higherInsurance', {
  amount: required(long({ min: 0, max: 99999999 })),
  currency: required(string({ length: 3, upperCase: true })),
});

/** cod (cash on delivery) of a parcel. */
export const Cod = type('cod', {
  amount: required(long({ min: 0, max: 99999999 })),
  currency: required(string({ length: 3, upperCase: true })),
  inkasso: required(int()),
  purpose: personal(string()),
  bankCode: string(),
  bankName: string(),
  bankAccountNumber: personal(string()),
  bankAccountHolder: personal(string()),
  iban: personal(string()),
  bic: personal(string()),
});

/** One line of the commercial invoice. */
export const CommercialInvoiceLine = type('commercialInvoiceLine', {
  customsTarif: required(text(8)),
  receiverCustomsTarif: required(text(8)),
  productCode: text(255),
  content: required(text(200)),
  grossWeight: required(int({ min: 1, max: 3150, codes: { max: 'error_parcel_exceeds_maximum_allowed_weight' } })),
  itemsNumber: required(int({ min: 1, max: 9999 })),
  amountLine: required(long({ min: 0, max: 99999999 })),
  customsOrigin: required(string({ length: 2, upperCase: true, pattern: /^[A-Z]{2}$/, patternText: TWO_LETTERS })),
  invoicePosition: text(6),
});

/** international: customs data, required when the shipment crosses the EU customs border. */
export const International = type('international', {
  parcelType: required(boolean()),
  customsAmount: required(long({ min: 0, max: 99999999 })),
  customsCurrency: required(string({ length: 3, upperCase: true })),
  customsAmountEx: required(long({ min: 0, max: 99999999 })),
  customsCurrencyEx: required(string({ length: 3, upperCase: true })),
  clearanceCleared: required(string({ length: 1, enum: ['N'] })),
  prealertStatus: required(string({ length: 3, enum: ['S03'] })),
  exportReason: required(string({ length: 2, enum: ['01', '02', '03'] })),
  customsTerms: required(string({ length: 2, enum: ['01', '02', '03', '05', '06', '07'] })),
  customsContent: required(text(35)),
  customsPaper: string({
    maxLength: 20,
    pattern: /^[A-I]+$/,
    patternText: { en_US: 'letters A to I without separators', nl_NL: 'de letters A tot en met I zonder scheidingstekens' },
  }),
  customsEnclosure: boolean(),
  customsInvoice: required(text(20)),
  customsInvoiceDate: required(int({ acceptDigitString: true })),
  customsAmountParcel: long({ min: 0, max: 99999999 }),
  linehaul: string({ length: 2, enum: ['AI', 'RO'] }),
  shipMrn: text(20),
  collectiveCustomsClearance: boolean(),
  comment1: personal(text(70)),
  comment2: personal(text(70)),
  commercialInvoiceConsigneeVatNumber: personal(text(20)),
  commercialInvoiceConsignee: required(object(Address)),
  commercialInvoiceConsignor: required(object(Address)),
  commercialInvoiceLine: required(array(object(CommercialInvoiceLine), { minItems: 1 })),
});

/** One hazardous-goods entry of a parcel. */
export const Hazardous = type('hazardous', {
  identificationUnNo: required(string()),
  identificationClass: required(string()),
  packingCode: required(string()),
  description: required(string()),
  hazardousWeight: required(decimal({ min: 0 })),
  factor: required(int()),
  classificationCode: string(),
  packingGroup: string(),
  subsidiaryRisk: string(),
  tunnelRestrictionCode: string(),
  notOtherwiseSpecified: string(),
  netWeight: decimal({ min: 0 }),
});

/** parcel: one element of `parcels`. */
export const Parcel = type('parcel', {
  parcelLabelNumber: soapText(),
  customerReferenceNumber1: personal(text(35)),
  customerReferenceNumber2: personal(text(35)),
  customerReferenceNumber3: personal(text(35)),
  customerReferenceNumber4: personal(text(35)),
  swap: soapOnly(boolean()),
  volume: int({
    min: 0,
    max: 999999999,
    acceptDigitString: true,
    maxDigits: 9,
    codes: { max: 'error_invalid_volume', maxDigits: 'error_invalid_volume', min: 'error_invalid_volume' },
  }),
  weight: required(int({ min: 1, max: 3150, codes: { max: 'error_parcel_exceeds_maximum_allowed_weight' } })),
  international: object(International),
  hazardousLimitedQuantities: soapOnly(boolean()),
  higherInsurance: object(HigherInsurance),
  content: soapText(),
  addService: soapOnly(int()),
  messageNumber: soapOnly(int()),
  function: soapText(),
  parameter: soapText(),
  cod: object(Cod),
  hazardous: array(object(Hazardous), { maxItems: 4 }),
  printInfo1OnParcelLabel: boolean(),
  info1: personal(text(30)),
  info2: personal(soapText()),
  returns: boolean(),
  customsTransportCost: soapOnly(long()),
  customsTransportCostCurrency: soapText(),
  goodsExpirationDate: soapOnly(int()),
  goodsMinimumStorageTemperature: soapOnly(int()),
  goodsMaximumStorageTemperature: soapOnly(int()),
  goodsDescription: soapText(),
});

/** notification: predict, personalDeliveryNotification and parcelShopNotification. */
export const Notification = type('notification', {
  channel: required(int({ enum: [1, 2, 3], codes: { enum: 'error_invalid_notification_channel' } })),
  value: required(personal(text(50))),
  language: required(string({ length: 2, pattern: /^[A-Za-z]{2}$/, patternText: TWO_LETTERS })),
});

/** proactiveNotification: one of up to five messages. */
export const ProactiveNotification = type('proactiveNotification', {
  channel: required(int({ enum: [1, 2, 3], codes: { enum: 'error_invalid_notification_channel' } })),
  value: required(personal(text(50))),
  rule: required(int({ min: 0 })),
  language: required(string({ length: 2, pattern: /^[A-Za-z]{2}$/, patternText: TWO_LETTERS })),
});

/** personalDelivery: delivery in person. The spec gives its schema types; its values are "not shown". */
export const PersonalDelivery = type('personalDelivery', {
  type: required(int()),
  floor: string(),
  building: string(),
  department: string(),
  name: personal(string()),
  phone: personal(string()),
  personId: personal(string()),
});

/** A time of day hhmm (2400 ends a window); pickups and shops' opening hours. */
export const hhmm = () => int({ min: 0, max: 2400, acceptDigitString: true });

/** pickup: pickup orders and collection requests. */
export const Pickup = type('pickup', {
  tour: soapOnly(int()),
  quantity: required(int({ min: 1, max: 99999 })),
  date: required(int({ acceptDigitString: true })),
  day: required(int({ min: 0, max: 6 })),
  fromTime1: hhmm(),
  toTime1: hhmm(),
  fromTime2: hhmm(),
  toTime2: hhmm(),
  extraPickup: soapOnly(boolean()),
  collectionRequestAddress: object(CollectionRequestAddress),
});

/** parcelShopDelivery: delivery to a parcel shop (product PSD). */
export const ParcelShopDelivery = type('parcelShopDelivery', {
  parcelShopId: required(
    string({ maxLength: 9, acceptNumber: true, pattern: /^[0-9]+$/, patternText: { en_US: 'digits only', nl_NL: 'cijfers' } }),
  ),
  parcelShopNotification: required(object(Notification)),
});

/** delivery: requested delivery window. The spec gives its schema types; its values are "not shown". */
export const Delivery = type('delivery', {
  day: string(),
  dateFrom: int(),
  dateTo: int(),
  timeFrom: int(),
  timeTo: int(),
});

/** productAndServiceData: what kind of order and which services. */
export const ProductAndServiceData = type('productAndServiceData', {
  orderType: required(
    string({ enum: ['consignment', 'collection request order', 'pickup information'], codes: { enum: 'error_invalid_order_type' } }),
  ),
  pickup: object(Pickup),
  saturdayDelivery: boolean(),
  ageCheck: boolean(),
  exWorksDelivery: soapOnly(boolean()),
  guarantee: soapOnly(boolean()),
  tyres: soapOnly(boolean()),
  personalDelivery: object(PersonalDelivery),
  parcelShopDelivery: object(ParcelShopDelivery),
  predict: object(Notification),
  personalDeliveryNotification: soapOnly(object(Notification)),
  proactiveNotification: array(object(ProactiveNotification), { maxItems: 5 }),
  delivery: object(Delivery),
  invoiceAddress: soapOnly(object(Address)),
  countrySpecificService: soapText(),
  returnAddress: soapOnly(object(Address)),
});

/**
 * Parcels one order can hold whatever the operator allows (`maxParcelsPerOrder`, default 100): a longer
 * list is refused before any parcel of it is read, so a request body full of parcels costs no decoding.
 */
export const MAX_PARCELS_PER_ORDER = 1000;

/** order: one shipment (or pickup order, or collection request). */
export const Order = type('order', {
  generalShipmentData: required(object(GeneralShipmentData)),
  parcels: array(object(Parcel), { maxItems: MAX_PARCELS_PER_ORDER, codes: { maxItems: 'error_too_many_parcels' } }),
  productAndServiceData: required(object(ProductAndServiceData)),
});

/** storeOrders / validateOrders body (same shape for both). */
export const StoreOrders = type('storeOrders', {
  printOptions: object(PrintOptions),
  order: required(
    array(object(Order), { minItems: 1, maxItems: 30, codes: { maxItems: 'error_too_many_orders', minItems: 'error_no_orders' } }),
  ),
  isLastRequest: soapOnly(boolean()),
});

// Each number is checked by the operation, so that a malformed one fails its own entry only
// (exportOrders: "one orderResult entry per requested number"); 64 bounds the input.
const parcelLabelNumber = string({ maxLength: 64 });

/** exportOrders body: the parcel label numbers whose data is to be transferred. */
export const ExportOrders = type('exportOrders', {
  parcelLabelNumber: required(array(parcelLabelNumber, { minItems: 1, maxItems: 1000 })),
});

/** deleteOrders body. */
export const DeleteOrders = type('deleteOrders', {
  parcelLabelNumber: required(array(parcelLabelNumber, { minItems: 1, maxItems: 1000 })),
});

/** startOrdersConsolidation body: the day (YYYYMMDD) to close. */
export const StartOrdersConsolidation = type('startOrdersConsolidation', {
  consolidationDate: required(int({ acceptDigitString: true })),
});

/** getAvailableProductsAndServices body: empty. */
export const GetAvailableProductsAndServices = type('getAvailableProductsAndServices', {});

export type PrintOptionsData = Infer<typeof PrintOptions>;

export type AddressData = Infer<typeof Address>;

export type ParcelData = Infer<typeof Parcel>;

export type InternationalData = Infer<typeof International>;

export type OrderData = Infer<typeof Order>;

export type ProductAndServiceDataData = Infer<typeof ProductAndServiceData>;

export type PickupData = Infer<typeof Pickup>;

export type StoreOrdersData = Infer<typeof StoreOrders>;

export type ExportOrdersData = Infer<typeof ExportOrders>;

export type DeleteOrdersData = Infer<typeof DeleteOrders>;

export type StartOrdersConsolidationData = Infer<typeof StartOrdersConsolidation>;
