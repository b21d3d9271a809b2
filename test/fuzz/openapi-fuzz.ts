// A property-based tester driven by the OpenAPI document the service serves (GET /rest/openapi.json),
// in the manner of schemathesis, built from npm parts: fast-check draws the requests from the
// document's own schemas (json-schema-arbitrary.ts), ajv holds every answer to the schema of its HTTP
// status. For each operation of the document, with a fixed seed and a bounded number of cases:
//
// - positive cases: bodies the request schema describes, with a valid authentication;
// - negative cases: one-place mutations of them that the request schema refuses, with a valid
//   authentication: the service must not take them;
// - without authentication: the generated (unknown) authentication object: never a 2xx;
// - stateful chains along the document's `links`: getAuth's token into the calls, storeOrders' parcel
//   numbers and mpsId into the operations that take them, with bodies drawn as above.
//
// The shop directory holds shops (around the examples' places and on a coarse grid over the globe), so
// the searches read their filters. Every exchange fails the run on a 5xx, an HTTP status the document
// does not list for the operation, an answer that breaks its status's schema, or a request the schema
// refuses that the service took (test/support/openapi-check.ts: HTTP 200 without a problem reported).
import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ParcelShopEntryData } from '../../src/contract/parcel-shop-finder-service.ts';
import { INJECTED_FAULT_HEADER } from '../../src/bindings/rest/rest-injected-fault.ts';
import { createOpenApiChecker, type Document } from '../support/openapi-check.ts';
import { PASSWORD, startTestApp } from '../support/app.ts';
import { arbitraryOf, mutate, mutationArbitrary, type ArbitraryContext, type Hints, type Schema } from './json-schema-arbitrary.ts';

/** The seed of every property (FUZZ_SEED overrides it, to explore; the CI run uses this one). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261207);

/** Cases per operation and kind (FUZZ_SCALE multiplies them). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
export const CASES = Object.freeze({
  positive: Math.round(60 * SCALE),
  negative: Math.round(60 * SCALE),
  unauthenticated: Math.round(15 * SCALE),
  chains: Math.round(80 * SCALE),
});
/**
 * The client address of each kind of case (TEST-NET-2, RFC 5737). The service throttles failed logins
 * and wrong tokens per client address (20 an hour): the generated logins and tokens spend an address's
 * budget, so a kind that must log in with the account's password — the chains, and the run's own
 * housekeeping (a new login after the sandbox's controls, from the default 127.0.0.1) — calls from an
 * address of its own. With one address for all (seed 20261219), resetAccount's positive case was
 * followed by a housekeeping login refused ERR_TOO_MANY_LOGIN_ATTEMPTS, and every chain's login by a 429.
 */
const ADDRESSES = Object.freeze({
  positive: '198.51.100.1',
  negative: '198.51.100.2',
  unauthenticated: '198.51.100.3',
  chain: '198.51.100.4',
});
type CaseKind = keyof typeof ADDRESSES;

/** Calls in one chain after the login, at most. */
const CHAIN_LENGTH = 4;

type Environment = 'stage' | 'live';

interface Operation {
  readonly path: string;
  readonly operationId: string;
  readonly requestSchema: Schema;
  readonly validateRequest: ValidateFunction;
  readonly authenticated: boolean;
  readonly example: unknown;
  readonly links: readonly Link[];
}

interface Link {
  readonly operationId: string;
  /** The target's body, its leaves `$response.body#/…` or `$request.body#/…` expressions. */
  readonly requestBody: unknown;
}

/** What a run found and how many cases of each kind it sent. */
export interface FuzzReport {
  readonly environment: Environment;
  readonly failures: string[];
  /** Per operation: positive (valid by the schema), negative (refused by the schema), unauthenticated, chained calls. */
  readonly counts: Map<string, { positive: number; negative: number; unauthenticated: number; chained: number }>;
  chains: number;
}

const pointerGet = (value: unknown, pointer: string): unknown => {
  let node = value;
  for (const part of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
};

/** The link's body with its expressions read from the source call; undefined when one reads nothing. */
function resolveLink(template: unknown, request: unknown, response: unknown): unknown {
  if (typeof template === 'string') {
    const match = /^\$(request|response)\.body#(\/.*)?$/.exec(template);
    if (match === null) return template;
    const value = pointerGet(match[1] === 'request' ? request : response, match[2] ?? '');
    if (value === undefined || value === null) throw new Unresolved();
    return value;
  }
  if (Array.isArray(template)) return template.map((item) => resolveLink(item, request, response));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, item]) => [key, resolveLink(item, request, response)]));
  }
  return template;
}

class Unresolved extends Error {}

/** `base` with `overlay`'s leaves written over it (objects merged, everything else replaced). */
function overlay(base: unknown, over: unknown): unknown {
  if (typeof over !== 'object' || over === null || Array.isArray(over)) return over;
  const out: Record<string, unknown> = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(over)) out[key] = overlay(out[key], value);
  return out;
}

/** Values per property name from the document's request examples (the authentication's left out: the run brings its own). */
function hintsOf(operations: readonly Operation[]): Hints {
  const hints = new Map<string, Set<unknown>>();
  const walk = (value: unknown, key?: string) => {
    if (key === 'authentication') return;
    if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (typeof value === 'object' && value !== null) for (const [name, item] of Object.entries(value)) walk(item, name);
    else if (key !== undefined) {
      let set = hints.get(key);
      if (set === undefined) hints.set(key, (set = new Set()));
      set.add(value);
    }
  };
  for (const operation of operations) walk(operation.example);
  // getAuth's example delisId is no account; a fuzzed login must not lock out the run's own.
  return new Map([...hints].map(([key, values]) => [key, [...values]]));
}

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, fromTime1: 900, toTime1: 1800 }));

/** Shops where the examples search (the Dam, 1012JS Amsterdam) and one every 10° over the globe. */
export function fuzzDirectory(): ParcelShopEntryData[] {
  const shops: ParcelShopEntryData[] = [];
  let id = 1;
  const add = (
    latitude: number,
    longitude: number,
    country: string,
    zipCode: string,
    city: string,
    more: Partial<ParcelShopEntryData> = {},
  ) =>
    shops.push({
      parcelShopId: id++,
      company: `Shop ${id}`,
      street: 'Teststraat',
      houseNo: '1',
      country,
      zipCode,
      city,
      latitude,
      longitude,
      availableService: ['parcelShopDelivery', 'dropOff', 'returns'],
      openingHours: weekdays,
      ...more,
    });
  add(52.3752, 4.8966, 'NL', '1012JS', 'Amsterdam');
  add(52.3641, 4.8829, 'NL', '1012LG', 'Amsterdam', { holiday: [{ dateFrom: 20261120, dateTo: 20261231 }] });
  add(52.36, 4.9262, 'NL', '1093EH', 'Amsterdam', {
    openingHours: [{ day: 2, fromTime1: 900, toTime1: 1200 }],
    availableService: ['dropOff'],
  });
  add(52.0907, 5.1214, 'NL', '3512JC', 'Utrecht');
  add(52.5305, 13.385, 'DE', '10115', 'Berlin');
  for (let latitude = -80; latitude <= 80; latitude += 10) {
    for (let longitude = -180; longitude < 180; longitude += 10)
      add(latitude, longitude, 'NL', '1000AA', 'Grid', { holiday: [{ dateFrom: 20270101, dateTo: 20270301 }] });
  }
  return shops;
}

/** Runs every kind of case against a fresh service of `environment` with `seed`; resolves with what it found. */
export async function fuzzOpenApi(
  environment: Environment,
  log: (line: string) => void = () => {},
  seed: number = FUZZ_SEED,
): Promise<FuzzReport> {
  const t = await startTestApp({ env: { PARCEL_ENV: environment } });
  const report: FuzzReport = { environment, failures: [], counts: new Map(), chains: 0 };
  try {
    await t.store.parcelShops.saveParcelShops(fuzzDirectory());
    const account = await t.addAccount({ pickupApproved: true });
    let auth = await t.authenticate(account.delisId);
    const documentResponse = await t.app.inject({ method: 'GET', url: '/rest/openapi.json' });
    const document = JSON.parse(documentResponse.body) as Schema & Document;
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats.default(ajv);
    ajv.addSchema(document, 'openapi');
    const checker = createOpenApiChecker(document);
    const operations: Operation[] = Object.entries(document.paths).map(([path, item]) => {
      const post = (item as unknown as { post: Record<string, any> }).post;
      const media = post.requestBody.content['application/json'];
      const requestSchema = media.schema as Schema;
      const escaped = path.replaceAll('~', '~0').replaceAll('/', '~1');
      const links = Object.values((post.responses['200']?.links ?? {}) as Record<string, Link>);
      return {
        path,
        operationId: post.operationId as string,
        requestSchema,
        validateRequest: ajv.compile({ $ref: `openapi#/paths/${escaped}/post/requestBody/content/application~1json/schema` }),
        authenticated: (requestSchema.properties as Record<string, unknown> | undefined)?.authentication !== undefined,
        example: media.example,
        links,
      };
    });
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
    const context: ArbitraryContext = { document, hints: hintsOf(operations) };
    const countOf = (operation: Operation) => {
      let counts = report.counts.get(operation.operationId);
      if (counts === undefined)
        report.counts.set(operation.operationId, (counts = { positive: 0, negative: 0, unauthenticated: 0, chained: 0 }));
      return counts;
    };

    /** Sends one body and checks the exchange; the answer when the check passed. */
    const exchange = async (operation: Operation, body: unknown, kind: CaseKind, withAuth: boolean, detail = '') => {
      const where = `${environment} ${operation.operationId} (${kind}${detail}) ${JSON.stringify(body).slice(0, 600)}`;
      let response;
      try {
        response = await t.app.inject({
          method: 'POST',
          url: operation.path,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress: ADDRESSES[kind],
        });
      } catch (error) {
        // The suite's hook (openapi-check.ts) rejects an exchange that broke the document.
        report.failures.push(`${where}: ${(error as Error).message}`);
        return undefined;
      }
      if (response.headers[INJECTED_FAULT_HEADER] !== undefined) return undefined;
      let answer: unknown;
      try {
        answer = JSON.parse(response.body);
      } catch {
        answer = undefined;
      }
      const problems: string[] = [];
      if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`);
      problems.push(...checker.check({ path: operation.path, request: body, statusCode: response.statusCode, answer }));
      if (!withAuth && operation.authenticated && response.statusCode < 300)
        problems.push(`HTTP ${response.statusCode} without a valid authentication`);
      if (problems.length > 0) {
        report.failures.push(`${where}: ${problems.join('; ')}`);
        return undefined;
      }
      // What the sandbox's controls change would answer the run's next calls: a fault injected, the account's
      // clock moved (the token expires by it: a new login, which the moved clock dates). Each is taken back at once.
      if (['injectFault', 'setClock', 'resetAccount'].includes(operation.operationId) && response.statusCode === 200) {
        auth = await t.authenticate(account.delisId);
        await t.post('/rest/services/SandboxService/V1_0/setClock', { authentication: auth, setClock: { reset: true } });
        await t.post('/rest/services/SandboxService/V1_0/clearFaults', { authentication: auth, clearFaults: {} });
      }
      return { statusCode: response.statusCode, answer };
    };
    const withAuthentication = (operation: Operation, body: unknown) =>
      operation.authenticated && typeof body === 'object' && body !== null && !Array.isArray(body)
        ? { ...body, authentication: auth }
        : body;
    const params = (runs: number, salt: number) => ({ seed: seed + salt, numRuns: runs, endOnFailure: true });

    for (const [index, operation] of operations.entries()) {
      const counts = countOf(operation);
      const started = process.hrtime.bigint();
      const bodies = arbitraryOf(operation.requestSchema, context);
      // Positive: what the schema describes, as a client would send it.
      await fc.assert(
        fc.asyncProperty(bodies, async (generated) => {
          const body = withAuthentication(operation, generated);
          if (!operation.validateRequest(body)) return;
          counts.positive++;
          await exchange(operation, body, 'positive', true);
        }),
        params(CASES.positive, index),
      );
      // Negative: one place broken, the example's body or a generated one; only what the schema refuses.
      const base = fc.oneof(fc.constant(operation.example), bodies);
      await fc.assert(
        fc.asyncProperty(base, mutationArbitrary, async (generated, mutation) => {
          const body = mutate(withAuthentication(operation, generated), mutation);
          if (operation.validateRequest(body)) return;
          counts.negative++;
          await exchange(operation, body, 'negative', true, ` ${JSON.stringify(mutation)}`);
        }),
        params(CASES.negative, 1000 + index),
      );
      if (operation.authenticated) {
        await fc.assert(
          fc.asyncProperty(fc.oneof(bodies, fc.constant(operation.example)), async (body) => {
            counts.unauthenticated++;
            await exchange(operation, body, 'unauthenticated', false);
          }),
          params(CASES.unauthenticated, 2000 + index),
        );
      }
      if (process.env.FUZZ_TIMES !== undefined) log(`${operation.operationId} ${(process.hrtime.bigint() - started) / 1_000_000n} ms`);
    }

    // Stateful chains: a login with the account's password, then calls along the links of the answers so far.
    const getAuth = operations.find((operation) => operation.operationId === 'getAuth');
    if (getAuth === undefined) throw new Error('the document has no getAuth');
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        report.chains++;
        const login = { delisId: account.delisId, password: PASSWORD, messageLanguage: g(fc.constantFrom, 'en_US', 'nl_NL') };
        const answered: Array<{ operation: Operation; request: unknown; answer: unknown }> = [];
        const first = await exchange(getAuth, login, 'chain', true);
        if (first?.statusCode !== 200)
          report.failures.push(`${environment} chain: the account's own login answered HTTP ${first?.statusCode}`);
        countOf(getAuth).chained++;
        if (first?.statusCode !== 200) return;
        answered.push({ operation: getAuth, request: login, answer: first.answer });
        for (let step = 0; step < CHAIN_LENGTH; step++) {
          const open = answered.flatMap((source) => source.operation.links.map((link) => ({ source, link })));
          if (open.length === 0) return;
          const { source, link } = open[g(fc.nat, open.length - 1)];
          const target = byId.get(link.operationId);
          if (target === undefined) {
            report.failures.push(
              `${environment} ${source.operation.operationId}: a link to ${link.operationId}, which the document does not have`,
            );
            return;
          }
          let linked: unknown;
          try {
            linked = resolveLink(link.requestBody, source.request, source.answer);
          } catch (error) {
            if (error instanceof Unresolved) continue;
            throw error;
          }
          // The chain's own token (from getAuth's link) where the target takes one.
          const authenticated = answered.find((entry) => entry.operation === getAuth);
          const authLink = getAuth.links.find((candidate) => candidate.operationId === target.operationId);
          const chainAuth =
            authenticated !== undefined && authLink !== undefined
              ? resolveLink(authLink.requestBody, authenticated.request, authenticated.answer)
              : target.authenticated
                ? { authentication: auth }
                : {};
          const drawn = g(() =>
            target.example !== undefined && g(fc.boolean) ? fc.constant(target.example) : arbitraryOf(target.requestSchema, context),
          );
          const body = overlay(overlay(drawn, chainAuth), linked);
          countOf(target).chained++;
          const result = await exchange(target, body, 'chain', true, ` from ${source.operation.operationId}`);
          if (result?.statusCode === 200) answered.push({ operation: target, request: body, answer: result.answer });
        }
      }),
      params(CASES.chains, 3000),
    );
  } finally {
    await t.close().catch((error: unknown) => report.failures.push(`${environment}: closing the app: ${String(error).slice(0, 2000)}`));
  }
  for (const [operationId, counts] of report.counts) log(`${environment} ${operationId}: ${JSON.stringify(counts)}`);
  log(`${environment}: ${report.chains} chains, seed ${seed}, ${report.failures.length} failures`);
  return report;
}
