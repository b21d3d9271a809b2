// npm run bench:soap — SOAP storeOrders throughput (ZPL A6, one parcel, stored durably) against the
// same request over REST, measured in the same run: target ratio ≥ 0.8 (docs/decisions.md "Performance").
// For comparison, the same WSDL served by the npm soap package with a stub storeOrders that does no
// work at all: what the XML layer alone of a generic SOAP server manages. validateOrders (no storage,
// no label) shows the binding's own cost more sharply than storeOrders, so it is measured too.
import { SOAP_CONTENT_TYPE } from '../test/support/soap-client.ts';
import { soapRequest } from '../test/support/soap-request.ts';
import { edit, minimumRequest, set } from '../test/fixtures/requests.ts';
import { endpointPath } from '../src/bindings/soap/wsdl.ts';
import { ShipmentServiceContract } from '../src/contract/operation-table.ts';
import { login, measure, prepareAccount, ratio, startChild } from './support/harness.ts';

const account = await prepareAccount();
const service = await startChild('service', account.env);
const nodeSoap = await startChild('node-soap');
try {
  const authToken = await login(service.url, account.delisId, account.password);
  const authentication = { delisId: account.delisId, authToken, messageLanguage: 'en_US' };
  const request = edit(minimumRequest(), set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' }));
  const restBody = JSON.stringify({ authentication, storeOrders: request });
  const soapBody = soapRequest('storeOrders', request, { authentication });
  const endpoint = endpointPath(ShipmentServiceContract);
  const targets = {
    rest: { url: `${service.url}/rest/services/ShipmentService/V3_5/storeOrders`, body: restBody, type: 'application/json' },
    soap: { url: `${service.url}${endpoint}`, body: soapBody, type: SOAP_CONTENT_TYPE },
    nodeSoap: { url: `${nodeSoap.url}${endpoint}`, body: soapBody, type: SOAP_CONTENT_TYPE },
    restValidate: {
      url: `${service.url}/rest/services/ShipmentService/V3_5/validateOrders`,
      body: JSON.stringify({ authentication, validateOrders: request }),
      type: 'application/json',
    },
    soapValidate: {
      url: `${service.url}${endpoint}`,
      body: soapRequest('validateOrders', request, { authentication }),
      type: SOAP_CONTENT_TYPE,
    },
  };
  type Target = keyof typeof targets;
  const run = (name: Target, seconds?: number) => measure(targets[name].url, targets[name].body, targets[name].type, seconds);
  // Warm every target, then alternate the order round by round (ABBA), so drift on a shared machine
  // and the store growing with every stored parcel hit both bindings alike.
  const names = Object.keys(targets) as Target[];
  for (const name of names) await run(name, 2);
  const runs: Record<Target, number[]> = { rest: [], soap: [], nodeSoap: [], restValidate: [], soapValidate: [] };
  for (let round = 0; round < 4; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) runs[name].push(await run(name));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const [restRate, soapRate, nodeSoapRate] = [mean(runs.rest), mean(runs.soap), mean(runs.nodeSoap)];
  const [restValidateRate, soapValidateRate] = [mean(runs.restValidate), mean(runs.soapValidate)];
  console.log(`REST storeOrders (ZPL A6, one parcel):        ${restRate.toFixed(0)} req/s`);
  console.log(`SOAP storeOrders (same request as XML):       ${soapRate.toFixed(0)} req/s`);
  console.log(`npm soap server, same WSDL, stub storeOrders: ${nodeSoapRate.toFixed(0)} req/s`);
  console.log(`REST validateOrders (same order):             ${restValidateRate.toFixed(0)} req/s`);
  console.log(`SOAP validateOrders (same order as XML):      ${soapValidateRate.toFixed(0)} req/s`);
  console.log(`ratio SOAP / REST storeOrders: ${ratio(soapRate, restRate)} (target ≥ 0.8)`);
  console.log(`ratio SOAP / REST validateOrders: ${ratio(soapValidateRate, restValidateRate)}`);
  console.log(`ratio SOAP / npm soap stub: ${ratio(soapRate, nodeSoapRate)} (ours stores and renders; the stub does nothing)`);
} finally {
  await service.stop();
  await nodeSoap.stop();
}
