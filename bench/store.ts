// npm run bench:store — storeOrders (ZPL, one parcel, durable commit) against the bare Fastify route
// of bench:validate, measured in the same run. Target ratio ≥ 0.25.
import { minimumRequest } from '../test/fixtures/requests.ts';
import { login, measure, prepareAccount, ratio, startChild } from './support/harness.ts';

const account = await prepareAccount();
const service = await startChild('service', account.env);
const bare = await startChild('bare');
try {
  const authToken = await login(service.url, account.delisId, account.password);
  const request = { ...minimumRequest(), printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' } };
  const body = JSON.stringify({ authentication: { delisId: account.delisId, authToken, messageLanguage: 'en_US' }, storeOrders: request });
  const target = `${service.url}/rest/services/ShipmentService/V3_5/storeOrders`;
  await measure(target, body, undefined, 2);
  await measure(`${bare.url}/bare`, body, undefined, 2);
  const runs = { bare: [] as number[], store: [] as number[] };
  for (let round = 0; round < 2; round++) {
    runs.bare.push(await measure(`${bare.url}/bare`, body));
    runs.store.push(await measure(target, body));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const bareRate = mean(runs.bare);
  const storeRate = mean(runs.store);
  console.log(`bare Fastify route (parse JSON, fixed answer):      ${bareRate.toFixed(0)} req/s`);
  console.log(`storeOrders (ZPL, one parcel, SQLite WAL + FULL sync): ${storeRate.toFixed(0)} req/s`);
  console.log(`ratio storeOrders / bare: ${ratio(storeRate, bareRate)} (target ≥ 0.25)`);
} finally {
  await service.stop();
  await bare.stop();
}
