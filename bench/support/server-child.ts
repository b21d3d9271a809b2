// A server for benchmarks, run in its own process so autocannon and the server do not share a core.
// `bare`: a Fastify route that parses the JSON body and returns a fixed answer (the baseline), at `/bare`
// and at validateOrders' REST path.
// `service`: the real service on the SQLite store in DATA_DIR.
// `node-soap`: the ShipmentService WSDL served by the npm soap package, storeOrders a stub with a
// fixed answer (the comparison of bench/soap.ts). Prints `PORT <n>` when listening.
import Fastify, { type FastifyRequest } from 'fastify';
import { createServer } from 'node:http';
import soap from 'soap';
import { operations, ShipmentServiceContract } from '../../src/contract/operation-table.ts';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { createNamespaces } from '../../src/bindings/soap/namespaces.ts';
import { endpointPath, writeWsdl } from '../../src/bindings/soap/wsdl.ts';
import { openStore } from '../../src/store/open-database.ts';
import { buildApp } from '../../src/server/build-app.ts';
import { readConfig, sqlitePath } from '../../src/server/config/config.ts';

const mode = process.argv[2];
// BENCH_PROFILE=<file> (the service) or BENCH_PROFILE_BARE=<file> (the bare route): a CPU profile of
// that child, written when the benchmark stops it.
const profilePath = mode === 'bare' ? process.env.BENCH_PROFILE_BARE : mode === 'service' ? process.env.BENCH_PROFILE : undefined;
if (profilePath !== undefined) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const writeProfile = async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profilePath, JSON.stringify(profile));
    process.exit(0);
  };
  process.once('SIGTERM', () => void writeProfile());
}
if (mode === 'bare') {
  const app = Fastify({ bodyLimit: 5 * 1024 * 1024 });
  const answer = async (request: FastifyRequest) => {
    if (typeof request.body !== 'object') throw new Error('no body');
    return { orderResult: { success: true, messages: [] }, status: { type: 'OK', code: '200', message: 'valid' } };
  };
  app.post('/bare', answer);
  // The same at validateOrders' own path, for a validating proxy in front of it (bench/validate.ts:
  // Prism), with the X-Request-Id header the OpenAPI document requires of every answer: without it
  // Prism, which checks answers too, replaced each one with its own HTTP 500.
  app.post(restPath(operations.validateOrders), async (request, reply) => {
    reply.header('x-request-id', request.id);
    return answer(request);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`PORT ${typeof address === 'object' && address !== null ? address.port : 0}`);
} else if (mode === 'service') {
  const config = readConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'error' });
  const store = await openStore({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePath(config) });
  await store.migrate();
  const { app } = await buildApp({ config, store, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`PORT ${typeof address === 'object' && address !== null ? address.port : 0}`);
} else if (mode === 'node-soap') {
  const config = readConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'error' });
  const wsdl = writeWsdl(ShipmentServiceContract, createNamespaces(config.soapNamespaceBase), 'http://127.0.0.1');
  // About the size of a one-parcel ZPL label, so both answers carry the same bytes.
  const label = Buffer.alloc(1600, '^FO50,50^A0N,30,30^FDstub label^FS').toString('base64');
  const orderResult = {
    parcellabelsPDF: label,
    shipmentResponses: [
      { identificationNumber: '', mpsId: 'MPS0522000000000120261123', parcelInformation: [{ parcelLabelNumber: '05220000000001' }] },
    ],
  };
  const services = {
    [ShipmentServiceContract.name]: { [`${ShipmentServiceContract.portType}Port`]: { storeOrders: () => ({ orderResult }) } },
  };
  const server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  soap.listen(server, endpointPath(ShipmentServiceContract), services, wsdl);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`PORT ${typeof address === 'object' && address !== null ? address.port : 0}`);
  });
} else {
  console.error('usage: server-child.ts bare|service|node-soap');
  process.exit(2);
}
