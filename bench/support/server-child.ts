// A server for benchmarks, run in its own process so autocannon and the server do not share a core.
// `bare`: a Fastify route that parses the JSON body and returns a fixed answer (the baseline).
// `service`: the real service on the SQLite store in DATA_DIR. Prints `PORT <n>` when listening.
import Fastify from 'fastify';
import { openStore } from '../../src/store/open-database.ts';
import { buildApp } from '../../src/server/build-app.ts';
import { readConfig, sqlitePath } from '../../src/server/config.ts';

const mode = process.argv[2];
if (mode === 'bare') {
  const app = Fastify({ bodyLimit: 5 * 1024 * 1024 });
  app.post('/bare', async (request) => {
    if (typeof request.body !== 'object') throw new Error('no body');
    return { orderResult: { success: true, messages: [] }, status: { type: 'OK', code: '200', message: 'valid' } };
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
} else {
  console.error('usage: server-child.ts bare|service');
  process.exit(2);
}
