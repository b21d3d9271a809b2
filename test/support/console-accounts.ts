// Two accounts on a stage service for the ConsoleService's tests: alice with two parcels (references
// FIRST-1 and SECOND-2, stored in that order), bob with one of his own, and calls over REST and SOAP.
import { edit, minimumRequest, set } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from './app.ts';
import { REST_PATH, type Auth, type RestOperation } from './rest.ts';
import { endpointOf, injectSoap } from './soap-client.ts';
import { soapRequest } from './soap-request.ts';
import { readSoapAnswer } from './soap-response.ts';

export interface ConsoleAccounts {
  readonly t: TestApp;
  readonly alice: Auth;
  readonly bob: Auth;
  /** alice's parcel label numbers, in the order stored (FIRST-1, SECOND-2). */
  readonly numbers: readonly string[];
  /** The PDF storeOrders answered for alice's second parcel. */
  readonly storedPdf: string;
  /** A REST call, as alice unless told. */
  readonly call: (operation: RestOperation, body: unknown, authentication?: Auth) => ReturnType<TestApp['post']>;
  /** The SOAP answer's response element, or its fault; as alice unless told. */
  readonly soap: (operation: string, body: Record<string, unknown>, authentication?: Auth) => Promise<ReturnType<typeof readSoapAnswer>>;
}

export async function startConsoleAccounts(): Promise<ConsoleAccounts> {
  const t = await startTestApp();
  const alice = await t.authenticate((await t.addAccount()).delisId);
  const bob = await t.authenticate((await t.addAccount()).delisId);
  const call = (operation: RestOperation, body: unknown, authentication = alice) =>
    t.post(REST_PATH[operation], { authentication, [operation]: body });
  const soap = async (operation: string, body: Record<string, unknown>, authentication = alice) =>
    readSoapAnswer((await injectSoap(t, endpointOf(operation), soapRequest(operation, body as never, { authentication }))).body);
  const numbers: string[] = [];
  let storedPdf = '';
  for (const reference of ['FIRST-1', 'SECOND-2']) {
    const stored = (
      await call('storeOrders', edit(minimumRequest(), set('order[0].parcels[0].customerReferenceNumber1', reference)))
    ).json();
    numbers.push(stored.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber);
    storedPdf = stored.orderResult.parcellabelsPDF;
  }
  await call('storeOrders', minimumRequest(), bob);
  return { t, alice, bob, numbers, storedPdf, call, soap };
}
