// The operator's metrics: off unless METRICS_PORT is set; then every call counted by binding,
// operation and outcome with its duration, every HTTP answer by status, the process's own figures,
// served as Prometheus text on a port of their own.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { discardCallMetrics } from '../../src/server/health/metrics.ts';
import { edit, minimumRequest, set } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH } from '../support/rest.ts';
import { startServerProcess } from '../support/server-process.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';

/** The value of the sample `name{labels}` in a Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const present = match[2].split(',');
    if (wanted.every((pair) => present.includes(pair)) && present.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

describe('operator metrics', () => {
  it('are off without METRICS_PORT', async () => {
    const t = await startTestApp();
    try {
      assert.equal(t.metrics, undefined);
      assert.equal(t.deps.metrics, discardCallMetrics);
    } finally {
      await t.close();
    }
  });

  it('are served by `parcel-service serve` on METRICS_PORT, apart from the API', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const dataDir = await mkdtemp(join(tmpdir(), 'parcel-metrics-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, METRICS_PORT: String(port) });
    try {
      let text = '';
      // The metrics port opens right after the API's.
      for (let attempt = 0; attempt < 50 && text === ''; attempt++) {
        text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
          (response) => response.text(),
          () => '',
        );
        if (text === '') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(sample(text, 'parcel_service_info', { environment: 'stage', store: 'sqlite' }), 1);
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('count a call that fails unexpectedly as ERR_INTERNAL, over both bindings', async () => {
    const t = await startTestApp({
      env: { METRICS_PORT: '0', PARCEL_ENV: 'live' },
      repositories: (store) => ({ ...store, shipments: { ...store.shipments, saveOrders: () => Promise.reject(new Error('disk gone')) } }),
    });
    try {
      const port = await t.metrics!.listen('127.0.0.1', 0);
      const authentication = await t.authenticate((await t.addAccount()).delisId);
      const rest = await t.post(REST_PATH.storeOrders, { authentication, storeOrders: minimumRequest() });
      assert.equal(rest.statusCode, 500);
      const soap = await injectSoap(t, endpointOf('storeOrders'), soapRequest('storeOrders', minimumRequest(), { authentication }));
      assert.equal(soap.statusCode, 500);
      const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((response) => response.text());
      assert.equal(sample(text, 'parcel_calls_total', { binding: 'rest', operation: 'storeOrders', outcome: 'ERR_INTERNAL' }), 1);
      assert.equal(sample(text, 'parcel_calls_total', { binding: 'soap', operation: 'storeOrders', outcome: 'ERR_INTERNAL' }), 1);
      assert.equal(sample(text, 'parcel_call_duration_seconds_count', { binding: 'rest', operation: 'storeOrders' }), 1);
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_PORT', () => {
    let t: TestApp;
    let url: string;
    before(async () => {
      t = await startTestApp({ env: { METRICS_PORT: '0', PARCEL_ENV: 'live' } });
      const port = await t.metrics!.listen('127.0.0.1', 0);
      url = `http://127.0.0.1:${port}/metrics`;
    });
    after(() => t.close());

    it('count each call by binding, operation and outcome, time it, and count every HTTP answer', async () => {
      const authentication = await t.authenticate((await t.addAccount({ pickupApproved: true })).delisId);
      await t.post(REST_PATH.validateOrders, { authentication, validateOrders: minimumRequest() });
      await t.post(REST_PATH.validateOrders, { authentication, validateOrders: minimumRequest() });
      await t.post(REST_PATH.storeOrders, {
        authentication,
        storeOrders: edit(minimumRequest(), set('order[0].parcels[0].weight', 4000)),
      });
      await t.post(REST_PATH.validateOrders, '{"authentication":');
      await injectSoap(t, endpointOf('validateOrders'), soapRequest('validateOrders', minimumRequest(), { authentication }));
      await t.post(REST_PATH.validateOrders, {
        authentication: { ...authentication, authToken: 'wrong' },
        validateOrders: minimumRequest(),
      });

      const response = await fetch(url);
      assert.equal(response.status, 200);
      assert.match(String(response.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      assert.equal(sample(text, 'parcel_calls_total', { binding: 'rest', operation: 'validateOrders', outcome: 'ok' }), 2);
      assert.equal(
        sample(text, 'parcel_calls_total', {
          binding: 'rest',
          operation: 'storeOrders',
          outcome: 'error_parcel_exceeds_maximum_allowed_weight',
        }),
        1,
      );
      assert.equal(sample(text, 'parcel_calls_total', { binding: 'soap', operation: 'validateOrders', outcome: 'ok' }), 1);
      assert.equal(
        sample(text, 'parcel_calls_total', { binding: 'rest', operation: 'validateOrders', outcome: 'DELICOM_ERR_AUTHENTICATION' }),
        1,
      );
      assert.equal(sample(text, 'parcel_calls_total', { binding: 'rest', operation: 'getAuth', outcome: 'ok' }), 1);
      assert.equal(sample(text, 'parcel_call_duration_seconds_count', { binding: 'rest', operation: 'validateOrders' }), 3);
      const slowest = sample(text, 'parcel_call_duration_seconds_bucket', { binding: 'rest', operation: 'validateOrders', le: '+Inf' });
      assert.equal(slowest, 3);
      assert.ok(sample(text, 'parcel_call_duration_seconds_sum', { binding: 'rest', operation: 'validateOrders' })! > 0);
      // The malformed body never reached an operation; its 400 is still counted, as are the 401 and the 200s.
      assert.equal(sample(text, 'parcel_http_responses_total', { status: '400' }), 1);
      assert.equal(sample(text, 'parcel_http_responses_total', { status: '401' }), 1);
      assert.equal(sample(text, 'parcel_http_responses_total', { status: '200' }), 5);
      assert.equal(sample(text, 'parcel_service_info', { environment: 'live', store: 'sqlite' }), 1);
      assert.match(text, /^parcel_nodejs_eventloop_lag_seconds \d/m);
      assert.match(text, /^parcel_process_cpu_seconds_total \d/m);
    });

    it('count an exportOrders or deleteOrders whose every entry failed as all_entries_failed, one with any success as ok', async () => {
      const authentication = await t.authenticate((await t.addAccount()).delisId);
      const stored = await t.post(REST_PATH.storeOrders, {
        authentication,
        storeOrders: { ...minimumRequest(), printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' } },
      });
      const number = stored.json().orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
      const unknown = '05229999999999';
      // Without late export every exportOrders entry fails; the unknown number fails its deleteOrders entry.
      await t.post(REST_PATH.exportOrders, { authentication, exportOrders: { parcelLabelNumber: [number, unknown] } });
      await t.post(REST_PATH.deleteOrders, { authentication, deleteOrders: { parcelLabelNumber: [unknown] } });
      await t.post(REST_PATH.deleteOrders, { authentication, deleteOrders: { parcelLabelNumber: [unknown, number] } });
      const text = await fetch(url).then((response) => response.text());
      const calls = (operation: string, outcome: string) => sample(text, 'parcel_calls_total', { binding: 'rest', operation, outcome });
      assert.equal(calls('exportOrders', 'all_entries_failed'), 1);
      assert.equal(calls('exportOrders', 'ok'), undefined);
      assert.equal(calls('deleteOrders', 'all_entries_failed'), 1);
      assert.equal(calls('deleteOrders', 'ok'), 1);
    });

    it("count what Node's HTTP parser refuses, though no request or route ever sees it", async () => {
      const countOf = async () => sample(await (await fetch(url)).text(), 'parcel_http_responses_total', { status: '400' }) ?? 0;
      const before = await countOf();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('FOO / HTTP/1.1\r\nHost: x\r\n\r\n'));
        socket
          .on('data', () => {})
          .on('error', reject)
          .on('close', () => resolve());
      });
      assert.equal(await countOf(), before + 1);
    });

    it('answer only GET /metrics', async () => {
      assert.equal((await fetch(url.replace('/metrics', '/'))).status, 404);
      assert.equal((await fetch(url, { method: 'POST' })).status, 404);
    });
  });
});
