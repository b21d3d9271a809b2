// npm run bench:store — storeOrders (ZPL, one parcel, durable commit) against the bare Fastify route
// of bench:validate, measured in the same run. Target ratio ≥ 0.25.
// BENCH_PRINTER=PDF measures the same with a PDF label (drawn by the label threads; no ratio target)
// and, in the same run, the same label drawn in-process on one thread: the CPU a PDF storeOrders takes
// (every thread of the service) against the label's own (target ≤ 1.25×), and what the call adds that
// can be measured apart — the label's base64 and the answer's JSON.
import { operations } from '../src/contract/operation-table.ts';
import { decode } from '../src/contract/schema/decode.ts';
import { chooseService, findProduct } from '../src/contract/products.ts';
import type { StoreOrdersData } from '../src/contract/shipment-service/shipment-requests.ts';
import { labelJobOf, labelParcelsOf } from '../src/domain/shipment/label-job.ts';
import { renderLabels } from '../src/labels/render-labels.ts';
import { minimumRequest } from '../test/fixtures/requests.ts';
import autocannon from 'autocannon';
import { compareWithBare, login, prepareAccount, startChild } from './support/harness.ts';

const printerLanguage = process.env.BENCH_PRINTER === 'PDF' ? 'PDF' : 'ZPL';
const PATH = '/rest/services/ShipmentService/V3_5/storeOrders';
const account = await prepareAccount();
const service = await startChild('service', account.env);
const bare = await startChild('bare');

/** CPU µs per run of `work` on this thread, after a warm-up: the median of five rounds of `count`. */
async function cpuPerRun(count: number, work: () => unknown): Promise<number> {
  for (let i = 0; i < Math.max(20, count / 10); i++) await work();
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < count; i++) await work();
    const used = process.cpuUsage(before);
    rounds.push((used.user + used.system) / count);
  }
  return rounds.sort((a, b) => a - b)[2];
}

/** The label storeOrders draws for `request`'s one parcel, numbered `parcelLabelNumber`, drawn here on this thread. */
function sameLabel(request: unknown, parcelLabelNumber: string, mpsId: string) {
  const body = decode(operations.storeOrders.request, request, { binding: 'rest', source: 'json' }).value as StoreOrdersData;
  const [order] = body.order;
  const [parcel] = order.parcels ?? [];
  const product = findProduct(order.generalShipmentData.product);
  if (product === undefined || parcel === undefined) throw new Error('the bench request has no product or parcel');
  const service = chooseService(product, { weight: parcel.weight, volume: parcel.volume });
  const shipDate = Number(mpsId.slice(-8));
  const numbered = [
    { parcelLabelNumber, position: 0, returns: false, weight: parcel.weight, serviceCode: service.code, serviceText: service.text },
  ];
  return labelJobOf(
    labelParcelsOf(order, numbered, shipDate, mpsId),
    body.printOptions ?? { printerLanguage: 'PDF', paperFormat: 'A6' },
    true,
  );
}

try {
  const authToken = await login(service.url, account.delisId, account.password);
  const request = { ...minimumRequest(), printOptions: { printerLanguage, paperFormat: 'A6' } };
  const body = JSON.stringify({ authentication: { delisId: account.delisId, authToken, messageLanguage: 'en_US' }, storeOrders: request });
  const target = { server: service, url: `${service.url}${PATH}` };
  await compareWithBare(
    { server: bare, url: `${bare.url}/bare` },
    `storeOrders (${printerLanguage}, one parcel, SQLite, durable before the answer)`,
    target,
    body,
    printerLanguage === 'ZPL' ? 0.25 : undefined,
  );
  if (printerLanguage === 'PDF') {
    // One call for the parcel number and mpsId the label prints, and the label as the service drew it.
    const answer = (await (await fetch(target.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as {
      orderResult: {
        parcellabelsPDF: string;
        shipmentResponses: Array<{ mpsId: string; parcelInformation: Array<{ parcelLabelNumber: string }> }>;
      };
    };
    const shipment = answer.orderResult.shipmentResponses[0];
    const job = sameLabel(request, shipment.parcelInformation[0].parcelLabelNumber, shipment.mpsId);
    const label = (await renderLabels(job)).labels as Uint8Array;
    const served = Buffer.from(answer.orderResult.parcellabelsPDF, 'base64');
    console.log(`\nthe label: ${label.byteLength} bytes drawn here, ${served.byteLength} bytes in the service's answer`);
    const labelCpu = await cpuPerRun(200, () => renderLabels(job));
    const base64Cpu = await cpuPerRun(2000, () => Buffer.from(label.buffer, label.byteOffset, label.byteLength).toString('base64'));
    const jsonCpu = await cpuPerRun(2000, () => JSON.stringify(answer));
    // The service's CPU per storeOrders, every thread, over a run of its own.
    const callCpu = await serviceCpuPerCall(target.url, body);
    console.log(`PDF label drawn in-process (one thread): ${labelCpu.toFixed(0)} µs CPU per label (median of 5 rounds)`);
    console.log(`  its base64 (${served.byteLength} bytes): ${base64Cpu.toFixed(1)} µs; the answer's JSON: ${jsonCpu.toFixed(1)} µs`);
    console.log(`storeOrders (PDF) in the service: ${callCpu.toFixed(0)} µs CPU per request, all its threads`);
    console.log(`ratio storeOrders / label alone: ${(callCpu / labelCpu).toFixed(2)}× (target ≤ 1.25×)`);
  }
} finally {
  await service.stop();
  await bare.stop();
}

/** The service's CPU (all threads) per storeOrders over a run of its own, after the comparison. */
async function serviceCpuPerCall(url: string, body: string): Promise<number> {
  const cpuBefore = service.cpuMicros();
  const result = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    connections: 10,
    duration: Number(process.env.BENCH_SECONDS ?? 5),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return (service.cpuMicros() - cpuBefore) / result.requests.total;
}
