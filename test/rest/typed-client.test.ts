// A typed client generated from the served OpenAPI document (openapi-typescript's types, openapi-fetch's
// client) compiles under tsc with the project's options, refuses a body the document refuses, and
// runs login → validateOrders → storeOrders → getTrackingData against the listening service.
import assert from 'node:assert/strict';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';

/** The client program, as an integrator would write it against the generated `paths`. */
const FLOW = `import createClient from 'openapi-fetch';
import type { components, paths } from './api.ts';

export async function run(baseUrl: string, delisId: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/rest/services/LoginService/V2_1/getAuth', { body: { delisId, password, messageLanguage: 'en_US' } });
  if (login.data === undefined) throw new Error(\`getAuth: \${JSON.stringify(login.error)}\`);
  const authentication = { delisId, authToken: login.data.getAuthResponse.return.authToken, messageLanguage: 'en_US' as const };
  const request: components['schemas']['storeOrders'] = {
    printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' },
    order: [{
    generalShipmentData: {
      sendingDepot: '0522',
      product: 'B2B',
      sender: { name1: 'Sender BV', street: 'Keizersgracht 1', country: 'NL', zipCode: '1015CJ', city: 'Amsterdam' },
      recipient: { name1: 'Receiver BV', street: 'Coolsingel 40', country: 'NL', zipCode: '3011AD', city: 'Rotterdam' },
    },
    parcels: [{ customerReferenceNumber1: 'REF-1', volume: '010020030', weight: 500 }],
    productAndServiceData: { orderType: 'consignment' },
    }],
  };
  const validated = await client.POST('/rest/services/ShipmentService/V3_5/validateOrders', {
    body: { authentication, validateOrders: request },
  });
  if (validated.data === undefined) throw new Error(\`validateOrders: \${JSON.stringify(validated.error)}\`);
  const stored = await client.POST('/rest/services/ShipmentService/V3_5/storeOrders', { body: { authentication, storeOrders: request } });
  if (stored.data === undefined) throw new Error(\`storeOrders: \${JSON.stringify(stored.error)}\`);
  const parcelLabelNumber = stored.data.orderResult.shipmentResponses?.[0]?.parcelInformation?.[0]?.parcelLabelNumber;
  if (parcelLabelNumber === undefined || parcelLabelNumber === null) throw new Error('storeOrders answered no parcel number');
  const tracking = await client.POST('/rest/services/ParcelLifeCycleService/V2_0/getTrackingData', {
    body: { authentication, getTrackingData: { parcelLabelNumber } },
  });
  if (tracking.data === undefined) throw new Error(\`getTrackingData: \${JSON.stringify(tracking.error)}\`);
  return {
    valid: validated.data.orderResult.success,
    parcelLabelNumber,
    tracked: tracking.data.getTrackingDataResponse.trackingResult.shipmentInfo?.trackingProperty?.find((fact) => fact.key === 'parcelLabelNumber')
      ?.value,
    current: tracking.data.getTrackingDataResponse.trackingResult.statusInfo?.find((info) => info.isCurrentStatus)?.status,
  };
}

export async function wrongBodies(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error the password is text
  await client.POST('/rest/services/LoginService/V2_1/getAuth', { body: { delisId: 'KD123456', password: 42, messageLanguage: 'de_DE' } });
  // @ts-expect-error the body of every service but the login carries authentication
  await client.POST('/rest/services/ParcelLifeCycleService/V2_0/getTrackingData', { body: { getTrackingData: { parcelLabelNumber: '1' } } });
}
`;

describe('a typed client generated from the served document', () => {
  let t: TestApp;
  let origin: string;
  let dir: string;
  before(async () => {
    t = await startTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Beside the project's node_modules, as a client project would have openapi-fetch in its own.
    dir = await mkdtemp(join(tmpdir(), 'parcel-typed-client-'));
    await symlink(resolve('node_modules'), join(dir, 'node_modules'));
    const document = (await fetch(`${origin}/rest/openapi.json`).then((response) => response.json())) as Parameters<typeof openapiTS>[0];
    await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(document)));
    await writeFile(join(dir, 'flow.ts'), FLOW);
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('compiles under tsc with the project options, wrong bodies refused', () => {
    const { config } = ts.readConfigFile('tsconfig.json', (path) => ts.sys.readFile(path));
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, resolve('.'));
    const program = ts.createProgram([join(dir, 'flow.ts')], options);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    assert.deepEqual(diagnostics, []);
  });

  it('logs in, validates, stores a parcel and tracks it', async () => {
    const { delisId } = await t.addAccount();
    const flow = (await import(pathToFileURL(join(dir, 'flow.ts')).href)) as {
      run(baseUrl: string, delisId: string, password: string): Promise<Record<string, unknown>>;
    };
    const result = await flow.run(origin, delisId, PASSWORD);
    assert.equal(result.valid, true);
    assert.match(result.parcelLabelNumber as string, /^0522\d{10}$/);
    assert.equal(result.tracked, result.parcelLabelNumber);
    assert.equal(result.current, 'DataReceived');
  });
});
