// Interop: PHP's SoapClient (Debian php-cli, php-soap) reads the served WSDL and runs the shared steps.
import { after, before, describe, it } from 'node:test';
import { startInteropServer, type InteropServer } from './interop-plan.ts';
import { runClient } from './run-client.ts';

describe('SOAP interop: PHP SoapClient', () => {
  let server: InteropServer;
  before(async () => {
    server = await startInteropServer();
  });
  after(() => server.close());

  it('logs in, validates, stores, exports, deletes, tracks, lists products, consolidates, reads both fault kinds, and meets injected faults', async () => {
    // SoapClient reports an HTTP error status as a SoapFault whose faultcode is "HTTP".
    await runClient(server, 'php', 'php', './client.php', /^SoapFault HTTP: Service Unavailable$/);
  });
});
