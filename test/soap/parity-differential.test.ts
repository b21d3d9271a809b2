// Differential parity, generated: many requests derived from the valid fixtures, each read by both
// bindings. First what the domain is asked — the REST decoding of the JSON and the SOAP decoding of
// the same request written as XML (xml-request.ts) must give the same value and the same violations,
// in both message languages. Then what the caller learns, for every operation of one fresh app:
// the same result, or the same fault code, kind and message, with the documented differences
// normalised away (null vs absent, the instant's zone, parcel numbers each call draws anew).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { readEnvelope } from '../../src/bindings/soap/soap-envelope.ts';
import { parseXml } from '../../src/xml/xml-parser.ts';
import { readContractTree } from '../../src/bindings/soap/xml-reader.ts';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { decode, type Violation } from '../../src/contract/schema/decode.ts';
import { formatMessage } from '../../src/contract/error-catalogue.ts';
import { carries, type Field, type ItemField, type ObjectType } from '../../src/contract/schema/model.ts';
import {
  duplicate,
  edit,
  minimumRequest,
  remove,
  set,
  TODAY,
  validRequests,
  type Edit,
  type Json,
  type JsonObject,
} from '../fixtures/requests.ts';
import { PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { operationNamed, soapRequest } from '../support/soap-request.ts';
import { readSoapAnswer } from '../support/soap-response.ts';

// ── What the domain is asked ──

/** A decoding as both bindings can be compared: the value and each violation's code, path and messages. */
function comparable(value: unknown, violations: readonly Violation[]) {
  return {
    value,
    violations: violations.map((v) => ({
      code: v.code,
      path: v.path,
      en_US: formatMessage(v.code, 'en_US', v.params),
      nl_NL: formatMessage(v.code, 'nl_NL', v.params),
    })),
  };
}

function decodedByRest(operationName: string, body: JsonObject) {
  const decoded = decode(operationNamed(operationName).request, JSON.parse(JSON.stringify(body)), { binding: 'rest', source: 'json' });
  return comparable(decoded.value, decoded.violations);
}

function decodedBySoap(operationName: string, body: JsonObject) {
  const operation = operationNamed(operationName);
  const parsed = parseXml(soapRequest(operationName, body));
  assert.ok(parsed.ok);
  const envelope = readEnvelope(parsed.root, []);
  assert.ok('request' in envelope);
  const read = readContractTree(envelope.request.operation, operation.request);
  assert.ok(read.ok);
  const decoded = decode(operation.request, read.tree, { binding: 'soap', source: 'xml' });
  return comparable(decoded.value, [...read.violations, ...decoded.violations]);
}

/** Texts at the edges: empty, blank, invisible, at and past a 35-character limit in code points, markup, line ends, case. */
const TEXTS: readonly string[] = [
  '',
  ' ',
  '\u00a0',
  '\u200b',
  ' a ',
  'x'.repeat(35),
  'x'.repeat(36),
  '😀'.repeat(35),
  '😀'.repeat(36),
  'e\u0301'.repeat(18),
  'Łódź Москва Ἀθῆναι',
  '<&>"\'',
  'a\tb',
  'a\nb',
  'a\r\nb',
  'nl',
  'NL',
  'ß',
  'ﬁ',
  '0',
  '0522',
  '-1',
  'true',
  'A',
  'PDF',
];
const NUMBERS: readonly number[] = [
  0, -1, 1, 6, 7, 203, 300, 2400, 2401, 3150, 3151, 99999, 100000, 999999999, 1000000000, 2147483647, -2147483648, 1.5,
];
/**
 * JSON numbers past xs:int. Left out for fields checked by their digits (volume): as JSON numbers they
 * are refused as out of xs:int's range, as text (XML, or a JSON digit string) as too many digits.
 */
const PAST_INT: readonly number[] = [2147483648, -2147483649];
/** Digit strings, for the fields that take them over JSON too (volume, dates, times). */
const DIGIT_STRINGS: readonly string[] = ['0', '00', '010020030', '0000000001', '999999999', '1000000000', '20261124'];

/** The values a leaf is tried with: its own JSON kind (JSON and XML differ there only by design) and null. */
function trialValues(field: ItemField): readonly Json[] {
  switch (field.kind) {
    case 'string':
      return [...TEXTS, null, ...(field.acceptNumber ? [0, 12, 123456789, 1234567890] : [])];
    case 'number':
      return [...NUMBERS, ...(field.maxDigits === undefined ? PAST_INT : []), null, ...(field.acceptDigitString ? DIGIT_STRINGS : [])];
    case 'boolean':
      return [true, false, null];
    default:
      return [null];
  }
}

/** A minimal valid-looking value of a field the fixtures leave out (its required fields only). */
function sampleOf(field: ItemField): Json {
  switch (field.kind) {
    case 'string':
      return field.enum?.[0] ?? (field.length === undefined ? 'AB' : 'A'.repeat(field.length));
    case 'number':
      return field.enum?.[0] ?? field.min ?? 1;
    case 'boolean':
      return true;
    case 'object': {
      const out: JsonObject = {};
      for (const [key, child] of Object.entries(field.type.fields)) {
        if (child.required && carries('rest', child)) out[key] = child.kind === 'array' ? [sampleOf(child.item)] : sampleOf(child);
      }
      return out;
    }
    default:
      return null;
  }
}

const joinKey = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Every edit of `request` worth trying: each leaf set to each trial value, each field removed or nulled, objects emptied, fields added, unknown ones. */
function editsOf(type: ObjectType, value: Json, path: string, out: Array<[string, Edit]>): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const field: Field | undefined = type.fields[key];
    if (field === undefined) continue;
    const at = joinKey(path, key);
    out.push([`remove ${at}`, remove(at)], [`null ${at}`, set(at, null)]);
    if (field.kind === 'object') {
      out.push([`{} ${at}`, set(at, {})]);
      editsOf(field.type, child, at, out);
    } else if (field.kind === 'array') {
      (child as Json[]).forEach((item, i) => {
        if (field.item.kind === 'object') editsOf(field.item.type, item, `${at}[${i}]`, out);
        // A null entry has no XML form in xml-request.ts (it leaves nulls out): not tried.
        else
          for (const trial of trialValues(field.item))
            if (trial !== null) out.push([`${at}[${i}] = ${JSON.stringify(trial)}`, set(`${at}[${i}]`, trial)]);
      });
    } else {
      for (const trial of trialValues(field)) out.push([`${at} = ${JSON.stringify(trial)}`, set(at, trial)]);
    }
  }
  for (const [key, field] of Object.entries(type.fields)) {
    if (Object.hasOwn(value, key) || !carries('rest', field)) continue;
    out.push([
      `add ${joinKey(path, key)}`,
      set(joinKey(path, key), field.kind === 'array' ? [sampleOf(field.item), sampleOf(field.item)] : sampleOf(field)),
    ]);
  }
  out.push(
    [`unknown ${joinKey(path, 'zz')}`, set(joinKey(path, 'zz'), 'x')],
    [`unknown object ${joinKey(path, 'zy')}`, set(joinKey(path, 'zy'), { a: 'b' })],
  );
}

/** Request bodies of the operations besides storeOrders, with what to vary. */
const otherBodies: ReadonlyArray<[string, () => JsonObject]> = [
  ['exportOrders', () => ({ parcelLabelNumber: ['05229000000001', '05229000000002'] })],
  ['deleteOrders', () => ({ parcelLabelNumber: ['05229000000001'] })],
  ['startOrdersConsolidation', () => ({ consolidationDate: TODAY })],
  ['getTrackingData', () => ({ parcelLabelNumber: '05229000000001' })],
  ['findParcelShopsByGeoData', () => ({ latitude: 52.37, longitude: 4.89, limit: 10, availableService: 'returns', hideClosed: true })],
  ['findParcelShops', () => ({ country: 'NL', zipCode: '1012LG', city: 'Amsterdam', street: 'Damrak', houseNo: '1', limit: 5 })],
  ['getAuth', () => ({ delisId: 'KD1234567', password: PASSWORD, messageLanguage: 'nl_NL' })],
  ['getAvailableProductsAndServices', () => ({})],
];

describe('REST and SOAP decode every generated request alike', () => {
  const bodies: Array<[string, string, () => JsonObject]> = [
    ...Object.entries(validRequests).map(([name, make]): [string, string, () => JsonObject] => ['validateOrders', name, make]),
    ...otherBodies.map(([operation, make]): [string, string, () => JsonObject] => [operation, operation, make]),
  ];
  for (const [operationName, name, make] of bodies) {
    it(`${name} (${operationName}), each field edited`, () => {
      const edits: Array<[string, Edit]> = [['as is', () => {}]];
      editsOf(operationNamed(operationName).request, make(), '', edits);
      for (const [label, change] of edits) {
        const body = edit(make(), change);
        assert.deepEqual(decodedBySoap(operationName, body), decodedByRest(operationName, body), `${name}: ${label}`);
      }
    });
  }
});

// ── What the caller learns ──

/** An answer in terms both bindings share. */
type Learned =
  { readonly fault: 'faults' | 'authenticationFault'; readonly code: string; readonly message: string } | { readonly result: unknown };

/**
 * A result as text leaves (SOAP's form): nulls and empty lists left out, one-entry lists as their
 * entry (a lone repeated element reads like a single one), instants without REST's `Z`, labels cut
 * to their first bytes and parcel numbers, MPS ids and carrier references masked (each call draws new ones).
 */
function normalised(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(normalised).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items.length === 1 ? items[0] : items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const item = /^parcellabels/.test(key) && typeof field === 'string' ? `${field.slice(0, 8)}…` : normalised(field);
      // The one element whose SOAP name differs from its REST key (contract `xmlName`, the carrier's schema).
      if (item !== undefined) out[key === 'trackingresult' ? 'trackingResult' : key] = item;
    }
    return out;
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what is left is a JSON leaf: text, a number or a boolean
  return String(value)
    .replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})Z$/, '$1')
    .replace(/\d{14}/g, '<number>')
    .replace(/^MPS.*$/, '<mpsId>')
    .replace(/^CR\d+$/, '<carrierReference>');
}

async function learnedOverRest(t: TestApp, operationName: string, body: JsonObject, authentication?: Auth): Promise<Learned> {
  const operation = operationNamed(operationName);
  const response = await t.post(restPath(operation), authentication === undefined ? body : { authentication, [operationName]: body });
  const { status, ...answer } = response.json<Record<string, any>>();
  if (status.type !== 'OK')
    return { fault: status.type === 'AuthenticationFault' ? 'authenticationFault' : 'faults', code: status.code, message: status.message };
  const result = operation.service.name === 'ShipmentService' ? answer : answer[operation.responseElement];
  // storeOrders' data error: inside the result over REST (HTTP 200), a `faults` fault over SOAP (docs/decisions.md "Operations").
  const failed =
    operationName === 'storeOrders' ? (result.orderResult.shipmentResponses as any[]).flatMap((r) => r.faults ?? [])[0] : undefined;
  return failed === undefined ? { result: normalised(result) } : { fault: 'faults', code: failed.faultCode, message: failed.message };
}

async function learnedOverSoap(t: TestApp, operationName: string, body: JsonObject, authentication?: Auth): Promise<Learned> {
  const response = await injectSoap(
    t,
    endpointOf(operationName),
    soapRequest(operationName, body, authentication === undefined ? {} : { authentication }),
  );
  const answer = readSoapAnswer(response.body);
  if (answer.kind === 'response') return { result: normalised(answer.value) };
  const detail = answer.fault.detail;
  assert.ok(detail !== undefined, response.body);
  return detail.local === 'authenticationFault'
    ? { fault: 'authenticationFault', code: detail.children.errorCode, message: detail.children.errorMessage }
    : { fault: 'faults', code: detail.children.faultCode, message: detail.children.message };
}

interface CallCase {
  readonly name: string;
  readonly operation: string;
  /** Which login the call carries; none for getAuth. */
  readonly as?: 'own' | 'dutch' | 'lateExport';
  /** The body; `stored()` stores a fresh parcel for the caller (over REST) and gives its number. */
  readonly body: (stored: () => Promise<string>, delisId: string) => JsonObject | Promise<JsonObject>;
}

const withPrintOptions = (printOptions: JsonObject) => edit(minimumRequest(), set('printOptions', printOptions));
const UNKNOWN_NUMBER = '05229999999999';

function callCases(): CallCase[] {
  const cases: CallCase[] = [];
  for (const [name, make] of Object.entries(validRequests)) {
    cases.push({ name: `validate ${name}`, operation: 'validateOrders', as: 'own', body: make });
    cases.push({ name: `store ${name}`, operation: 'storeOrders', as: 'own', body: make });
  }
  for (const printerLanguage of ['PDF', 'ZPL']) {
    for (const paperFormat of ['A4', 'A6', 'A7']) {
      for (const dropOffType of [undefined, 'BOTH', 'QR_CODE', 'FULL_LABEL']) {
        const printOptions: JsonObject = { printerLanguage, paperFormat, ...(dropOffType === undefined ? {} : { dropOffType }) };
        cases.push({
          name: `store with ${JSON.stringify(printOptions)}`,
          operation: 'storeOrders',
          as: 'own',
          body: () => withPrintOptions(printOptions),
        });
      }
    }
  }
  cases.push(
    {
      name: 'store A4 from the lower right',
      operation: 'storeOrders',
      as: 'own',
      body: () => withPrintOptions({ printerLanguage: 'PDF', paperFormat: 'A4', startPosition: 'LOWER_RIGHT' }),
    },
    {
      name: 'store ZPL at 300 dpi',
      operation: 'storeOrders',
      as: 'own',
      body: () => withPrintOptions({ printerLanguage: 'ZPL', paperFormat: 'A6', printerResolution: 300 }),
    },
    {
      name: 'store ZPL at 150 dpi',
      operation: 'storeOrders',
      as: 'own',
      body: () => withPrintOptions({ printerLanguage: 'ZPL', paperFormat: 'A6', printerResolution: 150 }),
    },
    { name: 'store without printOptions', operation: 'storeOrders', as: 'own', body: () => edit(minimumRequest(), remove('printOptions')) },
    {
      name: 'store three orders of two parcels',
      operation: 'storeOrders',
      as: 'own',
      body: () => edit(minimumRequest(), duplicate('order[0].parcels[0]'), duplicate('order[0]', 2)),
    },
    {
      name: 'store three orders, the last refused',
      operation: 'storeOrders',
      as: 'own',
      body: () => edit(minimumRequest(), duplicate('order[0]', 2), set('order[2].parcels[0].weight', 0)),
    },
    { name: 'store 31 orders', operation: 'storeOrders', as: 'own', body: () => edit(minimumRequest(), duplicate('order[0]', 30)) },
    {
      name: 'store Cyrillic, Greek and astral names',
      operation: 'storeOrders',
      as: 'own',
      body: () =>
        edit(
          minimumRequest(),
          set('order[0].generalShipmentData.recipient.name1', 'Москва Ἀθῆναι 😀'),
          set('order[0].generalShipmentData.recipient.name2', 'e\u0301'.repeat(35)),
        ),
    },
    {
      name: 'store an unknown field, in Dutch',
      operation: 'storeOrders',
      as: 'dutch',
      body: () => edit(minimumRequest(), set('order[0].parcels[0].colour', 'red')),
    },
    { name: 'store with late export', operation: 'storeOrders', as: 'lateExport', body: minimumRequest },
    {
      name: 'validate errors in several orders, in Dutch',
      operation: 'validateOrders',
      as: 'dutch',
      body: () =>
        edit(
          minimumRequest(),
          duplicate('order[0]', 2),
          set('order[2].parcels[0].weight', 0),
          set('order[1].generalShipmentData.recipient.country', 'XX'),
        ),
    },
  );
  for (const as of ['own', 'lateExport'] as const) {
    cases.push(
      {
        name: `export a stored parcel (${as})`,
        operation: 'exportOrders',
        as,
        body: async (stored) => ({ parcelLabelNumber: [await stored()] }),
      },
      {
        name: `export stored, unknown and malformed numbers (${as})`,
        operation: 'exportOrders',
        as,
        body: async (stored) => ({ parcelLabelNumber: [await stored(), UNKNOWN_NUMBER, '123', await stored()] }),
      },
      {
        name: `delete a stored parcel (${as})`,
        operation: 'deleteOrders',
        as,
        body: async (stored) => ({ parcelLabelNumber: [await stored()] }),
      },
      {
        name: `delete stored, unknown and malformed numbers (${as})`,
        operation: 'deleteOrders',
        as,
        body: async (stored) => ({ parcelLabelNumber: [await stored(), UNKNOWN_NUMBER, 'abc'] }),
      },
      {
        name: `track a stored parcel (${as})`,
        operation: 'getTrackingData',
        as,
        body: async (stored) => ({ parcelLabelNumber: await stored() }),
      },
    );
  }
  cases.push(
    {
      name: 'export an unknown number, in Dutch',
      operation: 'exportOrders',
      as: 'dutch',
      body: () => ({ parcelLabelNumber: [UNKNOWN_NUMBER] }),
    },
    { name: 'export a blank number', operation: 'exportOrders', as: 'own', body: () => ({ parcelLabelNumber: [' '] }) },
    {
      name: 'export with an unknown field',
      operation: 'exportOrders',
      as: 'own',
      body: () => ({ parcelLabelNumber: [UNKNOWN_NUMBER], reason: 'x' }),
    },
    {
      name: 'delete an unknown number, in Dutch',
      operation: 'deleteOrders',
      as: 'dutch',
      body: () => ({ parcelLabelNumber: [UNKNOWN_NUMBER] }),
    },
    {
      name: 'track an unknown number, in Dutch',
      operation: 'getTrackingData',
      as: 'dutch',
      body: () => ({ parcelLabelNumber: UNKNOWN_NUMBER }),
    },
    { name: 'track a malformed number', operation: 'getTrackingData', as: 'own', body: () => ({ parcelLabelNumber: '123' }) },
    { name: 'products', operation: 'getAvailableProductsAndServices', as: 'own', body: () => ({}) },
    { name: 'products in Dutch', operation: 'getAvailableProductsAndServices', as: 'dutch', body: () => ({}) },
    { name: 'products with an unknown field', operation: 'getAvailableProductsAndServices', as: 'own', body: () => ({ x: 'y' }) },
    {
      name: 'shops near a point',
      operation: 'findParcelShopsByGeoData',
      as: 'own',
      body: () => ({ latitude: 52.37, longitude: 4.89, limit: 3 }),
    },
    {
      name: 'open shops taking returns, in Dutch',
      operation: 'findParcelShopsByGeoData',
      as: 'dutch',
      body: () => ({ latitude: 52.37, longitude: 4.89, limit: 2, availableService: 'returns', hideClosed: true }),
    },
    { name: 'shops at latitude 91', operation: 'findParcelShopsByGeoData', as: 'own', body: () => ({ latitude: 91, longitude: 4.89 }) },
    {
      name: 'shops, limit 101',
      operation: 'findParcelShopsByGeoData',
      as: 'own',
      body: () => ({ latitude: 52, longitude: 4, limit: 101 }),
    },
    {
      name: 'shops of a postcode, country in lower case',
      operation: 'findParcelShops',
      as: 'own',
      body: () => ({ country: 'nl', zipCode: '1012LG', limit: 2 }),
    },
    { name: 'shops of a city with an umlaut', operation: 'findParcelShops', as: 'own', body: () => ({ country: 'DE', city: 'Köln' }) },
    { name: 'shops of no country, in Dutch', operation: 'findParcelShops', as: 'dutch', body: () => ({ country: 'XX', city: 'a' }) },
  );
  for (const date of [TODAY, TODAY - 1, TODAY + 1, 20260230, 0, '20261123']) {
    cases.push({
      name: `consolidate ${JSON.stringify(date)}`,
      operation: 'startOrdersConsolidation',
      as: 'own',
      body: () => ({ consolidationDate: date }),
    });
  }
  cases.push({
    name: 'consolidate tomorrow, in Dutch',
    operation: 'startOrdersConsolidation',
    as: 'dutch',
    body: () => ({ consolidationDate: TODAY + 1 }),
  });
  const logins: ReadonlyArray<[string, (delisId: string) => JsonObject]> = [
    ['in English', (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'en_US' })],
    ['in Dutch', (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'nl_NL' })],
    ['in German', (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'de_DE' })],
    ['in Belgian Dutch', (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'nl_BE' })],
    ['with a messageLanguage that is not ll_CC', (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'en-US' })],
    ['without password, in Dutch', (delisId) => ({ delisId, messageLanguage: 'nl_NL' })],
    ['with an unknown field', (delisId) => ({ delisId, password: PASSWORD, messageLanguage: 'en_US', x: '1' })],
    ['with a space before the delisId', (delisId) => ({ delisId: ` ${delisId}`, password: PASSWORD, messageLanguage: 'en_US' })],
  ];
  for (const [name, body] of logins) cases.push({ name: `login ${name}`, operation: 'getAuth', body: (_, delisId) => body(delisId) });
  return cases;
}

describe('REST and SOAP tell the caller the same, for every operation', () => {
  let t: TestApp;
  let delisId: string;
  const logins: Partial<Record<NonNullable<CallCase['as']>, Auth>> = {};
  before(async () => {
    t = await startTestApp();
    delisId = (await t.addAccount()).delisId;
    logins.own = await t.authenticate(delisId);
    logins.dutch = await t.authenticate(delisId, 'nl_NL');
    logins.lateExport = await t.authenticate((await t.addAccount({ lateExport: true })).delisId);
    await t.store.parcelShops.saveParcelShops(
      JSON.parse(readFileSync(new URL('../../docs/parcel-shops.sample.json', import.meta.url), 'utf8')),
    );
  });
  after(() => t.close());

  for (const c of callCases()) {
    it(c.name, async () => {
      const authentication = c.as === undefined ? undefined : logins[c.as];
      const stored = async () => {
        const answer = (await t.post(restPath(operationNamed('storeOrders')), { authentication, storeOrders: minimumRequest() })).json();
        return answer.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
      };
      const overRest = await learnedOverRest(t, c.operation, await c.body(stored, delisId), authentication);
      const overSoap = await learnedOverSoap(t, c.operation, await c.body(stored, delisId), authentication);
      assert.deepEqual(overSoap, overRest);
    });
  }
});
