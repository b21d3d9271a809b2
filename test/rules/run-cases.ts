// The one assertion routine of the rule tables: decode the request as the binding would, run every
// rule in the fixed test context, and compare codes and paths exactly; every message produced must
// render in both languages with nothing left unfilled.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decode, type Violation } from '../../src/contract/schema/decode.ts';
import { errorCatalogue, formatMessage, type ErrorCode } from '../../src/contract/error-catalogue.ts';
import { StoreOrders } from '../../src/contract/shipment-service/shipment-requests.ts';
import type { RuleContext } from '../../src/rules/rule-context.ts';
import { orderIndexOf, validateRequest } from '../../src/rules/validate-request.ts';
import { createTestContext } from '../fixtures/rule-context.ts';
import type { Json, JsonObject } from '../fixtures/requests.ts';

/** A violation a case expects: its code and field path. */
export interface Expected {
  readonly code: ErrorCode;
  readonly path: string;
}

/** One row of a rule table. `expect: []` means the request is valid. */
export interface RuleCase {
  /** The rule of the list the case shows (a table groups its cases by rule). */
  readonly rule: string;
  readonly name: string;
  /** A valid fixture, edited into the case. */
  readonly request: JsonObject;
  readonly expect: readonly Expected[];
  /** Facts replaced in the fixed test context. */
  readonly context?: Partial<RuleContext>;
  /** REST (default): JSON as sent. SOAP: every leaf turned into text, as the XML reader gives it. */
  readonly binding?: 'rest' | 'soap';
}

/** Shorthand for an expected violation. */
export const fails = (code: ErrorCode, path: string): Expected => ({ code, path });

/**
 * What the SOAP reader hands the decoder: the same tree with every leaf as its XML text. Below 64
 * levels (the contract has fewer than ten) the tree is left as it is: no field is read there.
 */
export function asXmlTree(value: Json, depth = 0): unknown {
  if (depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => asXmlTree(item, depth + 1));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asXmlTree(v, depth + 1)]));
  return value === null ? '' : String(value);
}

/** Decodes and validates a request exactly as validateOrders would. */
export function validateCase(request: unknown, options: { binding?: 'rest' | 'soap'; context?: Partial<RuleContext> } = {}): Violation[] {
  const binding = options.binding ?? 'rest';
  const input = binding === 'soap' ? asXmlTree(request as Json) : request;
  const decoded = decode(StoreOrders, input, { binding, source: binding === 'soap' ? 'xml' : 'json' });
  return validateRequest(decoded.value, decoded.violations, createTestContext(options.context));
}

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Asserts what every violation must satisfy: a validation code whose messages render completely in
 * both languages. Every placeholder of the template must have a parameter (a caller's own text may
 * contain braces, e.g. an unknown key "{x}", and is echoed as it is).
 */
export function assertWellFormed(violations: readonly Violation[]): void {
  for (const violation of violations) {
    const entry = errorCatalogue[violation.code];
    assert.ok(entry !== undefined, `${violation.code} is not in the error catalogue`);
    assert.equal(entry.kind, 'validation', `${violation.code} is not a validation code`);
    for (const language of ['en_US', 'nl_NL'] as const) {
      const unfilled = [...entry[language].matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => violation.params?.[name] === undefined);
      const message = formatMessage(violation.code, language, violation.params);
      assert.deepEqual(unfilled, [], `${violation.code} in ${language} leaves a placeholder: ${message}`);
      // docs/decisions.md "Operations": the message names the field path.
      assert.ok(message.includes(violation.path), `${violation.code} in ${language} does not name ${violation.path}: ${message}`);
    }
  }
  const orders = violations.map(orderIndexOf);
  assert.deepEqual(
    orders,
    [...orders].sort((a, b) => a - b),
    'violations are sorted by order',
  );
}

const byPathThenCode = (a: Expected, b: Expected) => a.path.localeCompare(b.path) || a.code.localeCompare(b.code);

/** Registers one test per case, grouped by rule, plus the check that each rule has a valid and an invalid case. */
export function runCases(title: string, cases: readonly RuleCase[]): void {
  describe(title, () => {
    const rules = [...new Set(cases.map((c) => c.rule))];
    for (const rule of rules) {
      describe(rule, () => {
        for (const c of cases.filter((x) => x.rule === rule)) {
          it(c.name, () => {
            const violations = validateCase(c.request, c);
            const actual = violations.map(({ code, path }) => ({ code, path })).sort(byPathThenCode);
            assert.deepEqual(actual, [...c.expect].map(({ code, path }) => ({ code, path })).sort(byPathThenCode));
            assertWellFormed(violations);
          });
        }
      });
    }
    it('every rule has at least one valid and one invalid case', () => {
      const lacking = rules.filter((rule) => {
        const own = cases.filter((c) => c.rule === rule);
        return !own.some((c) => c.expect.length === 0) || !own.some((c) => c.expect.length > 0);
      });
      assert.deepEqual(lacking, []);
    });
    it('case names are unique', () => {
      const names = cases.map((c) => `${c.rule} / ${c.name}`);
      assert.deepEqual(
        names.filter((n, i) => names.indexOf(n) !== i),
        [],
      );
    });
  });
}

// Paths of the first order, as violations name them.
export const ORDER = 'order[0]';
export const GSD = `${ORDER}.generalShipmentData`;
export const SENDER = `${GSD}.sender`;
export const RECIPIENT = `${GSD}.recipient`;
export const PARCEL = `${ORDER}.parcels[0]`;
export const INTL = `${PARCEL}.international`;
export const SERVICES = `${ORDER}.productAndServiceData`;
export const PICKUP = `${SERVICES}.pickup`;
