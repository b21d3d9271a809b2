// What each declared operation does with its decoded request: the domain call, and the result as the
// contract's response resource. One handler per operation of contract/operation-table.ts, checked by the
// compiler; the bindings add only the wire (JSON or XML, status or fault).
import { deleteOrders } from '../../domain/shipment/delete-orders.ts';
import { exportOrders } from '../../domain/shipment/export-orders.ts';
import { findCities } from '../../domain/parcel-shop-finder/find-cities.ts';
import { findParcelShops, findParcelShopsByGeoData } from '../../domain/parcel-shop-finder/find-parcel-shops.ts';
import { parcelShopAnswer } from '../../domain/parcel-shop-finder/parcel-shop-answer.ts';
import { getAuth } from '../../domain/login/get-auth.ts';
import { getAvailableProductsAndServices } from '../../domain/shipment/get-available-products-and-services.ts';
import { getParcelLabelNumberForWebNumber } from '../../domain/parcel-life-cycle/get-parcel-label-number-for-web-number.ts';
import { getTrackingData } from '../../domain/parcel-life-cycle/get-tracking-data.ts';
import { startOrdersConsolidation } from '../../domain/shipment/start-orders-consolidation.ts';
import { storeOrders, type StoreOrdersResult } from '../../domain/shipment/store-orders.ts';
import { validateOrders } from '../../domain/shipment/validate-orders.ts';
import { endOfDay } from '../../domain/end-of-day/end-of-day.ts';
import { consoleHandlers } from './console-handlers.ts';
import { answered, handlerOf, sessionOf, whenValid, type AnswerOf, type HandlerResult, type Handlers } from './handler.ts';
import { sandboxHandlers } from './sandbox-handlers.ts';

export type { AnswerOf, CallContext, DataFault, Handler, HandlerResult, Handlers } from './handler.ts';

function storeOrdersAnswer(result: StoreOrdersResult): HandlerResult<AnswerOf<'storeOrders'>> {
  if ('injected' in result) {
    const answer = result.injected;
    // A magic value's answer (stage): rendered as an injected fault's (injected-result.ts).
    if ('refused' in answer) return { ok: false, fault: answer.refused };
    const status = 'httpStatus' in answer ? answer.httpStatus : 503;
    return { ok: false, fault: { code: 'ERR_INJECTED_FAULT', params: { by: answer.by, status } }, injected: answer };
  }
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

/** The handler of every declared operation, by name. */
export const handlers: Handlers = Object.freeze({
  getAuth: async (call, request) => answered(await getAuth(call.deps, request, call.clientAddress), (value) => ({ return: value })),
  validateOrders: async (call, request) => ({
    ok: true,
    response: { orderResult: await validateOrders(call.deps, sessionOf(call), request) },
  }),
  storeOrders: async (call, request) => storeOrdersAnswer(await storeOrders(call.deps, sessionOf(call), request)),
  exportOrders: (call, request) =>
    whenValid(call, request, async (value) => ({ ok: true, response: await exportOrders(call.deps, sessionOf(call), value) })),
  deleteOrders: (call, request) =>
    whenValid(call, request, async (value) => ({ ok: true, response: await deleteOrders(call.deps, sessionOf(call), value) })),
  startOrdersConsolidation: (call, request) =>
    whenValid(call, request, async (value) => answered(await startOrdersConsolidation(call.deps, sessionOf(call), value), (v) => v)),
  getTrackingData: (call, request) =>
    whenValid(call, request, async (value) =>
      answered(await getTrackingData(call.deps, sessionOf(call), value), (trackingResult) => ({ trackingResult })),
    ),
  getParcelLabelNumberForWebNumber: (call, request) =>
    whenValid(call, request, async (value) =>
      answered(await getParcelLabelNumberForWebNumber(call.deps, sessionOf(call), value), (v) => v),
    ),
  findParcelShopsByGeoData: (call, request) =>
    whenValid(call, request, async (value) => ({
      ok: true,
      response: { parcelShop: (await findParcelShopsByGeoData(call.deps, sessionOf(call), value)).map(parcelShopAnswer) },
    })),
  findParcelShops: (call, request) =>
    whenValid(call, request, async (value) =>
      answered(await findParcelShops(call.deps, sessionOf(call), value), (shops) => ({ parcelShop: shops.map(parcelShopAnswer) })),
    ),
  findCities: (call, request) =>
    whenValid(call, request, async (value) => answered(await findCities(call.deps, sessionOf(call), value), (city) => ({ city }))),
  getAvailableProductsAndServices: (call, request) =>
    whenValid(call, request, () => Promise.resolve({ ok: true, response: getAvailableProductsAndServices(sessionOf(call)) })),
  endOfDay: handlerOf<'endOfDay'>(endOfDay),
  // SandboxService (stage only: bindings/http/served-in.ts).
  ...sandboxHandlers,
  ...consoleHandlers,
});
