// What each operation does with a decoded request, shared by the REST and SOAP bindings: the domain
// call and the result as the contract's response resource (contract/operations.ts). The bindings
// only add the wire: JSON or XML, status or fault.
import type { Decoded } from '../contract/decode.ts';
import { formatMessage } from '../contract/error-catalogue.ts';
import type { ObjectType } from '../contract/model.ts';
import type { FindParcelShopsByGeoDataData, FindParcelShopsData } from '../contract/parcel-shops.ts';
import type { DeleteOrdersData, ExportOrdersData, GetTrackingDataData, StartOrdersConsolidationData } from '../contract/resources.ts';
import { deleteOrders } from '../domain/delete-orders.ts';
import { exportOrders } from '../domain/export-orders.ts';
import { findParcelShops, findParcelShopsByGeoData } from '../domain/find-parcel-shops.ts';
import { getAuth } from '../domain/get-auth.ts';
import { getAvailableProductsAndServices } from '../domain/get-available-products-and-services.ts';
import { getTrackingData } from '../domain/get-tracking-data.ts';
import type { Fault, Session } from '../domain/outcome.ts';
import { startOrdersConsolidation } from '../domain/start-orders-consolidation.ts';
import type { Services } from '../domain/services.ts';
import { storeOrders, type StoreOrdersResult } from '../domain/store-orders.ts';
import { validateOrders } from '../domain/validate-orders.ts';
import type { InjectedAnswer } from '../domain/injected-faults.ts';
import { sandboxHandlers } from './sandbox-handlers.ts';

/** A data error that REST reports inside the result and SOAP as a `faults` fault (storeOrders). */
export interface DataFault {
  readonly faultCode: string;
  readonly message: string;
}

export type HandlerResult =
  | { readonly ok: true; readonly response: Record<string, unknown>; readonly dataFault?: DataFault }
  | {
      readonly ok: false;
      readonly fault: Fault;
      /** Set when an injected fault (SandboxService) answers the call: the binding answers this instead (injected-result.ts). */
      readonly injected?: InjectedAnswer;
    };

export interface CallContext {
  readonly services: Services;
  /** The authenticated caller; undefined for the login service. */
  readonly session?: Session;
  readonly clientAddress: string;
}

export type Handler = (call: CallContext, request: Decoded<ObjectType>) => Promise<HandlerResult>;

const sessionOf = (call: CallContext): Session => {
  if (call.session === undefined) throw new Error('operation needs an authenticated session');
  return call.session;
};

function storeOrdersResponse(result: StoreOrdersResult): HandlerResult {
  if (!result.stored) {
    const shipmentResponses = Array.from({ length: result.orderCount }, (_, i) => ({
      identificationNumber: result.identificationNumbers[i] ?? '',
      ...(i === result.orderIndex ? { faults: [{ faultCode: result.faultCode, message: result.message }] } : {}),
    }));
    return {
      ok: true,
      response: { orderResult: { parcellabelsPDF: null, parcellabelsPNG_qr: null, shipmentResponses } },
      dataFault: { faultCode: result.faultCode, message: result.message },
    };
  }
  const shipmentResponses = result.shipmentResponses.map((response) => ({
    identificationNumber: response.identificationNumber,
    mpsId: response.mpsId,
    parcelInformation:
      response.parcelInformation.length === 0
        ? undefined
        : response.parcelInformation.map((p) =>
            p.parcelLabelNumber !== undefined
              ? { parcelLabelNumber: p.parcelLabelNumber, carrierReference: p.carrierReference ?? null }
              : { carrierReference: p.carrierReference },
          ),
  }));
  return {
    ok: true,
    response: {
      orderResult: { parcellabelsPDF: result.parcellabelsPDF, parcellabelsPNG_qr: result.parcellabelsPNG_qr, shipmentResponses },
    },
  };
}

/**
 * Runs `work` on a request that decoded without violations; otherwise the first violation becomes an
 * ERR_INVALID_REQUEST fault (operations without a message list in their answer).
 */
function whenValid<T>(call: CallContext, request: Decoded<ObjectType>, work: (value: T) => Promise<HandlerResult>): Promise<HandlerResult> {
  const first = request.violations[0];
  if (first === undefined) return work(request.value as T);
  const reason = formatMessage(first.code, call.session?.language ?? 'en_US', first.params);
  return Promise.resolve({ ok: false, fault: { code: 'ERR_INVALID_REQUEST', params: { reason } } });
}

/** The handler of every declared operation, by name. */
export const handlers: Readonly<Record<string, Handler>> = Object.freeze({
  getAuth: async (call, request) => {
    const outcome = await getAuth(call.services, request as Parameters<typeof getAuth>[1], call.clientAddress);
    return outcome.ok ? { ok: true, response: { return: outcome.value } } : outcome;
  },
  validateOrders: async (call, request) => ({
    ok: true,
    response: { orderResult: await validateOrders(call.services, sessionOf(call), request as Parameters<typeof validateOrders>[2]) },
  }),
  storeOrders: async (call, request) =>
    storeOrdersResponse(await storeOrders(call.services, sessionOf(call), request as Parameters<typeof storeOrders>[2])),
  exportOrders: (call, request) =>
    whenValid<ExportOrdersData>(call, request, async (value) => ({
      ok: true,
      response: { ...(await exportOrders(call.services, sessionOf(call), value)) },
    })),
  deleteOrders: (call, request) =>
    whenValid<DeleteOrdersData>(call, request, async (value) => ({
      ok: true,
      response: { ...(await deleteOrders(call.services, sessionOf(call), value)) },
    })),
  startOrdersConsolidation: (call, request) =>
    whenValid<StartOrdersConsolidationData>(call, request, async (value) => {
      const outcome = await startOrdersConsolidation(call.services, sessionOf(call), value);
      return outcome.ok ? { ok: true, response: { ...outcome.value } } : outcome;
    }),
  getTrackingData: (call, request) =>
    whenValid<GetTrackingDataData>(call, request, async (value) => {
      const outcome = await getTrackingData(call.services, sessionOf(call), value);
      return outcome.ok ? { ok: true, response: { trackingResult: outcome.value } } : outcome;
    }),
  findParcelShopsByGeoData: (call, request) =>
    whenValid<FindParcelShopsByGeoDataData>(call, request, async (value) => ({
      ok: true,
      response: { parcelShop: await findParcelShopsByGeoData(call.services, sessionOf(call), value) },
    })),
  findParcelShops: (call, request) =>
    whenValid<FindParcelShopsData>(call, request, async (value) => {
      const outcome = await findParcelShops(call.services, sessionOf(call), value);
      return outcome.ok ? { ok: true, response: { parcelShop: outcome.value } } : outcome;
    }),
  getAvailableProductsAndServices: (call, request) =>
    whenValid(call, request, async () => ({
      ok: true,
      response: getAvailableProductsAndServices(sessionOf(call)),
    })),
  // SandboxService (stage only: bindings/served-in.ts).
  ...sandboxHandlers,
});

/**
 * How a call whose domain work threw is recorded (recordCall): the binding's error handler answers it
 * with ERR_INTERNAL, and the operator's metrics and the stage log must still see it.
 */
export const UNEXPECTED_FAILURE: HandlerResult = Object.freeze({ ok: false, fault: Object.freeze({ code: 'ERR_INTERNAL' }) });

/** The first error code an answer carries: a fault, a data fault, or validateOrders' first message. */
function errorCodeOf(result: HandlerResult): string | undefined {
  if (!result.ok) return result.fault.code;
  if (result.dataFault !== undefined) return result.dataFault.faultCode;
  const orderResult = result.response.orderResult as { messages?: ReadonlyArray<{ code: string }> } | undefined;
  return orderResult?.messages?.[0]?.code;
}

/**
 * Counts a call for the operator's metrics and keeps it for the stage metrics (stage only): every
 * binding calls this once per request, with whatever of the request it could read and the time since
 * the request arrived.
 */
export function recordCall(
  services: Services,
  call: { binding: 'rest' | 'soap'; operation: string; delisId?: string; text: string; result: HandlerResult; seconds: number },
): void {
  const errorCode = errorCodeOf(call.result);
  services.metrics.observe({ binding: call.binding, operation: call.operation, outcome: errorCode ?? 'ok', seconds: call.seconds });
  if (services.settings.environment !== 'stage') return;
  services.stageLog.record({
    at: services.clock.now(),
    binding: call.binding,
    operation: call.operation,
    delisId: call.delisId,
    errorCode,
    text: call.text,
  });
}
