// npm run bench:validate — validateOrders throughput against a bare Fastify route that parses the
// same JSON body and returns a fixed answer, measured in the same run. Target ratio ≥ 0.5.
import { minimumRequest } from '../test/fixtures/requests.ts';
import { login, measure, prepareAccount, ratio, startChild } from './support/harness.ts';

const account = await prepareAccount();
const service = await startChild('service', account.env);
const bare = await startChild('bare');
try {
  const authToken = await login(service.url, account.delisId, account.password);
  const body = JSON.stringify({ authentication: { delisId: account.delisId, authToken, messageLanguage: 'en_US' }, validateOrders: minimumRequest() });
  const target = `${service.url}/rest/services/ShipmentService/V3_5/validateOrders`;
  // Warm both, then alternate so drift on a shared machine hits both sides alike.
  await measure(target, body, undefined, 2);
  await measure(`${bare.url}/bare`, body, undefined, 2);
  const runs = { bare: [] as number[], validate: [] as number[] };
  for (let round = 0; round < 2; round++) {
    runs.bare.push(await measure(`${bare.url}/bare`, body));
    runs.validate.push(await measure(target, body));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const bareRate = mean(runs.bare);
  const validateRate = mean(runs.validate);
  console.log(`bare Fastify route (parse JSON, fixed answer): ${bareRate.toFixed(0)} req/s`);
  console.log(`validateOrders (minimum request):              ${validateRate.toFixed(0)} req/s`);
  console.log(`ratio validateOrders / bare: ${ratio(validateRate, bareRate)} (target ≥ 0.5)`);
} finally {
  await service.stop();
  await bare.stop();
}
