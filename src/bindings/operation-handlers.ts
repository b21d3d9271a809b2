// What each operation does with a decoded request, shared by the REST and SOAP bindings: the domain
// call and the result as the contract's response resource (contract/operations.ts). The bindings
// only add the wire: JSON or XML, status or fault.
import type { Decoded } from '../contract/decode.ts';
import type { ObjectType } from '../contract/model.ts';
import { getAuth } from '../domain/get-auth.ts';
import type { Fault, Session } from '../domain/outcome.ts';
import type { Services } from '../domain/services.ts';
import { storeOrders, type StoreOrdersResult } from '../domain/store-orders.ts';
import { validateOrders } from '../domain/validate-orders.ts';

/** A data error that REST reports inside the result and SOAP as a `faults` fault (storeOrders). */
export interface DataFault {
  readonly faultCode: string;
  readonly message: string;
}

export type HandlerResult =
  | { readonly ok: true; readonly response: Record<string, unknown>; readonly dataFault?: DataFault }
  | { readonly ok: false; readonly fault: Fault };

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
    parcelInformation: response.parcelInformation.length === 0 ? undefined : response.parcelInformation.map((p) => (
      p.parcelLabelNumber !== undefined ? { parcelLabelNumber: p.parcelLabelNumber, carrierReference: p.carrierReference ?? null } : { carrierReference: p.carrierReference })),
  }));
  return { ok: true, response: { orderResult: { parcellabelsPDF: result.parcellabelsPDF, parcellabelsPNG_qr: result.parcellabelsPNG_qr, shipmentResponses } } };
}

/** The handler of every declared operation, by name. */
export const handlers: Readonly<Record<string, Handler>> = Object.freeze({
  getAuth: async (call, request) => {
    const outcome = await getAuth(call.services, request as Parameters<typeof getAuth>[1], call.clientAddress);
    return outcome.ok ? { ok: true, response: { return: outcome.value } } : outcome;
  },
  validateOrders: async (call, request) => ({
    ok: true,
    response: { orderResult: validateOrders(call.services, sessionOf(call), request as Parameters<typeof validateOrders>[2]) },
  }),
  storeOrders: async (call, request) => storeOrdersResponse(await storeOrders(call.services, sessionOf(call), request as Parameters<typeof storeOrders>[2])),
});
