// The operations the console names, each declared operation once in the contract's order: the calls
// find their REST path here, the Requests page filters by them, the Sandbox page offers those an
// injected fault can wait for, and Requests lists the problems an answer reports where its operation
// reports them. Typed against the operation table (type-only imports, erased from the bundle): an
// operation declared without its entry here, an entry for an undeclared one, or a service, `faultable`
// or `problems` the contract contradicts does not compile.
import type {
  AnswerProblems,
  FaultableOperationName,
  OperationName,
  ProblemsOf,
  ResponseElementOf,
  ResultBesideStatus,
  ServicePathOf,
} from '../contract/operation-table.ts';

/** What the console knows of operation `K`, as the contract declares it. */
interface ConsoleOperation<K extends OperationName> {
  /** Its service and version as the REST path names them (`/rest/services/<service>/<operation>`). */
  readonly service: ServicePathOf<K>;
  /** Whether an injected fault can wait for it (SandboxService injectFault). */
  readonly faultable: K extends FaultableOperationName ? true : false;
  /** Where its answer reports problems, besides a refusal's status. */
  readonly problems: ProblemsOf<K>;
}

/** Every declared operation. */
export const CONSOLE_OPERATIONS = {
  getAuth: { service: 'LoginService/V2_1', faultable: false, problems: undefined },
  storeOrders: { service: 'ShipmentService/V3_5', faultable: true, problems: 'faults' },
  validateOrders: { service: 'ShipmentService/V3_5', faultable: true, problems: 'messages' },
  getAvailableProductsAndServices: { service: 'ShipmentService/V3_5', faultable: true, problems: undefined },
  exportOrders: { service: 'ShipmentService/V3_5', faultable: true, problems: 'entries' },
  deleteOrders: { service: 'ShipmentService/V3_5', faultable: true, problems: 'entries' },
  startOrdersConsolidation: { service: 'ShipmentService/V3_5', faultable: true, problems: undefined },
  endOfDay: { service: 'EndOfDayService/V1_0', faultable: true, problems: undefined },
  findParcelShopsByGeoData: { service: 'ParcelShopFinderService/V5_0', faultable: true, problems: undefined },
  findParcelShops: { service: 'ParcelShopFinderService/V5_0', faultable: true, problems: undefined },
  findCities: { service: 'ParcelShopFinderService/V5_0', faultable: true, problems: undefined },
  getTrackingData: { service: 'ParcelLifeCycleService/V2_0', faultable: true, problems: undefined },
  getParcelLabelNumberForWebNumber: { service: 'ParcelLifeCycleService/V2_0', faultable: true, problems: undefined },
  resetAccount: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  setClock: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  setScenario: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  setJourneyClock: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  setPushUrl: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  setPushMode: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  advanceParcel: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  injectFault: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  listFaults: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  clearFaults: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  getSandboxState: { service: 'SandboxService/V1_0', faultable: false, problems: undefined },
  findParcels: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  getParcelData: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  reprintLabels: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  findStageRequests: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  getAccount: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  findNotifications: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  findPushes: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  resendPush: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
  getDayEnds: { service: 'ConsoleService/V1_0', faultable: false, problems: undefined },
} as const satisfies { readonly [K in OperationName]: ConsoleOperation<K> };

/** The operations a call can be logged under, for the Requests filter. */
export const LOGGED_OPERATIONS = Object.keys(CONSOLE_OPERATIONS) as readonly OperationName[];

/** The operations a fault can wait for (injectFault's `operation`), for the Sandbox page. */
export const FAULT_OPERATIONS: readonly OperationName[] = LOGGED_OPERATIONS.filter((name) => CONSOLE_OPERATIONS[name].faultable);

/** Where operation `name`'s answer reports problems; undefined for a name the console does not know. */
export function problemsOf(name: string): AnswerProblems | undefined {
  return Object.hasOwn(CONSOLE_OPERATIONS, name) ? CONSOLE_OPERATIONS[name as OperationName].problems : undefined;
}

/**
 * The operations whose REST answer sits under a key other than `<operation>Response` (api.ts reads it
 * there): none, or this does not compile.
 */
type OtherAnswerKey = {
  [K in Exclude<OperationName, ResultBesideStatus>]: ResponseElementOf<K> extends `${K}Response` ? never : K;
}[Exclude<OperationName, ResultBesideStatus>];
type NoneOf<T extends never> = T;
export type AnswerKeysChecked = NoneOf<OtherAnswerKey>;
