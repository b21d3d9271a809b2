// Interop: the npm `soap` client reads the served WSDL and runs the steps every interop client runs
// (test/interop/interop-plan.ts): login, validate, store with the PDF, export, delete, tracking of the
// deleted parcel, products, consolidation, a data fault, an authentication fault, and the faults it injects
// into its own calls (SandboxService). Runs in `npm test`; PHP and zeep run in `npm run test:interop`.
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import soap from 'soap';
import { assertClientRun, startInteropServer, type InteropServer, type StepLine } from '../interop/interop-plan.ts';

type SoapError = Error & {
  root?: { Envelope?: { Body?: { Fault?: { faultcode: string; faultstring: string; detail?: Record<string, Record<string, unknown>> } } } };
};

/** A SOAP fault as the client sees it: faultcode, faultstring and the detail's children. */
function faultLine(step: string, error: unknown): StepLine {
  const fault = (error as SoapError).root?.Envelope?.Body?.Fault;
  if (fault === undefined) throw error;
  const [[detail, children]] = Object.entries(fault.detail ?? {});
  const { attributes: _attributes, ...fields } = children;
  return { step, faultcode: fault.faultcode, faultstring: fault.faultstring, detail, ...fields };
}

describe('SOAP interop: npm soap client', () => {
  let server: InteropServer;
  before(async () => {
    server = await startInteropServer();
  });
  after(() => server.close());

  it('logs in, validates, stores, exports, deletes, tracks, lists products, consolidates, finds parcel shops, reads both fault kinds, and meets injected faults', async () => {
    const { plan } = server;
    const login = await soap.createClientAsync(plan.loginWsdl);
    const shipment = await soap.createClientAsync(plan.shipmentWsdl);
    const tracking = await soap.createClientAsync(plan.trackingWsdl);
    const finder = await soap.createClientAsync(plan.finderWsdl);
    const sandbox = await soap.createClientAsync(plan.sandboxWsdl);
    const lines = new Map<string, StepLine>();
    const authenticateWith = (authToken: string) => {
      for (const client of [shipment, tracking, finder, sandbox]) {
        client.clearSoapHeaders();
        client.addSoapHeader(
          { authentication: { delisId: plan.delisId, authToken, messageLanguage: 'en_US' } },
          '',
          'auth',
          plan.authNamespace,
        );
      }
    };

    const [auth] = await login.getAuthAsync({ delisId: plan.delisId, password: plan.password, messageLanguage: 'en_US' });
    lines.set('login', {
      step: 'login',
      authToken: auth.return.authToken,
      depot: auth.return.depot,
      authTokenExpires: (auth.return.authTokenExpires as Date).toISOString(),
    });
    authenticateWith(auth.return.authToken);

    const [validated] = await shipment.validateOrdersAsync(plan.badOrder);
    const messages = (validated.orderResult.messages as Array<{ code: string; detail: string }>).map(({ code, detail }) => ({
      code,
      detail,
    }));
    lines.set('validate', { step: 'validate', success: validated.orderResult.success, messages });

    const [stored] = await shipment.storeOrdersAsync(plan.multiParcelOrder);
    const result = stored.orderResult;
    writeFileSync(plan.labelPath, Buffer.from(result.parcellabelsPDF, 'base64'));
    const responses = result.shipmentResponses as Array<{ mpsId: string; parcelInformation: Array<{ parcelLabelNumber: string }> }>;
    lines.set('store', {
      step: 'store',
      parcelLabelNumbers: responses.flatMap((r) => r.parcelInformation.map((p) => p.parcelLabelNumber)),
      mpsId: responses[0].mpsId,
    });

    const numbers = responses.flatMap((r) => r.parcelInformation.map((p) => p.parcelLabelNumber));
    const [exported] = await shipment.exportOrdersAsync({ parcelLabelNumber: numbers.slice(0, 1) });
    lines.set('export', {
      step: 'export',
      success: exported.success,
      results: (exported.orderResult as Array<{ success: boolean; message: string }>).map(({ success, message }) => ({ success, message })),
    });
    const [deleted] = await shipment.deleteOrdersAsync({ parcelLabelNumber: numbers.slice(1, 2) });
    lines.set('delete', {
      step: 'delete',
      success: deleted.success,
      results: (deleted.orderResult as Array<{ success: boolean }>).map(({ success }) => ({ success })),
    });
    const [tracked] = await tracking.getTrackingDataAsync({ parcelLabelNumber: numbers[2] });
    const steps = tracked.trackingresult.statusInfo as Array<{
      status: string;
      statusHasBeenReached: boolean;
      isCurrentStatus: boolean;
      location: { content: string };
    }>;
    lines.set('track', {
      step: 'track',
      parcelLabelNumber: tracked.trackingresult.shipmentInfo.trackingProperty[0].value,
      states: steps.map((s) => [s.status, s.statusHasBeenReached, s.isCurrentStatus, s.location.content]),
    });
    const [available] = await shipment.getAvailableProductsAndServicesAsync({});
    const codes = (list: Array<{ code: string }>) => list.map((entry) => entry.code);
    lines.set('products', {
      step: 'products',
      products: codes(available.products),
      additionalServices: codes(available.additionalServices),
    });
    const [consolidated] = await shipment.startOrdersConsolidationAsync({ consolidationDate: plan.consolidationDate });
    lines.set('consolidate', { step: 'consolidate', success: consolidated.success });

    const [found] = await finder.findParcelShopsByGeoDataAsync(plan.shopSearch);
    const shops = found.parcelShop as Array<{
      parcelShopId: unknown;
      distance: unknown;
      services: { serviceDetail: { code: string } | Array<{ code: string }> };
    }>;
    lines.set('shops', {
      step: 'shops',
      shops: shops.map((s) => [s.parcelShopId, s.distance, [s.services.serviceDetail].flat().map((detail) => detail.code)]),
    });

    await shipment.storeOrdersAsync(plan.dataErrorOrder).then(
      () => lines.set('dataFault', { step: 'dataFault', error: 'no fault' }),
      (error: unknown) => lines.set('dataFault', faultLine('dataFault', error)),
    );
    authenticateWith('not-a-token');
    await shipment.validateOrdersAsync(plan.badOrder).then(
      () => lines.set('authFault', { step: 'authFault', error: 'no fault' }),
      (error: unknown) => lines.set('authFault', faultLine('authFault', error)),
    );

    // SandboxService: faults the client injects into its own next call.
    authenticateWith(auth.return.authToken);
    await sandbox.injectFaultAsync(plan.injectedFault);
    await shipment.getAvailableProductsAndServicesAsync({}).then(
      () => lines.set('injectedFault', { step: 'injectedFault', error: 'no fault' }),
      (error: unknown) => lines.set('injectedFault', faultLine('injectedFault', error)),
    );
    await sandbox.injectFaultAsync(plan.injectedAuthenticationFault);
    await shipment.validateOrdersAsync(plan.badOrder).then(
      () => lines.set('injectedAuthFault', { step: 'injectedAuthFault', error: 'no fault' }),
      (error: unknown) => lines.set('injectedAuthFault', faultLine('injectedAuthFault', error)),
    );
    await sandbox.injectFaultAsync(plan.injectedDelay);
    const started = Date.now();
    const [delayed] = await shipment.getAvailableProductsAndServicesAsync({});
    lines.set('injectedDelay', { step: 'injectedDelay', elapsedMs: Date.now() - started, products: codes(delayed.products) });
    await sandbox.injectFaultAsync(plan.injectedStatus);
    await shipment.getAvailableProductsAndServicesAsync({}).then(
      () => lines.set('injectedStatus', { step: 'injectedStatus', error: 'no error' }),
      // It rejects with the response it could not read as SOAP: its HTTP status is the answer's.
      (error: { response?: { status?: number; statusText?: string } }) =>
        lines.set('injectedStatus', {
          step: 'injectedStatus',
          seenAs: `HTTP ${error.response?.status} ${error.response?.statusText}`,
          status: error.response?.status,
        }),
    );
    const [state] = await sandbox.getSandboxStateAsync({});
    lines.set('sandboxState', { step: 'sandboxState', pendingFaults: [state?.fault ?? []].flat().length });

    await assertClientRun(server, lines, plan.labelPath, /^HTTP 503 Service Unavailable$/);
  });
});
