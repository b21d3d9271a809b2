// Shared by the interop tests of every SOAP client (npm soap, PHP SoapClient, Python zeep): a
// listening server with an account, the plan each client follows (WSDL URLs, credentials and the
// requests, from the JSON fixtures), and one routine asserting what a client read at each step.
// A new operation is a new plan entry, a step in each client and a case in `assertClientRun`.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import {
  LoginServiceContract,
  ParcelLifeCycleServiceContract,
  ParcelShopFinderServiceContract,
  SandboxServiceContract,
  ShipmentServiceContract,
} from '../../src/contract/operation-table.ts';
import { endpointPath } from '../../src/bindings/soap/wsdl.ts';
import { duplicate, edit, minimumRequest, set, TODAY, type JsonObject } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { namespaces, operationNamed } from '../support/soap-request.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The directory of the shops step: both are within 2 km of the search point, 101 the nearer. */
const SHOPS = [
  {
    parcelShopId: 101,
    company: 'Kiosk Damrak',
    street: 'Damrak',
    houseNo: '1',
    country: 'NL',
    zipCode: '1012LG',
    city: 'Amsterdam',
    latitude: 52.3752,
    longitude: 4.8966,
    availableService: ['parcelShopDelivery', 'dropOff', 'returns'] as const,
    openingHours: [{ day: 1, fromTime1: 900, toTime1: 1800 }],
  },
  {
    parcelShopId: 102,
    company: 'Boekhandel Leidseplein',
    street: 'Leidseplein',
    country: 'NL',
    zipCode: '1017PT',
    city: 'Amsterdam',
    latitude: 52.3641,
    longitude: 4.8829,
    availableService: ['returns'] as const,
  },
];

/** What a client is told to do. */
export interface InteropPlan {
  readonly loginWsdl: string;
  readonly shipmentWsdl: string;
  readonly trackingWsdl: string;
  readonly finderWsdl: string;
  /** findParcelShopsByGeoData body: two shops of the server's directory are nearest. */
  readonly shopSearch: JsonObject;
  readonly authNamespace: string;
  readonly delisId: string;
  readonly password: string;
  /** Where the client writes the label of the store step. */
  readonly labelPath: string;
  /** validateOrders body with several errors. */
  readonly badOrder: JsonObject;
  /** storeOrders body: one order of three parcels. */
  readonly multiParcelOrder: JsonObject;
  /** storeOrders body with a data error (SOAP `faults` fault). */
  readonly dataErrorOrder: JsonObject;
  /** startOrdersConsolidation's day (YYYYMMDD): the test clock's. */
  readonly consolidationDate: number;
  /** SandboxService (stage): the faults the client injects into its own next call and reads back. */
  readonly sandboxWsdl: string;
  /** injectFault bodies: a `faults` fault and an authenticationFault (for validateOrders), a delay and an HTTP status (for getAvailableProductsAndServices). */
  readonly injectedFault: JsonObject;
  readonly injectedAuthenticationFault: JsonObject;
  readonly injectedDelay: JsonObject;
  readonly injectedStatus: JsonObject;
}

/** How long the injected delay holds the client's call. */
const INJECTED_DELAY_MS = 1500;

/** One line a client printed: the step's name and what it read, or `error`. */
export type StepLine = { readonly step: string; readonly error?: string } & Record<string, unknown>;

export interface InteropServer {
  readonly t: TestApp;
  readonly plan: InteropPlan;
  /** Writes the plan to a file for a client process; returns its path. */
  planFile(client: string): string;
  close(): Promise<void>;
}

/** Starts a listening server with one account and builds the plan against it. */
export async function startInteropServer(): Promise<InteropServer> {
  const t = await startTestApp();
  const { delisId } = await t.addAccount();
  await t.store.parcelShops.saveParcelShops(SHOPS);
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const dir = mkdtempSync(join(tmpdir(), 'soap-interop-'));
  const plan: InteropPlan = {
    loginWsdl: `${origin}/soap/WSDL/${LoginServiceContract.wsdlName}`,
    shipmentWsdl: `${origin}${endpointPath(ShipmentServiceContract)}?wsdl`,
    trackingWsdl: `${origin}${endpointPath(ParcelLifeCycleServiceContract)}?wsdl`,
    finderWsdl: `${origin}/soap/WSDL/${ParcelShopFinderServiceContract.wsdlName}`,
    shopSearch: { longitude: 4.8924, latitude: 52.373, limit: 2 },
    authNamespace: namespaces.authentication,
    delisId,
    password: PASSWORD,
    labelPath: join(dir, 'label.pdf'),
    badOrder: edit(
      minimumRequest(),
      set('order[0].parcels[0].weight', 4000),
      set('order[0].generalShipmentData.recipient.zipCode', 'ABCDEFG'),
      set('order[0].generalShipmentData.recipient.email', 'not-an-address'),
    ),
    multiParcelOrder: edit(minimumRequest(), duplicate('order[0].parcels[0]', 2)),
    dataErrorOrder: edit(minimumRequest(), set('order[0].parcels[0].weight', 4000)),
    consolidationDate: TODAY,
    sandboxWsdl: `${origin}/soap/WSDL/${SandboxServiceContract.wsdlName}`,
    injectedFault: {
      operation: 'getAvailableProductsAndServices',
      binding: 'SOAP',
      fault: { faultCode: 'CARRIER_DOWN', message: 'The carrier is down (injected).' },
    },
    injectedAuthenticationFault: {
      operation: 'validateOrders',
      binding: 'SOAP',
      authenticationFault: { errorCode: 'ERR_DELICOM_TOKEN_EXPIRED', errorMessage: 'The token has expired (injected).' },
    },
    injectedDelay: { operation: 'getAvailableProductsAndServices', binding: 'SOAP', delayMs: INJECTED_DELAY_MS },
    injectedStatus: { operation: 'getAvailableProductsAndServices', binding: 'SOAP', httpStatus: 503 },
  };
  return {
    t,
    plan,
    planFile(client) {
      const file = join(dir, `plan-${client}.json`);
      writeFileSync(file, JSON.stringify({ ...plan, labelPath: join(dir, `label-${client}.pdf`) }));
      return file;
    },
    async close() {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The lines of a client's output, by step. */
export function readStepLines(stdout: string): Map<string, StepLine> {
  const lines = stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as StepLine);
  return new Map(lines.map((line) => [line.step, line]));
}

const localName = (name: unknown) => String(name).replace(/^\{[^}]*\}/, '');
const instant = (text: string) => new Date(/(Z|[+-]\d\d:\d\d)$/.test(text) ? text : `${text}Z`).getTime();

/** validateOrders messages of `body` as the REST binding gives them: what every client must read too. */
async function restMessages(server: InteropServer, body: JsonObject) {
  const authentication = await server.t.authenticate(server.plan.delisId);
  const response = await server.t.post(restPath(operationNamed('validateOrders')), { authentication, validateOrders: body });
  return (response.json().orderResult.messages as Array<{ code: string; detail: string }>).map(({ code, detail }) => ({ code, detail }));
}

/**
 * Asserts every step a client ran: login, validate, store (label written to `labelPath`), export
 * (the first stored parcel; the account has no late export, so its entry fails), delete (the second),
 * track (the third: the carrier has its data), products, consolidate, shops (the two nearest of the directory), dataFault,
 * authFault, and the injected faults (SandboxService): a `faults` fault and an authenticationFault
 * read through the client's fault handling, a delay, and an HTTP 503 as the client's transport error
 * (`httpError`: how the client names it).
 */
export async function assertClientRun(
  server: InteropServer,
  lines: Map<string, StepLine>,
  labelPath: string,
  httpError: RegExp,
): Promise<void> {
  const step = (name: string) => {
    const line = lines.get(name);
    assert.ok(line !== undefined, `the client printed no ${name} line`);
    assert.equal(line.error, undefined, `${name}: ${line.error}`);
    return line;
  };

  const login = step('login');
  assert.match(String(login.authToken), /^[A-Za-z0-9_-]{43}$/);
  assert.equal(login.depot, '0522');
  assert.equal(instant(String(login.authTokenExpires)), server.t.clock.now().getTime() + DAY);

  const validate = step('validate');
  assert.equal(validate.success, false);
  assert.deepEqual(validate.messages, await restMessages(server, server.plan.badOrder));

  const store = step('store');
  const numbers = store.parcelLabelNumbers as string[];
  assert.equal(numbers.length, 3);
  for (const number of numbers) assert.match(number, /^0522\d{10}$/);
  assert.match(String(store.mpsId), new RegExp(`^MPS${numbers[0]}\\d{8}$`));
  const label = readFileSync(labelPath);
  assert.equal(label.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(label.subarray(-8).toString('latin1'), /%%EOF\s*$/);

  const exported = step('export');
  assert.equal(exported.success, false);
  const [exportResult, ...moreExports] = exported.results as Array<{ success: boolean; message: string }>;
  assert.equal(moreExports.length, 0);
  assert.equal(exportResult.success, false);
  assert.match(exportResult.message, new RegExp(`${numbers[0]}: late export is not active for this account`));

  const deleted = step('delete');
  assert.equal(deleted.success, true);
  assert.deepEqual(deleted.results, [{ success: true }]);

  const track = step('track');
  assert.equal(track.parcelLabelNumber, numbers[2]);
  assert.deepEqual(track.states, [['DataReceived', true, true, 'Best (NL)']]);

  const products = step('products');
  assert.ok((products.products as string[]).includes('B2B'), JSON.stringify(products));
  assert.ok((products.additionalServices as string[]).length > 0, JSON.stringify(products));

  assert.equal(step('consolidate').success, true);

  // Clients read xs:long and xs:double as numbers or as text: compared as numbers.
  const shops = step('shops');
  assert.deepEqual(
    (shops.shops as Array<[unknown, unknown, string[]]>).map(([id, distance, services]) => [Number(id), Number(distance), services]),
    [
      [101, 0.38, ['parcelShopDelivery', 'dropOff', 'returns']],
      [102, 1.18, ['returns']],
    ],
  );

  const dataFault = step('dataFault');
  assert.match(String(dataFault.faultcode), /Client$/);
  assert.equal(localName(dataFault.detail), 'faults');
  assert.equal(dataFault.faultCode, 'error_parcel_exceeds_maximum_allowed_weight');
  assert.match(String(dataFault.message), /order\[0\]\.parcels\[0\]\.weight exceeds the maximum allowed weight/);

  const authFault = step('authFault');
  assert.match(String(authFault.faultcode), /Client$/);
  assert.equal(localName(authFault.detail), 'authenticationFault');
  assert.equal(authFault.errorCode, 'DELICOM_ERR_AUTHENTICATION');
  assert.match(String(authFault.errorMessage), /^Authentication failed/);

  const injectedFault = step('injectedFault');
  assert.match(String(injectedFault.faultcode), /Client$/);
  assert.equal(injectedFault.faultstring, 'The carrier is down (injected).');
  assert.equal(localName(injectedFault.detail), 'faults');
  assert.equal(injectedFault.faultCode, 'CARRIER_DOWN');
  assert.equal(injectedFault.message, 'The carrier is down (injected).');

  const injectedAuthFault = step('injectedAuthFault');
  assert.match(String(injectedAuthFault.faultcode), /Client$/);
  assert.equal(localName(injectedAuthFault.detail), 'authenticationFault');
  assert.equal(injectedAuthFault.errorCode, 'ERR_DELICOM_TOKEN_EXPIRED');
  assert.equal(injectedAuthFault.errorMessage, 'The token has expired (injected).');

  const injectedDelay = step('injectedDelay');
  assert.ok(Number(injectedDelay.elapsedMs) >= INJECTED_DELAY_MS, `the delayed call took ${String(injectedDelay.elapsedMs)} ms`);
  assert.ok((injectedDelay.products as string[]).includes('B2B'), 'the delayed call got its real answer');

  const injectedStatus = step('injectedStatus');
  assert.equal(Number(injectedStatus.status), 503);
  assert.match(String(injectedStatus.seenAs), httpError);

  // Every injected fault was used up by the call it was meant for.
  assert.deepEqual(step('sandboxState').pendingFaults, 0);
}
