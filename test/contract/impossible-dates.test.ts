// Every date field of every operation's request, found in the contract (`calendar` fields), sent with
// dates that name no day (issue 39: 2027-02-30, 00000000, 99999999, 2027-13-01) over both bindings, on
// a stage server whose shop directory has shops where the searches look: each is refused with the
// catalogue's code for it (error_invalid_date, error_invalid_date_time), never answered ERR_INTERNAL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatMessage } from '../../src/contract/error-catalogue.ts';
import { escapeText } from '../../src/xml/xml-text.ts';
import { requestExamples } from '../../src/bindings/rest/openapi-examples.ts';
import { restPath } from '../../src/bindings/rest/rest-paths.ts';
import { carries, type Field, type ObjectType } from '../../src/contract/schema/model.ts';
import { operationList, type OperationContract } from '../../src/contract/operation-table.ts';
import { parsePath, validRequests, type Json, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import type { Auth } from '../support/rest.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { soapRequest } from '../support/soap-request.ts';
import { fuzzDirectory } from '../fuzz/openapi-fuzz.ts';

/** The impossible dates in each form a date field takes. */
const IMPOSSIBLE = {
  number: ['20270230', '00000000', '99999999', '20271301'],
  date: ['2027-02-30', '00000000', '99999999', '2027-13-01'],
  'date-time': ['2027-02-30T10:00:00Z', '0000-00-00T00:00:00Z', '9999-99-99T99:99:99Z', '2027-13-01T10:00:00Z'],
} as const;

interface DateField {
  /** Whether JSON may send it as its digits (else as a number). */
  readonly digits: boolean;
  /** Its path from the operation object, in the violations' form (`order[0].international.customsInvoiceDate`). */
  readonly path: string;
  readonly form: keyof typeof IMPOSSIBLE;
  readonly code: 'error_invalid_date' | 'error_invalid_date_time';
}

/** The date fields `binding` carries in `type`, at any depth (a list's first item stands for all). */
function dateFields(type: ObjectType, binding: 'rest' | 'soap', prefix = ''): DateField[] {
  const out: DateField[] = [];
  for (const [key, field] of Object.entries<Field>(type.fields)) {
    if (!carries(binding, field)) continue;
    const item = field.kind === 'array' ? field.item : field;
    const path = `${prefix === '' ? '' : `${prefix}.`}${key}${field.kind === 'array' ? '[0]' : ''}`;
    if (item.kind === 'object') out.push(...dateFields(item.type, binding, path));
    else if ('calendar' in item && item.calendar !== undefined) {
      const form = item.kind === 'number' ? 'number' : item.calendar;
      const digits = item.kind !== 'number' || item.acceptDigitString === true;
      out.push({ path, form, digits, code: item.calendar === 'date-time' ? 'error_invalid_date_time' : 'error_invalid_date' });
    }
  }
  return out;
}

/** A valid operation object of `operation` holding the parents of `path` (a fixture that has them, else the example with them made). */
function baseFor(operation: OperationContract, path: string): JsonObject {
  const keys = parsePath(path);
  const holds = (body: JsonObject) => {
    let node: Json | undefined = body;
    for (const key of keys.slice(0, -1)) node = node === null || typeof node !== 'object' ? undefined : (node as Record<string, Json>)[key];
    return node !== undefined && node !== null && typeof node === 'object';
  };
  const example = requestExamples[operation.name] as Record<string, Json>;
  const own = structuredClone((operation.service.authenticated ? example[operation.name] : example) as JsonObject);
  const candidates = 'order' in operation.request.fields ? [...Object.values(validRequests).map((build) => build()), own] : [own];
  const found = candidates.find(holds) ?? own;
  // Make what is missing: objects, and a first list item.
  let node: Record<string | number, Json> = found;
  keys.slice(0, -1).forEach((key, i) => {
    if (node[key] === undefined || node[key] === null) node[key] = typeof keys[i + 1] === 'number' ? [] : {};
    if (typeof keys[i + 1] === 'number' && (node[key] as Json[]).length === 0) (node[key] as Json[]).push({});
    node = node[key] as Record<string | number, Json>;
  });
  return found;
}

function withValue(body: JsonObject, path: string, value: string | number): JsonObject {
  const copy = structuredClone(body);
  const keys = parsePath(path);
  const parent = keys.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  parent[keys[keys.length - 1]] = value;
  return copy;
}

describe('impossible dates in every date field of every operation', () => {
  let t: TestApp;
  let auth: Auth;
  before(async () => {
    t = await startTestApp();
    await t.store.parcelShops.saveParcelShops(fuzzDirectory());
    auth = await t.authenticate((await t.addAccount({ pickupApproved: true })).delisId);
  });
  after(() => t.close());

  it('finds the date fields the issue names in the contract', () => {
    const all = operationList.flatMap((operation) =>
      dateFields(operation.request, 'soap').map((field) => `${operation.name}.${field.path}`),
    );
    for (const expected of [
      'storeOrders.order[0].parcels[0].international.customsInvoiceDate',
      'storeOrders.order[0].productAndServiceData.pickup.date',
      'storeOrders.order[0].parcels[0].goodsExpirationDate',
      'startOrdersConsolidation.consolidationDate',
      'findParcelShopsByGeoData.availabilityDate',
      'findParcelShops.availabilityDate',
      'findParcels.shipDateFrom',
      'findStageRequests.from',
      'setClock.fixedTime',
    ]) {
      assert.ok(all.includes(expected), `${expected} is not among ${all.join(', ')}`);
    }
  });

  for (const operation of operationList) {
    for (const binding of ['REST', 'SOAP'] as const) {
      const fields = dateFields(operation.request, binding === 'REST' ? 'rest' : 'soap');
      if (fields.length === 0) continue;
      it(`${operation.service.name} ${operation.service.version} ${operation.name} over ${binding}: ${fields.map((field) => field.path).join(', ')}`, async () => {
        for (const field of fields) {
          const base = baseFor(operation, field.path);
          for (const value of IMPOSSIBLE[field.form]) {
            const body = withValue(base, field.path, binding === 'REST' && !field.digits ? Number(value) : value);
            const response =
              binding === 'REST'
                ? await t.post(
                    restPath(operation),
                    operation.service.authenticated ? { authentication: auth, [operation.name]: body } : body,
                  )
                : await injectSoap(
                    t,
                    endpointOf(operation.service),
                    soapRequest(operation.name, body, {
                      authentication: operation.service.authenticated ? auth : undefined,
                      service: operation.service,
                    }),
                  );
            const where = `${field.path} ${value}: HTTP ${response.statusCode} ${response.body.slice(0, 400)}`;
            assert.doesNotMatch(response.body, /ERR_INTERNAL/, where);
            // The shipment operations report the code itself; the others refuse the request (ERR_INVALID_REQUEST) with its message.
            const message = formatMessage(field.code, 'en_US', {
              path: field.path,
              value: binding === 'REST' && !field.digits ? Number(value) : value,
            });
            assert.ok(
              response.body.includes(field.code) || response.body.includes(escapeText(message)),
              `${where} (expected ${field.code}: ${message})`,
            );
          }
        }
      });
    }
  }
});
