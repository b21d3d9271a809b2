// npm run bench:validate — validateOrders throughput against a bare Fastify route that parses the
// same JSON body and returns a fixed answer, measured in the same run. Target ratio ≥ 0.5.
// BENCH_ENV=live measures without the stage request log.
import { minimumRequest } from '../test/fixtures/requests.ts';
import { compareWithBare, login, prepareAccount, startChild } from './support/harness.ts';

const account = await prepareAccount({ environment: process.env.BENCH_ENV === 'live' ? 'live' : 'stage' });
const service = await startChild('service', account.env);
const bare = await startChild('bare');
try {
  const authToken = await login(service.url, account.delisId, account.password);
  const body = JSON.stringify({
    authentication: { delisId: account.delisId, authToken, messageLanguage: 'en_US' },
    validateOrders: minimumRequest(),
  });
  await compareWithBare(
    { server: bare, url: `${bare.url}/bare` },
    `validateOrders (minimum request, ${account.env.PARCEL_ENV})`,
    { server: service, url: `${service.url}/rest/services/ShipmentService/V3_5/validateOrders` },
    body,
    0.5,
  );
} finally {
  await service.stop();
  await bare.stop();
}
