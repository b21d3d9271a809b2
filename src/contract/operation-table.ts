// The one declaration of every service, version and operation the server answers. The REST routes,
// the SOAP dispatch and WSDL, the handler map's type, the metrics labels and the README's operations
// table all read it; see docs/architecture.md, "Adding an operation".
import { object, required, type, type ObjectType, type ObjectField } from './schema/model.ts';
import {
  DeleteOrders,
  ExportOrders,
  GetAvailableProductsAndServices,
  StartOrdersConsolidation,
  StoreOrders,
} from './shipment-service/shipment-requests.ts';
import { GetAuth } from './login-service.ts';
import { GetTrackingData } from './parcel-life-cycle-service.ts';
import {
  GetParcelLabelNumberForWebNumber,
  GetParcelLabelNumberForWebNumberResponse,
  GetTrackingDataResponse,
} from './parcel-life-cycle-service.ts';
import { FindCitiesResponse, parcelShopsAnswer } from './parcel-shop-finder-service.ts';
import { FindCities, FindParcelShops, FindParcelShopsByGeoData } from './parcel-shop-finder-service.ts';
import {
  AdvanceParcel,
  AdvanceParcelResponse,
  ClearFaults,
  ClearFaultsResponse,
  GetSandboxState,
  GetSandboxStateResponse,
  InjectFault,
  InjectFaultResponse,
  ListFaults,
  ListFaultsResponse,
  ResetAccount,
  ResetAccountResponse,
  SetClock,
  SetClockResponse,
  SetJourneyClock,
  SetJourneyClockResponse,
  SetPushMode,
  SetPushModeResponse,
  SetPushUrl,
  SetPushUrlResponse,
  SetScenario,
  SetScenarioResponse,
} from './sandbox-service.ts';
import {
  FindParcels,
  FindParcelsResponse,
  FindNotifications,
  FindNotificationsResponse,
  FindPushes,
  FindPushesResponse,
  ResendPush,
  ResendPushResponse,
  GetDayEnds,
  GetDayEndsResponse,
  FindStageRequests,
  FindStageRequestsResponse,
  GetAccount,
  GetAccountResponse,
  GetParcelData,
  GetParcelDataResponse,
  ReprintLabels,
  ReprintLabelsResponse,
} from './console-service.ts';
import {
  DeleteOrdersResponse,
  ExportOrdersResponse,
  GetAvailableProductsAndServicesResponse,
  StartOrdersConsolidationResponse,
  StoreOrdersResult,
  ValidateOrdersResult,
} from './shipment-service/shipment-results.ts';
import { Login } from './login-service.ts';
import { EndOfDay, EndOfDayResponse } from './end-of-day-service.ts';
import { FaultEntryV33, STORE_ORDERS_V33 } from './shipment-service/shipment-service-v33.ts';
import { variantOf, type OperationVariant } from './schema/variant.ts';

/** What a service declaration holds (docs/decisions.md "The services"). */
interface ServiceDeclaration {
  /** The service's name in paths and WSDL (`ShipmentService`). */
  readonly name: string;
  /** Path version (`V3_5`). */
  readonly version: string;
  /** Namespace suffix under the configured base (`ShipmentService/3.5`). */
  readonly namespace: string;
  /** SOAP port type name (spec "SOAP binding": `ShipmentServiceSoap35Soap`). */
  readonly portType: string;
  /** WSDL file name served under /soap/WSDL/ (`ShipmentServiceV35.wsdl`). */
  readonly wsdlName: string;
  /** Whether calls carry the `authentication` header/object. */
  readonly authenticated: boolean;
  /** Served on stage only (SandboxService): on live its paths and WSDL name nothing. Default false. */
  readonly stageOnly?: boolean;
  /** The SOAP `faults` detail's type, where the service's schema declares it otherwise (default FaultEntry). */
  readonly faults?: ObjectType;
}

/** Every service, keyed by its id (name and version). */
const serviceTable = {
  LoginServiceV21: {
    name: 'LoginService',
    version: 'V2_1',
    namespace: 'LoginService/2.1',
    portType: 'LoginServiceSoap21Soap',
    wsdlName: 'LoginServiceV21.wsdl',
    authenticated: false,
  },
  ShipmentServiceV35: {
    name: 'ShipmentService',
    version: 'V3_5',
    namespace: 'ShipmentService/3.5',
    portType: 'ShipmentServiceSoap35Soap',
    wsdlName: 'ShipmentServiceV35.wsdl',
    authenticated: true,
  },
  // The version before 3.5, still called by deployed clients: storeOrders only, as its schema declares.
  ShipmentServiceV33: {
    name: 'ShipmentService',
    version: 'V3_3',
    namespace: 'ShipmentService/3.3',
    portType: 'ShipmentServiceSoap33Soap',
    wsdlName: 'ShipmentServiceV33.wsdl',
    authenticated: true,
    faults: FaultEntryV33,
  },
  ParcelShopFinderServiceV50: {
    name: 'ParcelShopFinderService',
    version: 'V5_0',
    namespace: 'ParcelShopFinderService/5.0',
    portType: 'ParcelShopFinderServiceSoap50Soap',
    wsdlName: 'ParcelShopFinderServiceV50.wsdl',
    authenticated: true,
  },
  ParcelLifeCycleServiceV20: {
    name: 'ParcelLifeCycleService',
    version: 'V2_0',
    namespace: 'ParcelLifeCycleService/2.0',
    portType: 'ParcelLifeCycleServiceSoap20Soap',
    wsdlName: 'ParcelLifeCycleServiceV20.wsdl',
    authenticated: true,
  },
  SandboxServiceV10: {
    name: 'SandboxService',
    version: 'V1_0',
    namespace: 'SandboxService/1.0',
    portType: 'SandboxServiceSoap10Soap',
    wsdlName: 'SandboxServiceV10.wsdl',
    authenticated: true,
    stageOnly: true,
  },
  // The carrier's day-end service (EndOfDayServiceV10.xsd): the manifest the driver signs.
  EndOfDayServiceV10: {
    name: 'EndOfDayService',
    version: 'V1_0',
    namespace: 'EndOfDayService/1.0',
    portType: 'EndOfDayServiceSoap10Soap',
    wsdlName: 'EndOfDayServiceV10.wsdl',
    authenticated: true,
  },
  ConsoleServiceV10: {
    name: 'ConsoleService',
    version: 'V1_0',
    namespace: 'ConsoleService/1.0',
    portType: 'ConsoleServiceSoap10Soap',
    wsdlName: 'ConsoleServiceV10.wsdl',
    authenticated: true,
  },
} as const satisfies Record<string, ServiceDeclaration>;

export type ServiceId = keyof typeof serviceTable;

/** A declared service, with its id. */
export interface ServiceContract extends ServiceDeclaration {
  readonly id: ServiceId;
}

/** `{ <field>: <content> }`, required: the response elements whose content sits under one field. */
function wrap<N extends string, T extends ObjectType>(name: string, field: N, content: T, options: { qualified?: boolean } = {}) {
  return type(
    name,
    { [field]: required(object(content)) } as {
      readonly [P in N]: Omit<ObjectField<T>, 'required'> & { readonly required: true };
    },
    options,
  );
}

/** What an operation declaration holds. */
interface OperationDeclaration {
  readonly service: ServiceId;
  /** One line for the README's operations table (generated: `npm run docs:operations`). */
  readonly summary: string;
  /** Content of the request body element named as the operation. */
  readonly request: ObjectType;
  /** The SOAP response element's name (spec "Outputs"). */
  readonly responseElement: string;
  /** The response element's content: what the operation answers. */
  readonly response: ObjectType;
  /** Older versions of other services that offer the operation too, and how it differs there (contract/schema/variant.ts). */
  readonly variants?: Readonly<Partial<Record<ServiceId, OperationVariant>>>;
  /**
   * Where an answer that succeeded as a call still reports problems (its first one is the call's
   * outcome in the metrics and the stage log, and the console lists them): `messages`, validateOrders'
   * `orderResult.messages`; `faults`, storeOrders' `shipmentResponses[].faults`; `entries`, the
   * `orderResult` entries that failed (`success` false, a `message`). Default: none.
   */
  readonly problems?: AnswerProblems;
  /**
   * Answered on stage only, in a service live serves too (findStageRequests: live keeps no stage log
   * and refuses it with ERR_STAGE_ONLY), so live's OpenAPI document leaves it out. Default false.
   */
  readonly stageOnly?: boolean;
}

/** The places an answer reports problems in (OperationDeclaration `problems`). */
export type AnswerProblems = 'messages' | 'faults' | 'entries';

/** Every operation, keyed by its name, in the order the WSDL and the docs list them. */
const operationTable = {
  getAuth: {
    service: 'LoginServiceV21',
    summary: 'Body `{delisId, password, messageLanguage}`: a login token valid 24 hours (the same one while it is valid).',
    request: GetAuth,
    responseElement: 'getAuthResponse',
    // LoginServiceV21.xsd: the answer's elements are qualified (elementFormDefault), the request's not.
    response: wrap('getAuthResponse', 'return', Login, { qualified: true }),
  },
  storeOrders: {
    service: 'ShipmentServiceV35',
    summary: 'Stores every order or none; answers the labels (PDF or ZPL, e-label PNG) and `shipmentResponses`.',
    request: StoreOrders,
    responseElement: 'storeOrdersResponse',
    response: wrap('storeOrdersResponse', 'orderResult', StoreOrdersResult),
    variants: { ShipmentServiceV33: STORE_ORDERS_V33 },
    problems: 'faults',
  },
  validateOrders: {
    service: 'ShipmentServiceV35',
    summary:
      'The rules of `storeOrders`, every problem found (`success`, `messages`); stores nothing. REST also takes the body under `storeOrders`.',
    request: StoreOrders,
    responseElement: 'validateOrdersResponseDto',
    response: wrap('validateOrdersResponseDto', 'orderResult', ValidateOrdersResult),
    problems: 'messages',
  },
  getAvailableProductsAndServices: {
    service: 'ShipmentServiceV35',
    summary: 'Body `{}`: the products and additional services the account may order.',
    request: GetAvailableProductsAndServices,
    responseElement: 'getAvailableProductsAndServicesResponse',
    response: GetAvailableProductsAndServicesResponse,
  },
  exportOrders: {
    service: 'ShipmentServiceV35',
    summary: '`parcelLabelNumber` (1 to 1,000): transfers queued parcels (late export); one `orderResult` per number.',
    request: ExportOrders,
    responseElement: 'exportOrdersResponse',
    response: ExportOrdersResponse,
    problems: 'entries',
  },
  deleteOrders: {
    service: 'ShipmentServiceV35',
    summary: '`parcelLabelNumber` (1 to 1,000): deletes parcels not yet consolidated; one `orderResult` per number.',
    request: DeleteOrders,
    responseElement: 'deleteOrdersResponse',
    response: DeleteOrdersResponse,
    problems: 'entries',
  },
  startOrdersConsolidation: {
    service: 'ShipmentServiceV35',
    summary: '`consolidationDate` (`YYYYMMDD`): closes that day; its transferred parcels become consolidated.',
    request: StartOrdersConsolidation,
    responseElement: 'startOrdersConsolidationResponse',
    response: StartOrdersConsolidationResponse,
  },
  endOfDay: {
    service: 'EndOfDayServiceV10',
    summary:
      "`period` (`dateFrom`, `timeFrom`, `dateTo`, `timeTo`: `YYYYMMDD`, `hhmm` to `2400`, the service's time zone, at most 7 days), `printOptions.printerLanguage` `PDF`: `manifestPDF`, the A4 manifest of the account's parcels transferred in the period (deleted ones left out) for the driver to sign; an empty period's says so.",
    request: EndOfDay,
    responseElement: 'endOfDayResponse',
    response: EndOfDayResponse,
  },
  findParcelShopsByGeoData: {
    service: 'ParcelShopFinderServiceV50',
    summary:
      '`latitude`, `longitude`; `limit` 1–100 (default 10), `availabilityDate`, `hideClosed`, `searchCountry`, `services`: the nearest shops first, each with `distance` in km.',
    request: FindParcelShopsByGeoData,
    responseElement: 'findParcelShopsByGeoDataResponse',
    response: parcelShopsAnswer('findParcelShopsByGeoDataResponse'),
  },
  findParcelShops: {
    service: 'ParcelShopFinderServiceV50',
    summary: '`country` and `zipCode` or `city` (`street`, `houseNo`; the same filters): the shops nearest to that place, in that country.',
    request: FindParcelShops,
    responseElement: 'findParcelShopsResponse',
    response: parcelShopsAnswer('findParcelShopsResponse'),
  },
  findCities: {
    service: 'ParcelShopFinderServiceV50',
    summary: "`country` and the start of a `zipCode` or `city`; `limit`, `order` (`zipCode` or name): the directory's places, each once.",
    request: FindCities,
    responseElement: 'findCitiesResponse',
    response: FindCitiesResponse,
  },
  getTrackingData: {
    service: 'ParcelLifeCycleServiceV20',
    summary:
      "`parcelLabelNumber` (14 digits, or as the label prints it: spaces and the check character): `trackingResult` (SOAP `trackingresult`) with `shipmentInfo` (`SHIPMENT`), a `statusInfo` per scan event that happened, in the carrier's status words with its `location` (`Town (CC)`) and `date` (the language's form), and `contactInfo`; texts as `ContentLine`s in the caller's language.",
    request: GetTrackingData,
    responseElement: 'getTrackingDataResponse',
    response: GetTrackingDataResponse,
  },
  getParcelLabelNumberForWebNumber: {
    service: 'ParcelLifeCycleServiceV20',
    summary: "`webNumber` (the `mpsId` storeOrders answered): the `parcelLabelNumber` of the shipment's first parcel.",
    request: GetParcelLabelNumberForWebNumber,
    responseElement: 'getParcelLabelNumberForWebNumberResponse',
    response: GetParcelLabelNumberForWebNumberResponse,
  },
  resetAccount: {
    service: 'SandboxServiceV10',
    summary:
      "Stage only. Body `{}`: removes the account's parcels, orders, consolidations, tracking events, stage log and pending faults; keeps the account and its token.",
    request: ResetAccount,
    responseElement: 'resetAccountResponse',
    response: ResetAccountResponse,
  },
  setClock: {
    service: 'SandboxServiceV10',
    summary: "Stage only. One of `fixedTime`, `advanceBy` (ISO 8601 duration) or `reset`: the account's own clock, answered as `now`.",
    request: SetClock,
    responseElement: 'setClockResponse',
    response: SetClockResponse,
  },
  setScenario: {
    service: 'SandboxServiceV10',
    summary:
      "Stage only. `scenario` (`delivered`, `not_home_to_parcel_shop`, …), `parcelLabelNumber` optional: that parcel's journey, or without it the account's parcels' from then on.",
    request: SetScenario,
    responseElement: 'setScenarioResponse',
    response: SetScenarioResponse,
  },
  setJourneyClock: {
    service: 'SandboxServiceV10',
    summary: "Stage only. `running` true or false: whether the account's parcels move as its clock passes their events' times.",
    request: SetJourneyClock,
    responseElement: 'setJourneyClockResponse',
    response: SetJourneyClockResponse,
  },
  setPushUrl: {
    service: 'SandboxServiceV10',
    summary:
      "Stage only. `url` (http or https with a host; absent or empty: off): where the account's parcels' scans are pushed, as the carrier's Tracking Push Service pushes them; private addresses refused.",
    request: SetPushUrl,
    responseElement: 'setPushUrlResponse',
    response: SetPushUrlResponse,
  },
  setPushMode: {
    service: 'SandboxServiceV10',
    summary:
      "Stage only. `mode`: `immediate`, `batched` (every 15 minutes of the account's clock), `shuffled` or `duplicated`: how its pushes leave.",
    request: SetPushMode,
    responseElement: 'setPushModeResponse',
    response: SetPushModeResponse,
  },
  advanceParcel: {
    service: 'SandboxServiceV10',
    summary:
      'Stage only. `parcelLabelNumber`, `to` (a status word of its journey, or `collected` … `delivered`): moves the parcel on to it, closing its day on the way; each event recorded for tracking.',
    request: AdvanceParcel,
    responseElement: 'advanceParcelResponse',
    response: AdvanceParcelResponse,
  },
  injectFault: {
    service: 'SandboxServiceV10',
    summary:
      'Stage only. `operation` (or `*`), `binding`, `count` and one of `fault`, `authenticationFault`, `httpStatus`, `delayMs`, `dropConnection`: the next matching calls get it; answers its `id`.',
    request: InjectFault,
    responseElement: 'injectFaultResponse',
    response: InjectFaultResponse,
  },
  listFaults: {
    service: 'SandboxServiceV10',
    summary: "Stage only. `id` optional: the account's pending injected faults.",
    request: ListFaults,
    responseElement: 'listFaultsResponse',
    response: ListFaultsResponse,
  },
  clearFaults: {
    service: 'SandboxServiceV10',
    summary: 'Stage only. `id` optional: clears that pending injected fault, or all of them; answers how many.',
    request: ClearFaults,
    responseElement: 'clearFaultsResponse',
    response: ClearFaultsResponse,
  },
  getSandboxState: {
    service: 'SandboxServiceV10',
    summary:
      "Stage only. Body `{}`: the account's clock, its default `scenario` and `journeyClock`, its parcels per state and its pending faults.",
    request: GetSandboxState,
    responseElement: 'getSandboxStateResponse',
    response: GetSandboxStateResponse,
  },
  findParcels: {
    service: 'ConsoleServiceV10',
    summary:
      "Every filter optional: `state`, `shipDateFrom`/`shipDateTo` (`YYYYMMDD`), `search` (a parcel number or a reference on the label), `limit` 1–100 (default 20), `after`: the account's parcels, newest first, and `more`.",
    request: FindParcels,
    responseElement: 'findParcelsResponse',
    response: FindParcelsResponse,
  },
  getParcelData: {
    service: 'ConsoleServiceV10',
    summary:
      "`parcelLabelNumber`: the parcel, its order as stored, its label's `printOptions`, every state it entered (`event`) and its tracking's events with where each happened (`trackingEvent`).",
    request: GetParcelData,
    responseElement: 'getParcelDataResponse',
    response: GetParcelDataResponse,
  },
  reprintLabels: {
    service: 'ConsoleServiceV10',
    summary:
      "`parcelLabelNumber` (1 to 30): each parcel's label again, in the print options it was stored with (`parcellabelsPDF`, `parcellabelsPNG_qr`).",
    request: ReprintLabels,
    responseElement: 'reprintLabelsResponse',
    response: ReprintLabelsResponse,
  },
  findStageRequests: {
    service: 'ConsoleServiceV10',
    summary:
      "Stage only. `operation`, `failedOnly`, `includeConsole`, `limit` 1–100 (default 20), `before`: the account's logged calls, newest first, the request and answer masked; a page ends at 1 Mi characters of their text, with `more`.",
    request: FindStageRequests,
    responseElement: 'findStageRequestsResponse',
    response: FindStageRequestsResponse,
    stageOnly: true,
  },
  getAccount: {
    service: 'ConsoleServiceV10',
    summary:
      "Body `{}`: the calling account (`delisId`, `depot`, `messageLanguage`, `lateExport`, `pickupApproved`), the service's `environment` and `timeZone`, and the account's time `now`.",
    request: GetAccount,
    responseElement: 'getAccountResponse',
    response: GetAccountResponse,
  },
  findNotifications: {
    service: 'ConsoleServiceV10',
    summary:
      "`parcelLabelNumber` (optional: without it, all of the account's), `limit` 1–100 (default 20), `after`: the receiver notifications the parcels' journeys produced, newest first — kind, event, channel, recipient, subject, text and HTML, when (would have been) sent, and `status` (`captured` on stage) — and `more`.",
    request: FindNotifications,
    responseElement: 'findNotificationsResponse',
    response: FindNotificationsResponse,
  },
  findPushes: {
    service: 'ConsoleServiceV10',
    summary:
      "`parcelLabelNumber` (optional), `limit` 1–100 (default 20), `after`: the pushes to the account's receiver, newest first — code, parameters, address, state (`waiting` with its next try, `delivered`, `given_up`) and every try — and `more`.",
    request: FindPushes,
    responseElement: 'findPushesResponse',
    response: FindPushesResponse,
  },
  resendPush: {
    service: 'ConsoleServiceV10',
    summary: '`pushid` of a push given up: sent again, due at once, with the same pushid.',
    request: ResendPush,
    responseElement: 'resendPushResponse',
    response: ResendPushResponse,
  },
  getDayEnds: {
    service: 'ConsoleServiceV10',
    summary:
      "`period` `dateFrom`–`dateTo` (YYYYMMDD, at most 7 days, as EndOfDayService's): the parcels, orders and weight endOfDay's manifest of the period and of each day lists, and the days startOrdersConsolidation closed (`closedAt`).",
    request: GetDayEnds,
    responseElement: 'getDayEndsResponse',
    response: GetDayEndsResponse,
  },
} as const satisfies Record<string, OperationDeclaration>;

type OperationTable = typeof operationTable;

/** The name of a declared operation: the key of the handler map (a missing handler is a compile error). */
export type OperationName = keyof OperationTable;

/** Where operation `K`'s answer reports problems (`problems`), or undefined. */
export type ProblemsOf<K extends OperationName> = OperationTable[K] extends { readonly problems: infer P } ? P : undefined;

type ServiceOf<K extends OperationName> = (typeof serviceTable)[OperationTable[K]['service']];

/** The service and version of operation `K` as its REST path names them: `ConsoleService/V1_0`. */
export type ServicePathOf<K extends OperationName> = `${ServiceOf<K>['name']}/${ServiceOf<K>['version']}`;

/** The operations whose REST answer is not `{ <responseElement>: <answer>, status }` with `<responseElement>` = `<operation>Response`: ShipmentService's, whose answer sits beside `status`. */
export type ResultBesideStatus = { [K in OperationName]: ServiceOf<K>['name'] extends 'ShipmentService' ? K : never }[OperationName];

/** The name of operation `K`'s SOAP response element (REST wraps every answer but ShipmentService's in it). */
export type ResponseElementOf<K extends OperationName> = OperationTable[K]['responseElement'];

/**
 * The operations an injected fault can wait for (SandboxService injectFault): every authenticated
 * operation but the sandbox's own (so a fault never locks the sandbox) and ConsoleService's (so `*`
 * never breaks the console that shows the fault's effect).
 */
export type FaultableOperationName = {
  [K in OperationName]: ServiceOf<K> extends { readonly authenticated: true }
    ? ServiceOf<K> extends { readonly stageOnly: true }
      ? never
      : OperationTable[K]['service'] extends 'ConsoleServiceV10'
        ? never
        : K
    : never;
}[OperationName];

/** The operations service `S` declares. */
export type OperationOf<S extends ServiceId> = { [K in OperationName]: OperationTable[K]['service'] extends S ? K : never }[OperationName];

/** A declared operation, with its name and its service. */
export interface OperationContract<K extends OperationName = OperationName> {
  readonly name: K;
  readonly service: ServiceContract;
  readonly summary: string;
  readonly request: OperationTable[K]['request'];
  readonly responseElement: string;
  readonly response: OperationTable[K]['response'];
  /** Where its answer reports problems (`OperationDeclaration.problems`); undefined: nowhere but a fault. */
  readonly problems?: AnswerProblems;
  /** Answered on stage only (`OperationDeclaration.stageOnly`, or its service's): false for every other. */
  readonly stageOnly: boolean;
  /** An older version's decoded request as the current one (`OperationVariant.upgradeRequest`); undefined for the others. */
  readonly upgradeRequest: ((value: unknown) => unknown) | undefined;
}

/** The request resource of operation `K`. */
export type RequestType<K extends OperationName> = OperationTable[K]['request'];
/** The response resource of operation `K`. */
export type ResponseType<K extends OperationName> = OperationTable[K]['response'];

const serviceIds = Object.keys(serviceTable) as ServiceId[];

/** Every declared service, by id. */
export const serviceContracts: { readonly [S in ServiceId]: ServiceContract } = Object.freeze(
  Object.fromEntries(serviceIds.map((id) => [id, Object.freeze({ id, ...serviceTable[id] })])) as Record<ServiceId, ServiceContract>,
);

/** Every declared service, in declaration order. */
export const serviceList: readonly ServiceContract[] = Object.freeze(serviceIds.map((id) => serviceContracts[id]));

export const LoginServiceContract = serviceContracts.LoginServiceV21;
export const ShipmentServiceContract = serviceContracts.ShipmentServiceV35;
export const ParcelShopFinderServiceContract = serviceContracts.ParcelShopFinderServiceV50;
export const ParcelLifeCycleServiceContract = serviceContracts.ParcelLifeCycleServiceV20;
export const SandboxServiceContract = serviceContracts.SandboxServiceV10;
export const ConsoleServiceContract = serviceContracts.ConsoleServiceV10;

const operationNames = Object.keys(operationTable) as OperationName[];

/** Operation `name` as `service` offers it: as declared, or as its `variant` there (an older version). */
function contractOf<K extends OperationName>(name: K, service: ServiceId, variant?: OperationVariant): OperationContract<K> {
  const { summary, request, responseElement, response, problems, stageOnly = false }: OperationDeclaration = operationTable[name];
  // A variant is typed as its operation: it only leaves out optional fields and renames (variant.ts).
  return Object.freeze({
    name,
    service: serviceContracts[service],
    summary: variant?.summary ?? summary,
    request: variant === undefined ? request : variantOf(request, variant.request),
    responseElement,
    response: variant === undefined ? response : variantOf(response, variant.response, { qualified: variant.qualifiedResponse }),
    problems,
    stageOnly: stageOnly || serviceContracts[service].stageOnly === true,
    // Present on every contract (undefined but for an older version that widens a field): one shape for the pipeline's reads.
    upgradeRequest: variant?.upgradeRequest,
  }) as OperationContract<K>;
}

/** Every declared operation, by name, as its own service offers it. */
export const operations: { readonly [K in OperationName]: OperationContract<K> } = Object.freeze(
  Object.fromEntries(operationNames.map((name) => [name, contractOf(name, operationTable[name].service)])) as {
    [K in OperationName]: OperationContract<K>;
  },
);

/** Every operation of every service: the declared ones in declaration order, then their variants in older versions. */
export const operationList: readonly OperationContract[] = Object.freeze([
  ...Object.values(operations),
  ...operationNames.flatMap((name) => {
    const { variants = {} }: OperationDeclaration = operationTable[name];
    return (Object.keys(variants) as ServiceId[]).map((service) => contractOf(name, service, variants[service]));
  }),
]);

const operationsByService: ReadonlyMap<ServiceContract, readonly OperationContract[]> = new Map(
  serviceList.map((service) => [service, Object.freeze(operationList.filter((operation) => operation.service === service))]),
);

/** The operations `service` declares, in declaration order (SOAP looks them up on every call). */
export function operationsOf(service: ServiceContract): readonly OperationContract[] {
  return operationsByService.get(service) ?? [];
}

/** Whether `name` names a declared operation. */
export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(operationTable, name);
}
