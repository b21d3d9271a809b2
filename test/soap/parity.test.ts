// Behaviour parity: one table of cases, each sent over REST (JSON) and SOAP (the same request
// written as XML by xml-request.ts) to a listening server; both bindings must reach the same
// outcome — the same login, the same validation messages, the same stored parcels, the same fault.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { duplicate, edit, minimumRequest, remove, set, type JsonObject } from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, fetchSoap } from '../support/soap-client.ts';
import { bodyFault, list, readSoapAnswer, type Plain } from '../support/soap-response.ts';
import { operationNamed, soapRequest } from '../support/soap-request.ts';

const DAY = 24 * 60 * 60 * 1000;

type OperationName = 'getAuth' | 'validateOrders' | 'storeOrders';

/** What a call came to, in terms both bindings share. */
type Outcome =
  | { readonly kind: 'login'; readonly authToken: string; readonly expiresAt: number }
  | { readonly kind: 'validation'; readonly success: boolean; readonly messages: ReadonlyArray<{ code: string; detail: string }> }
  | { readonly kind: 'stored'; readonly parcels: number; readonly label: string }
  | { readonly kind: 'fault'; readonly detail: 'faults' | 'authenticationFault'; readonly code: string; readonly message: string };

/** How a shipment call authenticates. */
type AuthKind = 'valid' | 'dutch' | 'malformed' | 'unknown' | 'foreign' | 'expired' | 'badLanguage' | 'spacedLanguage';

interface ParityCase {
  readonly name: string;
  readonly operation: OperationName;
  readonly auth?: AuthKind;
  readonly body: (delisId: string) => JsonObject;
  /** The outcome's kind and codes, beyond both bindings agreeing. */
  readonly expect: { kind: Outcome['kind']; codes?: readonly string[] };
}

const badOrder = () =>
  edit(
    minimumRequest(),
    set('order[0].parcels[0].weight', 4000),
    set('order[0].generalShipmentData.recipient.zipCode', 'ABCDEFG'),
    set('order[0].generalShipmentData.recipient.email', 'not-an-address'),
    set('order[0].parcels[0].colour', 'red'),
    remove('order[0].generalShipmentData.sender.city'),
  );

const cases: readonly ParityCase[] = [
  {
    name: 'login',
    operation: 'getAuth',
    body: (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'en_US' }),
    expect: { kind: 'login' },
  },
  {
    name: 'login with a wrong password',
    operation: 'getAuth',
    body: (delisId) => ({ delisId, password: 'wrong password!', messageLanguage: 'en_US' }),
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
  {
    name: 'login with a short delisId, in Dutch',
    operation: 'getAuth',
    body: () => ({ delisId: 'KD1', password: PASSWORD, messageLanguage: 'nl_NL' }),
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
  {
    name: 'validate a valid order',
    operation: 'validateOrders',
    auth: 'valid',
    body: minimumRequest,
    expect: { kind: 'validation', codes: [] },
  },
  {
    name: 'validate a bad order',
    operation: 'validateOrders',
    auth: 'valid',
    body: badOrder,
    expect: {
      kind: 'validation',
      codes: [
        'error_missing_field',
        'error_unknown_field',
        'error_parcel_exceeds_maximum_allowed_weight',
        'error_invalid_dest_zip',
        'error_incorrect_email_address',
      ],
    },
  },
  { name: 'validate a bad order in Dutch', operation: 'validateOrders', auth: 'dutch', body: badOrder, expect: { kind: 'validation' } },
  {
    name: 'store a multi-parcel order',
    operation: 'storeOrders',
    auth: 'valid',
    body: () => edit(minimumRequest(), duplicate('order[0].parcels[0]', 2)),
    expect: { kind: 'stored' },
  },
  {
    name: 'store an order with a data error',
    operation: 'storeOrders',
    auth: 'valid',
    body: () => edit(minimumRequest(), set('order[0].parcels[0].weight', 4000)),
    expect: { kind: 'fault', codes: ['error_parcel_exceeds_maximum_allowed_weight'] },
  },
  {
    name: 'store with a sending depot of another account',
    operation: 'storeOrders',
    auth: 'valid',
    body: () => edit(minimumRequest(), set('order[0].generalShipmentData.sendingDepot', '0999')),
    expect: { kind: 'fault', codes: ['error_sending_depot_not_allowed'] },
  },
  {
    name: 'call with a malformed token',
    operation: 'validateOrders',
    auth: 'malformed',
    body: minimumRequest,
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
  {
    name: 'call with an unknown token',
    operation: 'storeOrders',
    auth: 'unknown',
    body: minimumRequest,
    expect: { kind: 'fault', codes: ['ERR_DELICOM_TOKEN_INCORRECT'] },
  },
  {
    name: "call with another account's token",
    operation: 'validateOrders',
    auth: 'foreign',
    body: minimumRequest,
    expect: { kind: 'fault', codes: ['ERR_DELICOM_TOKEN_INCORRECT'] },
  },
  {
    name: 'call with an expired token',
    operation: 'storeOrders',
    auth: 'expired',
    body: minimumRequest,
    expect: { kind: 'fault', codes: ['ERR_DELICOM_TOKEN_EXPIRED'] },
  },
  {
    name: 'call with a messageLanguage other than nl_NL or en_US',
    operation: 'validateOrders',
    auth: 'badLanguage',
    body: minimumRequest,
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
  // Not nl_NL (strings are never trimmed): the whole refusal is in English, not a Dutch frame round an English reason.
  {
    name: 'call with messageLanguage " nl_NL " (spaces around it)',
    operation: 'validateOrders',
    auth: 'spacedLanguage',
    body: minimumRequest,
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
  // A login's language is its own messageLanguage; an unknown `authentication` object beside it has no say.
  {
    name: 'login in English with a stray authentication object asking for Dutch',
    operation: 'getAuth',
    body: (delisId) => ({ delisId, password: 'wrong password!', messageLanguage: 'en_US', authentication: { messageLanguage: 'nl_NL' } }),
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
  {
    name: 'login in Dutch with a stray authentication object asking for English',
    operation: 'getAuth',
    body: (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'nl_NL', authentication: { messageLanguage: 'en_US' } }),
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
  {
    name: 'login with messageLanguage " nl_NL " (spaces around it)',
    operation: 'getAuth',
    body: (delisId) => ({ delisId, password: PASSWORD, messageLanguage: ' nl_NL ' }),
    expect: { kind: 'fault', codes: ['DELICOM_ERR_AUTHENTICATION'] },
  },
];

const labelStart = (base64: string) => Buffer.from(base64, 'base64').subarray(0, 4).toString('latin1');

/** One binding: sends a call and reads its outcome. */
type Binding = (origin: string, operation: OperationName, body: JsonObject, authentication?: Auth) => Promise<Outcome>;

const rest: Binding = async (origin, operation, body, authentication) => {
  const payload = operation === 'getAuth' ? body : { authentication, [operation]: body };
  const response = await fetch(`${origin}${restPath(operationNamed(operation))}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const answer = (await response.json()) as Record<string, any>;
  if (answer.status.type !== 'OK') {
    return {
      kind: 'fault',
      detail: answer.status.type === 'AuthenticationFault' ? 'authenticationFault' : 'faults',
      code: answer.status.code,
      message: answer.status.message,
    };
  }
  if (operation === 'getAuth') {
    const login = answer.getAuthResponse.return;
    return { kind: 'login', authToken: login.authToken, expiresAt: new Date(login.authTokenExpires).getTime() };
  }
  if (operation === 'validateOrders')
    return {
      kind: 'validation',
      success: answer.orderResult.success,
      messages: answer.orderResult.messages.map(({ code, detail }: any) => ({ code, detail })),
    };
  const responses: any[] = answer.orderResult.shipmentResponses;
  const failed = responses.flatMap((r) => r.faults ?? [])[0];
  if (failed !== undefined) return { kind: 'fault', detail: 'faults', code: failed.faultCode, message: failed.message };
  const parcels = responses.flatMap((r) => r.parcelInformation ?? []).filter((p) => /^\d{14}$/.test(p.parcelLabelNumber)).length;
  return { kind: 'stored', parcels, label: labelStart(answer.orderResult.parcellabelsPDF) };
};

const soap: Binding = async (origin, operation, body, authentication) => {
  const { text } = await fetchSoap(
    origin,
    endpointOf(operation),
    soapRequest(operation, body, authentication === undefined ? {} : { authentication }),
  );
  const answer = readSoapAnswer(text);
  if (answer.kind === 'fault') {
    const { local, children } = bodyFault(answer.fault).detail;
    return local === 'authenticationFault'
      ? { kind: 'fault', detail: 'authenticationFault', code: children.errorCode, message: children.errorMessage }
      : { kind: 'fault', detail: 'faults', code: children.faultCode, message: children.message };
  }
  const value = answer.value as Record<string, any>;
  if (operation === 'getAuth')
    return { kind: 'login', authToken: value.return.authToken, expiresAt: new Date(`${value.return.authTokenExpires}Z`).getTime() };
  if (operation === 'validateOrders') {
    return {
      kind: 'validation',
      success: value.orderResult.success === 'true',
      messages: list<Plain>(value.orderResult.messages).map((m: any) => ({ code: m.code, detail: m.detail })),
    };
  }
  const parcels = list<any>(value.orderResult.shipmentResponses)
    .flatMap((r) => list<any>(r.parcelInformation))
    .filter((p) => /^\d{14}$/.test(p.parcelLabelNumber)).length;
  return { kind: 'stored', parcels, label: labelStart(value.orderResult.parcellabelsPDF) };
};

const bindings: Readonly<Record<'rest' | 'soap', Binding>> = { rest, soap };

describe('REST and SOAP parity', () => {
  let t: TestApp;
  let origin: string;
  let delisId: string;
  let otherDelisId: string;
  before(async () => {
    t = await startTestApp();
    delisId = (await t.addAccount()).delisId;
    otherDelisId = (await t.addAccount()).delisId;
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t.close());

  async function authenticationFor(kind: AuthKind): Promise<Auth> {
    const own = await t.authenticate(delisId, kind === 'dutch' ? 'nl_NL' : 'en_US');
    switch (kind) {
      case 'valid':
      case 'dutch':
        return own;
      case 'malformed':
        return { ...own, authToken: 'not a token' };
      case 'unknown':
        return { ...own, authToken: `${own.authToken.slice(0, -1)}${own.authToken.endsWith('A') ? 'B' : 'A'}` };
      case 'foreign':
        return { ...own, authToken: (await t.authenticate(otherDelisId)).authToken };
      case 'badLanguage':
        return { ...own, messageLanguage: 'de-DE' };
      case 'spacedLanguage':
        return { ...own, messageLanguage: ' nl_NL ' };
      case 'expired':
        t.clock.advance(DAY + 1000);
        return own;
    }
  }

  for (const c of cases) {
    it(`${c.name}: the same outcome over REST and SOAP`, async () => {
      const outcomes: Partial<Record<keyof typeof bindings, Outcome>> = {};
      for (const [name, send] of Object.entries(bindings) as [keyof typeof bindings, Binding][]) {
        const authentication = c.auth === undefined ? undefined : await authenticationFor(c.auth);
        outcomes[name] = await send(origin, c.operation, c.body(delisId), authentication);
      }
      const outcome = outcomes.rest as Outcome;
      assert.equal(outcome.kind, c.expect.kind, JSON.stringify(outcome));
      if (outcome.kind === 'stored') {
        // Parcel numbers differ between the two calls; their count and the label kind must not.
        assert.deepEqual(outcomes.soap, outcome);
        assert.equal(outcome.label, '%PDF');
        assert.ok(outcome.parcels > 0);
        return;
      }
      assert.deepEqual(outcomes.soap, outcome);
      if (c.expect.codes !== undefined) {
        const found = outcome.kind === 'validation' ? outcome.messages.map((m) => m.code) : outcome.kind === 'fault' ? [outcome.code] : [];
        assert.deepEqual(found, c.expect.codes);
      }
    });
  }
});
