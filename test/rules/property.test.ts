// Property: whatever a client sends, decoding and the rules never throw, and every violation is a
// validation code of the catalogue whose messages render in both languages. Inputs are random
// mutations of the valid fixtures (deleted fields, values of another type, duplicated entries,
// unknown keys, deep nesting, huge strings, Unicode edge cases) and arbitrary JSON.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { validRequests, type Json } from '../fixtures/requests.ts';
import { assertWellFormed, validateCase } from './run-cases.ts';

type Container = Record<string, unknown> | unknown[];
interface Slot {
  readonly parent: Container;
  readonly key: string | number;
}

/** Every place in the tree a mutation can touch (bounded, so deep garbage is not walked). */
function slotsOf(root: Container, depth = 0, out: Slot[] = []): Slot[] {
  if (depth > 12) return out;
  const keys: (string | number)[] = Array.isArray(root) ? root.map((_, i) => i) : Object.keys(root);
  for (const key of keys) {
    out.push({ parent: root, key });
    const child = (root as Record<string | number, unknown>)[key];
    if (child !== null && typeof child === 'object') slotsOf(child as Container, depth + 1, out);
  }
  return out;
}

function containersOf(root: Container): Container[] {
  const children = slotsOf(root)
    .map((slot) => (slot.parent as Record<string | number, unknown>)[slot.key])
    .filter((value): value is Container => value !== null && typeof value === 'object');
  return [root, ...children];
}

const pick = <T>(list: readonly T[], at: number): T | undefined => (list.length === 0 ? undefined : list[at % list.length]);

function put(slot: Slot, value: unknown): void {
  // defineProperty, so a key such as __proto__ becomes an own key, as JSON.parse makes it.
  Object.defineProperty(slot.parent, slot.key, { value, enumerable: true, writable: true, configurable: true });
}

const edgeText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\uD800',
        '\uDBFF',
        '\uDC00',
        '\uDFFF',
        'a\uD83D',
        '\uDE00b',
        '\u0000',
        '\u200B',
        '\u202E',
        '\uFEFF',
        'e\u0301',
        '📦',
        '👩‍👩‍👧',
        '\uFFFF',
        'Ł',
        'ß',
        'ﬀ',
        'İ',
        '{path}',
        '%s',
        '<x/>',
        ' ',
        '',
      ),
      fc.string({ unit: 'binary', maxLength: 6 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  edgeText,
  fc.constantFrom(
    -0,
    -1,
    0.5,
    1e21,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    '',
    null,
    true,
    [],
    {},
    '0',
    '00000000',
    '99999999999',
  ),
);

type Mutation =
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'replace'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'duplicate'; readonly at: number; readonly times: number }
  | { readonly kind: 'insertKey'; readonly at: number; readonly key: string; readonly value: unknown }
  | { readonly kind: 'deepNest'; readonly at: number; readonly depth: number }
  | { readonly kind: 'hugeString'; readonly at: number; readonly unit: string; readonly length: number };

const at = fc.nat();
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('delete' as const), at }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value: anyValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), at, times: fc.integer({ min: 1, max: 35 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('insertKey' as const),
      at,
      key: fc.oneof(
        fc.string({ maxLength: 12 }),
        edgeText,
        fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'order', 'weight'),
      ),
      value: anyValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deepNest' as const), at, depth: fc.integer({ min: 1, max: 3000 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('hugeString' as const),
      at,
      unit: fc.constantFrom('x', '9', 'Ł', '📦', '\uD800', ' '),
      length: fc.integer({ min: 36, max: 50_000 }),
    }),
  },
);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { order: value };
  return value;
}

function apply(root: Container, change: Mutation): void {
  switch (change.kind) {
    case 'delete': {
      const slot = pick(slotsOf(root), change.at);
      if (slot === undefined) return;
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete slot.parent[slot.key as string];
      return;
    }
    case 'replace': {
      const slot = pick(slotsOf(root), change.at);
      if (slot) put(slot, structuredClone(change.value));
      return;
    }
    case 'deepNest': {
      const slot = pick(slotsOf(root), change.at);
      if (slot) put(slot, nested(change.depth));
      return;
    }
    case 'hugeString': {
      const slot = pick(slotsOf(root), change.at);
      if (slot) put(slot, change.unit.repeat(change.length));
      return;
    }
    case 'duplicate': {
      const list = pick(containersOf(root).filter(Array.isArray), change.at);
      if (list !== undefined && list.length > 0)
        for (let i = 0; i < change.times; i++) list.push(structuredClone(list[change.at % list.length]));
      return;
    }
    case 'insertKey': {
      const target = pick(
        containersOf(root).filter((c) => !Array.isArray(c)),
        change.at,
      );
      if (target !== undefined) put({ parent: target, key: change.key }, structuredClone(change.value));
      return;
    }
  }
}

const fixtureNames = Object.keys(validRequests);

/** Runs a request over both bindings; a throw fails the property, a violation must be well formed. */
function check(request: unknown): void {
  for (const binding of ['rest', 'soap'] as const) assertWellFormed(validateCase(request, { binding }));
}

describe('decode + validateRequest on hostile input', () => {
  it('the unmutated fixtures are valid', () => {
    for (const name of fixtureNames) assert.deepEqual(validateCase(validRequests[name]()), [], name);
  });

  it('mutated valid requests never throw and report only catalogue codes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixtureNames), fc.array(mutation, { minLength: 1, maxLength: 5 }), (name, mutations) => {
        const request = validRequests[name]();
        // Huge strings and deep nesting last, so no duplicate copies them (the time stays bounded).
        const late = ['hugeString', 'deepNest'];
        for (const change of mutations) if (!late.includes(change.kind)) apply(request, change);
        for (const change of mutations) if (late.includes(change.kind)) apply(request, change);
        // Over the wire: JSON.stringify keeps own __proto__ keys and escapes lone surrogates; JSON.parse restores both.
        check(JSON.parse(JSON.stringify(request)) as Json);
      }),
      { numRuns: 5000 },
    );
  });

  it('arbitrary JSON in place of the request never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 6 }),
          fc.dictionary(fc.constantFrom('order', 'printOptions', 'isLastRequest', 'x'), fc.jsonValue({ maxDepth: 5 })),
        ),
        (request) => {
          check(request);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
