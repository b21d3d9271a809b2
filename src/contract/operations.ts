// The operations of every service: names, versions, request and response resources. Both bindings
// and the WSDL read this table; adding an operation is declaring it here and giving it a handler.
import { object, required, type, type ObjectType } from './model.ts';
import {
  DeleteOrders,
  ExportOrders,
  GetAuth,
  GetAvailableProductsAndServices,
  GetTrackingData,
  StartOrdersConsolidation,
  StoreOrders,
} from './resources.ts';
import { FindParcelShops, FindParcelShopsByGeoData, parcelShopsResponse } from './parcel-shops.ts';
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
} from './sandbox.ts';
import {
  DeleteOrdersResponse,
  ExportOrdersResponse,
  GetAvailableProductsAndServicesResponse,
  Login,
  StartOrdersConsolidationResponse,
  StoreOrdersResult,
  TrackingResult,
  ValidateOrdersResult,
} from './results.ts';

/** A service of DESIGN "What we are building". */
export interface ServiceContract {
  readonly name: 'LoginService' | 'ShipmentService' | 'ParcelShopFinderService' | 'ParcelLifeCycleService' | 'SandboxService';
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
}

export const LoginServiceContract: ServiceContract = Object.freeze({
  name: 'LoginService',
  version: 'V2_1',
  namespace: 'LoginService/2.1',
  portType: 'LoginServiceSoap21Soap',
  wsdlName: 'LoginServiceV21.wsdl',
  authenticated: false,
});

export const ShipmentServiceContract: ServiceContract = Object.freeze({
  name: 'ShipmentService',
  version: 'V3_5',
  namespace: 'ShipmentService/3.5',
  portType: 'ShipmentServiceSoap35Soap',
  wsdlName: 'ShipmentServiceV35.wsdl',
  authenticated: true,
});

export const ParcelShopFinderServiceContract: ServiceContract = Object.freeze({
  name: 'ParcelShopFinderService',
  version: 'V5_0',
  namespace: 'ParcelShopFinderService/5.0',
  portType: 'ParcelShopFinderServiceSoap50Soap',
  wsdlName: 'ParcelShopFinderServiceV50.wsdl',
  authenticated: true,
});

export const ParcelLifeCycleServiceContract: ServiceContract = Object.freeze({
  name: 'ParcelLifeCycleService',
  version: 'V2_0',
  namespace: 'ParcelLifeCycleService/2.0',
  portType: 'ParcelLifeCycleServiceSoap20Soap',
  wsdlName: 'ParcelLifeCycleServiceV20.wsdl',
  authenticated: true,
});

/** SandboxService (stage only): the controls integrators' tests drive (contract/sandbox.ts). */
export const SandboxServiceContract: ServiceContract = Object.freeze({
  name: 'SandboxService',
  version: 'V1_0',
  namespace: 'SandboxService/1.0',
  portType: 'SandboxServiceSoap10Soap',
  wsdlName: 'SandboxServiceV10.wsdl',
  authenticated: true,
  stageOnly: true,
});

/** An operation: its request body element and its response element. */
export interface OperationContract {
  readonly service: ServiceContract;
  readonly name: string;
  /** Content of the request body element named as the operation. */
  readonly request: ObjectType;
  /** The SOAP response element's name (spec "Outputs") and content. */
  readonly responseElement: string;
  readonly response: ObjectType;
}

const wrap = (name: string, field: string, content: ObjectType) => type(name, { [field]: required(object(content)) });

export const operations: readonly OperationContract[] = Object.freeze(
  [
    {
      service: LoginServiceContract,
      name: 'getAuth',
      request: GetAuth,
      responseElement: 'getAuthResponse',
      response: wrap('getAuthResponse', 'return', Login),
    },
    {
      service: ShipmentServiceContract,
      name: 'storeOrders',
      request: StoreOrders,
      responseElement: 'storeOrdersResponse',
      response: wrap('storeOrdersResponse', 'orderResult', StoreOrdersResult),
    },
    {
      service: ShipmentServiceContract,
      name: 'validateOrders',
      request: StoreOrders,
      responseElement: 'validateOrdersResponseDto',
      response: wrap('validateOrdersResponseDto', 'orderResult', ValidateOrdersResult),
    },
    {
      service: ShipmentServiceContract,
      name: 'getAvailableProductsAndServices',
      request: GetAvailableProductsAndServices,
      responseElement: 'getAvailableProductsAndServicesResponse',
      response: GetAvailableProductsAndServicesResponse,
    },
    {
      service: ShipmentServiceContract,
      name: 'exportOrders',
      request: ExportOrders,
      responseElement: 'exportOrdersResponse',
      response: ExportOrdersResponse,
    },
    {
      service: ShipmentServiceContract,
      name: 'deleteOrders',
      request: DeleteOrders,
      responseElement: 'deleteOrdersResponse',
      response: DeleteOrdersResponse,
    },
    {
      service: ShipmentServiceContract,
      name: 'startOrdersConsolidation',
      request: StartOrdersConsolidation,
      responseElement: 'startOrdersConsolidationResponse',
      response: StartOrdersConsolidationResponse,
    },
    {
      service: ParcelShopFinderServiceContract,
      name: 'findParcelShopsByGeoData',
      request: FindParcelShopsByGeoData,
      responseElement: 'findParcelShopsByGeoDataResponse',
      response: parcelShopsResponse('findParcelShopsByGeoDataResponse'),
    },
    {
      service: ParcelShopFinderServiceContract,
      name: 'findParcelShops',
      request: FindParcelShops,
      responseElement: 'findParcelShopsResponse',
      response: parcelShopsResponse('findParcelShopsResponse'),
    },
    {
      service: ParcelLifeCycleServiceContract,
      name: 'getTrackingData',
      request: GetTrackingData,
      responseElement: 'getTrackingDataResponse',
      response: wrap('getTrackingDataResponse', 'trackingResult', TrackingResult),
    },
    ...[
      [ResetAccount, ResetAccountResponse],
      [SetClock, SetClockResponse],
      [AdvanceParcel, AdvanceParcelResponse],
      [InjectFault, InjectFaultResponse],
      [ListFaults, ListFaultsResponse],
      [ClearFaults, ClearFaultsResponse],
      [GetSandboxState, GetSandboxStateResponse],
    ].map(([request, response]) => ({
      service: SandboxServiceContract,
      name: request.name,
      request,
      responseElement: response.name,
      response,
    })),
  ].map((operation) => Object.freeze(operation)),
);

export const services: readonly ServiceContract[] = Object.freeze([
  LoginServiceContract,
  ShipmentServiceContract,
  ParcelShopFinderServiceContract,
  ParcelLifeCycleServiceContract,
  SandboxServiceContract,
]);

const operationsByService: ReadonlyMap<ServiceContract, readonly OperationContract[]> = new Map(
  services.map((service) => [service, Object.freeze(operations.filter((operation) => operation.service === service))]),
);

/** The operations `service` declares, in declaration order (SOAP looks them up on every call). */
export function operationsOf(service: ServiceContract): readonly OperationContract[] {
  return operationsByService.get(service) ?? [];
}
