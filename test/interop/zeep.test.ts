// Interop: Python zeep (Debian python3-zeep, run with /usr/bin/python3) reads the served WSDL and
// runs the shared steps.
import { after, before, describe, it } from 'node:test';
import { startInteropServer, type InteropServer } from './interop-plan.ts';
import { runClient } from './run-client.ts';

describe('SOAP interop: Python zeep', () => {
  let server: InteropServer;
  before(async () => {
    server = await startInteropServer();
  });
  after(() => server.close());

  it('logs in, validates, stores, exports, deletes, tracks, lists products, consolidates, reads both fault kinds, and meets injected faults', async () => {
    // zeep reports an HTTP error status without a SOAP body as a TransportError.
    await runClient(server, 'zeep', '/usr/bin/python3', './client.py', /^TransportError$/);
  });
});
