// fast-check arbitraries from the JSON Schemas (draft 2020-12) of an OpenAPI 3.1 document: values a
// schema describes (positive cases, mostly valid: the caller keeps those ajv finds valid), and one-place
// mutations of them (negative cases: the caller keeps those ajv finds invalid). Written for the
// document the REST binding serves (bindings/rest/openapi.ts): `$ref` to components, `anyOf`/`oneOf`
// (a null or a blank text beside the value; a one-of group of required fields), `allOf`, `not`, `const`,
// `enum`, type lists, string lengths and patterns, number ranges, arrays, and objects with required and
// optional properties and no others. `not` is left to the caller's validation.
import fc from 'fast-check';

/** A JSON Schema object, as the document writes it. */
export type Schema = { readonly [keyword: string]: unknown };

/** Values to prefer for a property of a name (the document's examples): they meet the service's other rules. */
export type Hints = ReadonlyMap<string, readonly unknown[]>;

export interface ArbitraryContext {
  /** The whole document: `$ref`s are read from it. */
  readonly document: Schema;
  /** Values per property name, drawn now and then instead of a generated one. */
  readonly hints?: Hints;
}

/** How deep optional objects are still filled in; deeper, only what is required. */
const MAX_DEPTH = 7;
/** The longest text generated where a schema sets no maximum (the bounds at the edges are tried too). */
const TEXT_SPAN = 24;
/** The most list items generated beyond the minimum. */
const ITEM_SPAN = 3;

/** The schema a `$ref` (`#/components/schemas/X`) points at. */
export function resolve(schema: Schema, document: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`a $ref loop at ${String(current.$ref)}`);
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`an outside $ref: ${ref}`);
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      target = Reflect.get(target as object, part.replaceAll('~1', '/').replaceAll('~0', '~'));
    }
    if (target === undefined) throw new Error(`an unresolved $ref: ${ref}`);
    current = target as Schema;
  }
  return current;
}

/** Two object schemas as one: properties and required lists joined (a oneOf branch over its base). */
function merge(base: Schema, extra: Schema): Schema {
  const { anyOf: _a, oneOf: _o, allOf: _l, ...rest } = base;
  // A group member's `{ not: … }` narrows the property's own schema, which generates its values: kept.
  const baseProperties = (base.properties ?? {}) as Record<string, Schema>;
  const extraProperties = Object.fromEntries(
    Object.entries((extra.properties ?? {}) as Record<string, Schema>).filter(
      ([key, schema]) => !(baseProperties[key] !== undefined && Object.keys(schema).length === 1 && 'not' in schema),
    ),
  );
  return {
    ...rest,
    ...extra,
    properties: { ...baseProperties, ...extraProperties },
    required: [...new Set([...((base.required as string[] | undefined) ?? []), ...((extra.required as string[] | undefined) ?? [])])],
  };
}

const arbitraries = new WeakMap<Schema, Map<number, fc.Arbitrary<unknown>>>();

/** An arbitrary of the values `schema` describes (mostly: `not` and cross-field groups are the caller's to check). */
export function arbitraryOf(schema: Schema, context: ArbitraryContext, depth = 0, name?: string): fc.Arbitrary<unknown> {
  const key = name === undefined ? depth : -1;
  if (key >= 0) {
    const cached = arbitraries.get(schema)?.get(key);
    if (cached !== undefined) return cached;
  }
  const made = build(schema, context, depth, name);
  if (key >= 0) {
    let byDepth = arbitraries.get(schema);
    if (byDepth === undefined) arbitraries.set(schema, (byDepth = new Map()));
    byDepth.set(key, made);
  }
  return made;
}

function build(raw: Schema, context: ArbitraryContext, depth: number, name: string | undefined): fc.Arbitrary<unknown> {
  const schema = resolve(raw, context.document);
  const generated = generate(schema, context, depth, name);
  const hinted = name === undefined ? undefined : context.hints?.get(name);
  if (hinted === undefined || hinted.length === 0) return generated;
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...hinted) }, { weight: 2, arbitrary: generated });
}

function generate(schema: Schema, context: ArbitraryContext, depth: number, name: string | undefined): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (choices !== undefined) {
    // A branch that only names required properties narrows the schema beside it (a one-of group).
    const own = Object.keys(schema).some((keyword) => keyword === 'type' || keyword === 'properties');
    const branches = choices.map((choice) => (own ? merge(schema, resolve(choice, context.document)) : choice));
    return fc.oneof(...branches.map((branch) => arbitraryOf(branch, context, depth, name)));
  }
  if (Array.isArray(schema.allOf)) {
    const merged = (schema.allOf as Schema[]).reduce<Schema>((all, part) => merge(all, resolve(part, context.document)), {
      ...schema,
      allOf: undefined,
    });
    return arbitraryOf(merged, context, depth, name);
  }
  const types = schema.type === undefined ? inferredTypes(schema) : [schema.type].flat();
  const byType = types.map((type) => ofType(type as string, schema, context, depth));
  return byType.length === 1 ? byType[0] : fc.oneof(...byType);
}

function inferredTypes(schema: Schema): string[] {
  if (schema.properties !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  if (schema.pattern !== undefined || schema.minLength !== undefined) return ['string'];
  return ['string', 'integer', 'boolean', 'null'];
}

function ofType(type: string, schema: Schema, context: ArbitraryContext, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerOf(schema);
    case 'number':
      return numberOf(schema);
    case 'string':
      return stringOf(schema);
    case 'array':
      return arrayOf(schema, context, depth);
    case 'object':
      return objectOf(schema, context, depth);
    default:
      throw new Error(`a schema type the fuzzer does not know: ${type}`);
  }
}

const SAFE = Number.MAX_SAFE_INTEGER;

function integerOf(schema: Schema): fc.Arbitrary<number> {
  const min = Math.max(typeof schema.minimum === 'number' ? schema.minimum : -SAFE, -SAFE);
  const max = Math.min(typeof schema.maximum === 'number' ? schema.maximum : SAFE, SAFE);
  // The bounds and the small numbers near them are where services go wrong; fc.integer alone rarely hits them.
  const edges = [min, max, min + 1, max - 1, 0, 1].filter((value) => value >= min && value <= max);
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...edges) }, { weight: 4, arbitrary: fc.integer({ min, max }) });
}

function numberOf(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1e9;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1e9;
  const edges = [min, max, 0].filter((value) => value >= min && value <= max);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
    { weight: 4, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
  );
}

/** A pattern fast-check can generate from, or undefined (it reads a subset of the syntax). */
function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    const arbitrary = fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall' });
    fc.sample(arbitrary, { numRuns: 1, seed: 1 });
    return arbitrary;
  } catch {
    return undefined;
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (typeof schema.pattern === 'string') {
    const matching = patternArbitrary(schema.pattern);
    if (matching !== undefined) {
      return matching.filter((text) => [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength));
    }
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  const upper = maxLength ?? minLength + TEXT_SPAN;
  const span = Math.min(upper, minLength + TEXT_SPAN);
  const texts = [fc.string({ minLength, maxLength: span }), fc.string({ unit: 'grapheme-ascii', minLength, maxLength: span })];
  // The longest text the schema allows, which the short ones never reach.
  if (maxLength !== undefined && maxLength > span) texts.push(fc.constant('x'.repeat(maxLength)));
  return fc.oneof(...texts);
}

function arrayOf(schema: Schema, context: ArbitraryContext, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const declared = typeof schema.maxItems === 'number' ? schema.maxItems : minLength + ITEM_SPAN;
  const maxLength = depth >= MAX_DEPTH ? minLength : Math.min(declared, minLength + ITEM_SPAN);
  const item = schema.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : arbitraryOf(schema.items as Schema, context, depth + 1);
  return fc.array(item, { minLength, maxLength });
}

function objectOf(schema: Schema, context: ArbitraryContext, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  // Deep down, only what is required: a nested order would otherwise grow without end.
  const keys = Object.keys(properties).filter((key) => required.has(key) || depth < MAX_DEPTH);
  const model = Object.fromEntries(keys.map((key) => [key, arbitraryOf(properties[key], context, depth + 1, key)]));
  return fc.record(model, { requiredKeys: keys.filter((key) => required.has(key)) });
}

/** Values that break most schemas somewhere: wrong types, edges, impossible dates, unsafe characters. */
export const HOSTILE_VALUES: readonly unknown[] = Object.freeze([
  null,
  '',
  ' ',
  '\u200B',
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e308,
  true,
  'true',
  [],
  {},
  [null],
  [''],
  'x'.repeat(1025),
  '\u0000',
  '\u007F',
  '\uD800',
  '2027-02-30',
  '20270230',
  20270230,
  '00000000',
  0,
  '99999999',
  99999999,
  '2027-13-01',
  20271301,
  '2027-02-30T10:00:00Z',
  '2027-13-01T00:00:00Z',
  '0',
  '１２３',
  '<x/>',
  "'; DROP TABLE parcels; --",
  '../../etc/passwd',
]);

/** A place in a JSON value: the keys and indices from its root. */
type Place = readonly (string | number)[];

function placesOf(value: unknown, at: Place = [], out: Place[] = []): Place[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((item, i) => placesOf(item, [...at, i], out));
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) placesOf(item, [...at, key], out);
  return out;
}

/** What a mutation does at its place. */
export type Mutation =
  | { readonly kind: 'replace'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'add'; readonly at: number; readonly key: string; readonly value: unknown }
  | { readonly kind: 'empty-list'; readonly at: number };

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fc.constantFrom(...HOSTILE_VALUES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fc.jsonValue({ maxDepth: 2 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      at: fc.nat(),
      key: fc.constantFrom('unknownField', 'constructor', '__proto__', 'Status', ''),
      value: fc.constantFrom(...HOSTILE_VALUES),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('empty-list' as const), at: fc.nat() }) },
);

/** `value` with `mutation` applied at one of its places (a deep copy; `value` is left as it was). */
export function mutate(value: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(value);
  const places = placesOf(copy);
  const place = places[mutation.at % places.length];
  if (place.length === 0) {
    if (mutation.kind === 'replace') return mutation.value;
    if (mutation.kind === 'add' && typeof copy === 'object' && copy !== null && !Array.isArray(copy)) {
      Object.defineProperty(copy, mutation.key, { value: mutation.value, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }
  const parent = place.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  const key = place[place.length - 1];
  switch (mutation.kind) {
    case 'replace':
      parent[key] = mutation.value;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'add': {
      const target = parent[key];
      if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
        Object.defineProperty(target, mutation.key, { value: mutation.value, enumerable: true, writable: true, configurable: true });
      } else parent[key] = { [mutation.key]: mutation.value };
      break;
    }
    case 'empty-list':
      parent[key] = [];
      break;
  }
  return copy;
}
