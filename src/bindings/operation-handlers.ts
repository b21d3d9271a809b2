// What each declared operation does with its decoded request: the domain call, and the result as the
// contract's response resource. One handler per operation of contract/operations.ts, checked by the
// compiler; the bindings add only the wire (JSON or XML, status or fault).
import { deleteOrders } from '../domain/delete-orders.ts';
import { exportOrders } from '../domain/export-orders.ts';
import { findCities } from '../domain/find-cities.ts';
import { findParcelShops, findParcelShopsByGeoData } from '../domain/find-parcel-shops.ts';
import { parcelShopAnswer } from '../domain/parcel-shop-answer.ts';
import { getAuth } from '../domain/get-auth.ts';
import { getAvailableProductsAndServices } from '../domain/get-available-products-and-services.ts';
import { getParcelLabelNumberForWebNumber } from '../domain/get-parcel-label-number-for-web-number.ts';
import { getTrackingData } from '../domain/get-tracking-data.ts';
import { startOrdersConsolidation } from '../domain/start-orders-consolidation.ts';
import { storeOrders, type StoreOrdersResult } from '../domain/store-orders.ts';
import { validateOrders } from '../domain/validate-orders.ts';
import { consoleHandlers } from './console-handlers.ts';
import { answered, sessionOf, whenValid, type AnswerOf, type HandlerResult, type Handlers } from './handler.ts';
import { sandboxHandlers } from './sandbox-handlers.ts';

export type { AnswerOf, CallContext, DataFault, Handler, HandlerResult, Handlers } from './handler.ts';

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
      response: { parcelShop: (await findParcelShopsByGeoData(call.services, sessionOf(call), value)).map(parcelShopAnswer) },
    })),
  findParcelShops: (call, request) =>
    whenValid(call, request, async (value) =>
      answered(await findParcelShops(call.services, sessionOf(call), value), (shops) => ({ parcelShop: shops.map(parcelShopAnswer) })),
    ),
  findCities: (call, request) =>
    whenValid(call, request, async (value) => answered(await findCities(call.services, sessionOf(call), value), (city) => ({ city }))),
  getAvailableProductsAndServices: (call, request) =>
    whenValid(call, request, () => Promise.resolve({ ok: true, response: getAvailableProductsAndServices(sessionOf(call)) })),
  // SandboxService (stage only: bindings/served-in.ts).
  ...sandboxHandlers,
  ...consoleHandlers,
});
