// What each declared operation does with its decoded request: the domain call, and the result as the
// contract's response resource. One handler per operation of contract/operations.ts, checked by the
// compiler; the bindings add only the wire (JSON or XML, status or fault).
import { validValue, type Decoded } from '../contract/decode.ts';
import { formatMessage } from '../contract/error-catalogue.ts';
import type { Answer, Infer, ObjectType } from '../contract/model.ts';
import type { OperationName, RequestType, ResponseType } from '../contract/operations.ts';
import { deleteOrders } from '../domain/delete-orders.ts';
import { exportOrders } from '../domain/export-orders.ts';
import { findCities } from '../domain/find-cities.ts';
import { findParcelShops, findParcelShopsByGeoData } from '../domain/find-parcel-shops.ts';
import { parcelShopAnswer } from '../domain/parcel-shop-answer.ts';
import { getAuth } from '../domain/get-auth.ts';
import { getAvailableProductsAndServices } from '../domain/get-available-products-and-services.ts';
import { getParcelLabelNumberForWebNumber } from '../domain/get-parcel-label-number-for-web-number.ts';
import { getTrackingData } from '../domain/get-tracking-data.ts';
import type { Fault, Outcome, Session } from '../domain/outcome.ts';
import { startOrdersConsolidation } from '../domain/start-orders-consolidation.ts';
import type { Services } from '../domain/services.ts';
import { storeOrders, type StoreOrdersResult } from '../domain/store-orders.ts';
import { validateOrders } from '../domain/validate-orders.ts';

/** A data error that REST reports inside the result and SOAP as a `faults` fault (storeOrders). */
export interface DataFault {
  readonly faultCode: string;
  readonly message: string;
}

/** What a handler answers: the response resource's content, or a fault refusing the request whole. */
export type HandlerResult<A = Readonly<Record<string, unknown>>> =
  { readonly ok: true; readonly response: A; readonly dataFault?: DataFault } | { readonly ok: false; readonly fault: Fault };

/** The answer of operation `K`: its response resource's content. */
export type AnswerOf<K extends OperationName> = Answer<ResponseType<K>>;

/** What a handler knows of its call besides the request. */
export interface CallContext {
  readonly services: Services;
  /** The authenticated caller; undefined for the login service. */
  readonly session?: Session;
  readonly clientAddress: string;
}

/** The handler of operation `K`: its decoded request in, its answer or a fault out. */
export type Handler<K extends OperationName> = (call: CallContext, request: Decoded<RequestType<K>>) => Promise<HandlerResult<AnswerOf<K>>>;

/** One handler per declared operation: an operation without one, or one for no operation, does not compile. */
export type Handlers = { readonly [K in OperationName]: Handler<K> };

const sessionOf = (call: CallContext): Session => {
  if (call.session === undefined) throw new Error('operation needs an authenticated session');
  return call.session;
};

function storeOrdersAnswer(result: StoreOrdersResult): HandlerResult<AnswerOf<'storeOrders'>> {
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
async function whenValid<T extends ObjectType, A>(
  call: CallContext,
  request: Decoded<T>,
  work: (value: Infer<T>) => Promise<HandlerResult<A>>,
): Promise<HandlerResult<A>> {
  const value = validValue(request);
  if (value !== undefined) return work(value);
  const first = request.violations[0];
  const reason = first === undefined ? '' : formatMessage(first.code, call.session?.language ?? 'en_US', first.params);
  return { ok: false, fault: { code: 'ERR_INVALID_REQUEST', params: { reason } } };
}

/** A domain outcome as a handler result, its value turned into the answer by `answer`. */
function answered<T, A>(outcome: Outcome<T>, answer: (value: T) => A): HandlerResult<A> {
  return outcome.ok ? { ok: true, response: answer(outcome.value) } : outcome;
}

/** The handler of every declared operation, by name. */
export const handlers: Handlers = Object.freeze({
  getAuth: async (call, request) => answered(await getAuth(call.services, request, call.clientAddress), (value) => ({ return: value })),
  validateOrders: async (call, request) => ({
    ok: true,
    response: { orderResult: await validateOrders(call.services, sessionOf(call), request) },
  }),
  storeOrders: async (call, request) => storeOrdersAnswer(await storeOrders(call.services, sessionOf(call), request)),
  exportOrders: (call, request) =>
    whenValid(call, request, async (value) => ({ ok: true, response: await exportOrders(call.services, sessionOf(call), value) })),
  deleteOrders: (call, request) =>
    whenValid(call, request, async (value) => ({ ok: true, response: await deleteOrders(call.services, sessionOf(call), value) })),
  startOrdersConsolidation: (call, request) =>
    whenValid(call, request, async (value) => answered(await startOrdersConsolidation(call.services, sessionOf(call), value), (v) => v)),
  getTrackingData: (call, request) =>
    whenValid(call, request, async (value) =>
      answered(await getTrackingData(call.services, sessionOf(call), value), (trackingResult) => ({ trackingResult })),
    ),
  getParcelLabelNumberForWebNumber: (call, request) =>
    whenValid(call, request, async (value) =>
      answered(await getParcelLabelNumberForWebNumber(call.services, sessionOf(call), value), (v) => v),
    ),
  findParcelShopsByGeoData: (call, request) =>
    whenValid(call, request, async (value) => ({
      ok: true,
      response: { parcelShop: (await findParcelShopsByGeoData(call.services, value)).map(parcelShopAnswer) },
    })),
  findParcelShops: (call, request) =>
    whenValid(call, request, async (value) =>
      answered(await findParcelShops(call.services, sessionOf(call), value), (shops) => ({ parcelShop: shops.map(parcelShopAnswer) })),
    ),
  findCities: (call, request) =>
    whenValid(call, request, async (value) => answered(await findCities(call.services, sessionOf(call), value), (city) => ({ city }))),
  getAvailableProductsAndServices: (call, request) =>
    whenValid(call, request, () => Promise.resolve({ ok: true, response: getAvailableProductsAndServices(sessionOf(call)) })),
});
