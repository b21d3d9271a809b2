// The REST side of the system tests: every operation's path and the authentication object of a login.
// The paths are written out as the spec gives them rather than derived from the contract, so a path
// the service moves fails the tests; the list is typed by the operation table, so an operation
// declared without its path here does not compile.
import type { OperationName } from '../../src/contract/operation-table.ts';

// A type rather than an interface, so that it is also a JsonObject (fixtures/requests.ts), as a request's parts are.
/** The authentication object a login answers (spec "Authentication object"); every call but getAuth carries it. */
export type Auth = {
  readonly delisId: string;
  readonly authToken: string;
  readonly messageLanguage: string;
};

export const LOGIN_SERVICE = '/rest/services/LoginService/V2_1';
export const SHIPMENT_SERVICE = '/rest/services/ShipmentService/V3_5';
export const PARCEL_SHOP_FINDER = '/rest/services/ParcelShopFinderService/V5_0';
export const PARCEL_LIFE_CYCLE = '/rest/services/ParcelLifeCycleService/V2_0';
export const CONSOLE_SERVICE = '/rest/services/ConsoleService/V1_0';
export const END_OF_DAY_SERVICE = '/rest/services/EndOfDayService/V1_0';
/** Stage only. */
export const SANDBOX_SERVICE = '/rest/services/SandboxService/V1_0';

/** The REST path of each operation. */
export const REST_PATH = Object.freeze({
  getAuth: `${LOGIN_SERVICE}/getAuth`,
  validateOrders: `${SHIPMENT_SERVICE}/validateOrders`,
  storeOrders: `${SHIPMENT_SERVICE}/storeOrders`,
  exportOrders: `${SHIPMENT_SERVICE}/exportOrders`,
  deleteOrders: `${SHIPMENT_SERVICE}/deleteOrders`,
  startOrdersConsolidation: `${SHIPMENT_SERVICE}/startOrdersConsolidation`,
  getAvailableProductsAndServices: `${SHIPMENT_SERVICE}/getAvailableProductsAndServices`,
  endOfDay: `${END_OF_DAY_SERVICE}/endOfDay`,
  findParcelShopsByGeoData: `${PARCEL_SHOP_FINDER}/findParcelShopsByGeoData`,
  findParcelShops: `${PARCEL_SHOP_FINDER}/findParcelShops`,
  findCities: `${PARCEL_SHOP_FINDER}/findCities`,
  getTrackingData: `${PARCEL_LIFE_CYCLE}/getTrackingData`,
  getParcelLabelNumberForWebNumber: `${PARCEL_LIFE_CYCLE}/getParcelLabelNumberForWebNumber`,
  findParcels: `${CONSOLE_SERVICE}/findParcels`,
  getParcelData: `${CONSOLE_SERVICE}/getParcelData`,
  reprintLabels: `${CONSOLE_SERVICE}/reprintLabels`,
  findStageRequests: `${CONSOLE_SERVICE}/findStageRequests`,
  getAccount: `${CONSOLE_SERVICE}/getAccount`,
  findNotifications: `${CONSOLE_SERVICE}/findNotifications`,
  findPushes: `${CONSOLE_SERVICE}/findPushes`,
  resendPush: `${CONSOLE_SERVICE}/resendPush`,
  getDayEnds: `${CONSOLE_SERVICE}/getDayEnds`,
  resetAccount: `${SANDBOX_SERVICE}/resetAccount`,
  setClock: `${SANDBOX_SERVICE}/setClock`,
  setScenario: `${SANDBOX_SERVICE}/setScenario`,
  setJourneyClock: `${SANDBOX_SERVICE}/setJourneyClock`,
  setPushUrl: `${SANDBOX_SERVICE}/setPushUrl`,
  setPushMode: `${SANDBOX_SERVICE}/setPushMode`,
  advanceParcel: `${SANDBOX_SERVICE}/advanceParcel`,
  injectFault: `${SANDBOX_SERVICE}/injectFault`,
  listFaults: `${SANDBOX_SERVICE}/listFaults`,
  clearFaults: `${SANDBOX_SERVICE}/clearFaults`,
  getSandboxState: `${SANDBOX_SERVICE}/getSandboxState`,
} satisfies Record<OperationName, string>);

/** The name of an operation with a REST path. */
export type RestOperation = keyof typeof REST_PATH;

/** A storeOrders answer as far as its parcel numbers go. */
interface StoredOrders {
  readonly orderResult: {
    readonly shipmentResponses: ReadonlyArray<{ readonly parcelInformation: ReadonlyArray<{ readonly parcelLabelNumber: string }> }>;
  };
}

/** The number of each order's first parcel in a storeOrders answer, in the orders' order. */
export function firstParcelNumbers(answer: StoredOrders): string[] {
  return answer.orderResult.shipmentResponses.map((response) => response.parcelInformation[0].parcelLabelNumber);
}
