// The request examples of the OpenAPI document: the specification's minimum request for storeOrders and
// validateOrders, and a small valid body for every other operation. Typed by the operation table: an
// operation declared without its example here does not compile (test/rest/openapi.test.ts decodes each).
import type { OperationName } from '../../contract/operation-table.ts';

const authentication = { delisId: 'KD123456', authToken: 'the authToken of getAuth', messageLanguage: 'en_US' };

/** Spec "Scenarios" 1: printOptions, one B2B order from NL to NL with one parcel, a consignment. */
const minimumRequest = {
  printOptions: { printerLanguage: 'PDF', paperFormat: 'A6' },
  order: [
    {
      generalShipmentData: {
        sendingDepot: '0522',
        product: 'B2B',
        sender: { name1: 'Sender BV', street: 'Keizersgracht 1', country: 'NL', zipCode: '1015CJ', city: 'Amsterdam' },
        recipient: { name1: 'Receiver BV', street: 'Coolsingel 40', country: 'NL', zipCode: '3011AD', city: 'Rotterdam' },
      },
      parcels: [{ customerReferenceNumber1: 'REF-1', volume: '010020030', weight: 500 }],
      productAndServiceData: { orderType: 'consignment' },
    },
  ],
};

const PARCEL_LABEL_NUMBER = '05229000000018';

/** Each operation's example body, by operation name. */
export const requestExamples = Object.freeze({
  getAuth: { delisId: 'KD123456', password: 'secret-pass', messageLanguage: 'en_US' },
  storeOrders: { authentication, storeOrders: minimumRequest },
  validateOrders: { authentication, validateOrders: minimumRequest },
  getAvailableProductsAndServices: { authentication, getAvailableProductsAndServices: {} },
  exportOrders: { authentication, exportOrders: { parcelLabelNumber: [PARCEL_LABEL_NUMBER] } },
  deleteOrders: { authentication, deleteOrders: { parcelLabelNumber: [PARCEL_LABEL_NUMBER] } },
  startOrdersConsolidation: { authentication, startOrdersConsolidation: { consolidationDate: 20261123 } },
  endOfDay: {
    authentication,
    endOfDay: { period: { dateFrom: 20261123, timeFrom: 0, dateTo: 20261123, timeTo: 2400 }, printOptions: { printerLanguage: 'PDF' } },
  },
  findParcelShopsByGeoData: { authentication, findParcelShopsByGeoData: { latitude: 52.373, longitude: 4.8924, limit: 3 } },
  findParcelShops: { authentication, findParcelShops: { country: 'NL', zipCode: '1012JS' } },
  findCities: { authentication, findCities: { country: 'NL', zipCode: '10', limit: 5 } },
  getTrackingData: { authentication, getTrackingData: { parcelLabelNumber: PARCEL_LABEL_NUMBER } },
  getParcelLabelNumberForWebNumber: {
    authentication,
    getParcelLabelNumberForWebNumber: { webNumber: `MPS${PARCEL_LABEL_NUMBER}20261123` },
  },
  resetAccount: { authentication, resetAccount: {} },
  setClock: { authentication, setClock: { advanceBy: 'P1D' } },
  setScenario: { authentication, setScenario: { scenario: 'not_home_to_parcel_shop' } },
  setJourneyClock: { authentication, setJourneyClock: { running: true } },
  setPushUrl: { authentication, setPushUrl: { url: 'https://shop.example/dpd/push?token=3f9a' } },
  setPushMode: { authentication, setPushMode: { mode: 'batched' } },
  advanceParcel: { authentication, advanceParcel: { parcelLabelNumber: PARCEL_LABEL_NUMBER, to: 'DeliveryFailure' } },
  injectFault: {
    authentication,
    injectFault: {
      operation: 'storeOrders',
      binding: 'REST',
      count: 1,
      fault: { faultCode: 'CARRIER_DOWN', message: 'The carrier is down.' },
    },
  },
  listFaults: { authentication, listFaults: {} },
  clearFaults: { authentication, clearFaults: {} },
  getSandboxState: { authentication, getSandboxState: {} },
  findParcels: { authentication, findParcels: { shipDateFrom: 20261123, limit: 20 } },
  getParcelData: { authentication, getParcelData: { parcelLabelNumber: PARCEL_LABEL_NUMBER } },
  reprintLabels: { authentication, reprintLabels: { parcelLabelNumber: [PARCEL_LABEL_NUMBER] } },
  findStageRequests: { authentication, findStageRequests: { failedOnly: true, limit: 20 } },
  getAccount: { authentication, getAccount: {} },
  findNotifications: { authentication, findNotifications: { parcelLabelNumber: PARCEL_LABEL_NUMBER, limit: 20 } },
  findPushes: { authentication, findPushes: { parcelLabelNumber: PARCEL_LABEL_NUMBER, limit: 20 } },
  resendPush: { authentication, resendPush: { pushid: 1042 } },
  getDayEnds: { authentication, getDayEnds: { period: { dateFrom: 20261123, dateTo: 20261127 } } },
} satisfies Record<OperationName, unknown>);
