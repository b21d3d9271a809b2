// npm run bench:store — storeOrders (ZPL, one parcel, durable commit) against the bare Fastify route
// of bench:validate, measured in the same run. Target ratio ≥ 0.25.
// BENCH_PRINTER=PDF measures the same with a PDF label (drawn by the label threads; no target).
import { minimumRequest } from '../test/fixtures/requests.ts';
import { compareWithBare, login, prepareAccount, startChild } from './support/harness.ts';

const printerLanguage = process.env.BENCH_PRINTER === 'PDF' ? 'PDF' : 'ZPL';
const account = await prepareAccount();
const service = await startChild('service', account.env);
const bare = await startChild('bare');
try {
  const authToken = await login(service.url, account.delisId, account.password);
  const request = { ...minimumRequest(), printOptions: { printerLanguage, paperFormat: 'A6' } };
  const body = JSON.stringify({ authentication: { delisId: account.delisId, authToken, messageLanguage: 'en_US' }, storeOrders: request });
  await compareWithBare(
    { server: bare, url: `${bare.url}/bare` },
    `storeOrders (${printerLanguage}, one parcel, SQLite, durable before the answer)`,
    { server: service, url: `${service.url}/rest/services/ShipmentService/V3_5/storeOrders` },
    body,
    printerLanguage === 'ZPL' ? 0.25 : undefined,
  );
} finally {
  await service.stop();
  await bare.stop();
}
