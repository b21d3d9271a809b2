// The structural bound on JSON texts: depth and node count, computed without parsing, agree with the
// parsed value's own for every JSON text, strings and escapes included; and a member name given twice
// in one object is found, however it is escaped and wherever the text is cut into chunks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DEFAULT_JSON_BOUNDS, exceededJsonBound, JsonBoundsScanner } from '../../src/bindings/rest/json-bounds.ts';
import { firstDuplicateName, ObjectNames } from '../../src/bindings/rest/json-names.ts';

/** Depth and node count of a parsed value, as json-bounds.ts defines them. */
function measure(value: unknown): { depth: number; nodes: number } {
  if (Array.isArray(value)) {
    const parts = value.map(measure);
    return { depth: 1 + Math.max(0, ...parts.map((p) => p.depth)), nodes: 1 + parts.reduce((sum, p) => sum + p.nodes, 0) };
  }
  if (typeof value === 'object' && value !== null) {
    const parts = Object.values(value).map(measure);
    // Each member name is a node too.
    return { depth: 1 + Math.max(0, ...parts.map((p) => p.depth)), nodes: 1 + parts.reduce((sum, p) => sum + 1 + p.nodes, 0) };
  }
  return { depth: 0, nodes: 1 };
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('exceededJsonBound', () => {
  const cases: ReadonlyArray<{
    name: string;
    text: string;
    bounds?: { maxDepth: number; maxNodes: number };
    expected?: 'depth' | 'nodes';
  }> = [
    { name: 'a small request', text: '{"delisId":"KD123456","password":"x","messageLanguage":"en_US"}' },
    { name: 'nesting at the limit', text: nested(64) },
    { name: 'nesting one over the limit', text: nested(65), expected: 'depth' },
    { name: 'objects count as levels too', text: '{"a":'.repeat(65) + '1' + '}'.repeat(65), expected: 'depth' },
    { name: 'nesting depth is the deepest, not the sum', text: `[${Array(100).fill(nested(63)).join(',')}]` },
    { name: 'brackets inside strings are text', text: JSON.stringify({ a: '['.repeat(1000) }) },
    {
      name: 'escaped quotes do not end a string',
      text: JSON.stringify({ a: '"[[[[["'.repeat(100) }),
      bounds: { maxDepth: 1, maxNodes: 3 },
    },
    {
      name: 'an escaped backslash before a quote ends the string',
      text: '["\\\\",[[]]]',
      bounds: { maxDepth: 2, maxNodes: 10 },
      expected: 'depth',
    },
    { name: 'nodes at the limit', text: JSON.stringify(Array(9).fill({})), bounds: { maxDepth: 64, maxNodes: 10 } },
    { name: 'nodes over the limit', text: JSON.stringify(Array(10).fill({})), bounds: { maxDepth: 64, maxNodes: 10 }, expected: 'nodes' },
    { name: 'names count as nodes', text: '{"a":1,"b":2}', bounds: { maxDepth: 64, maxNodes: 4 }, expected: 'nodes' },
    { name: 'a number is one node however long', text: '[123456789.5e-10,-0,true,false,null]', bounds: { maxDepth: 1, maxNodes: 6 } },
    { name: 'a flat array of 1.6 million empty objects', text: `[${Array(1_600_000).fill('{}').join(',')}]`, expected: 'nodes' },
    { name: 'nesting 4.8 MB deep', text: nested(2_400_000), expected: 'depth' },
    { name: 'an unterminated string is left to JSON.parse', text: '["abc', bounds: { maxDepth: 1, maxNodes: 10 } },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(exceededJsonBound(Buffer.from(c.text), c.bounds ?? DEFAULT_JSON_BOUNDS), c.expected));
  }

  it('agrees with the parsed value for any JSON text, at any bounds', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6, stringUnit: 'binary' }),
        fc.boolean(),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 60 }),
        (value, indent, maxDepth, maxNodes) => {
          const text = JSON.stringify(value, null, indent ? 1 : 0);
          const { depth, nodes } = measure(value);
          const found = exceededJsonBound(Buffer.from(text), { maxDepth, maxNodes });
          // Both bounds exceeded: the pass reports whichever it meets first.
          if (depth > maxDepth && nodes > maxNodes) assert.ok(found === 'depth' || found === 'nodes', text);
          else assert.equal(found, depth > maxDepth ? 'depth' : nodes > maxNodes ? 'nodes' : undefined, text);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('finds the same in a text pushed in chunks, split anywhere (inside strings, escapes, numbers and multi-byte characters)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 5, stringUnit: 'binary' }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        (value, cuts, maxDepth, maxNodes) => {
          const bytes = Buffer.from(JSON.stringify(value));
          const bounds = { maxDepth, maxNodes };
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const scanner = new JsonBoundsScanner(bounds);
          let found: string | undefined;
          let from = 0;
          for (const to of [...points, bytes.length]) {
            found ??= scanner.push(bytes.subarray(from, to));
            from = to;
          }
          assert.equal(found, exceededJsonBound(bytes, bounds), JSON.stringify({ text: bytes.toString(), points }));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('tells escaped quotes from closing ones across chunks, in runs of backslashes of any length, in short and long strings', () => {
    // Runs of 70 letters: a string's closing quote is looked for byte by byte up to 64 bytes on, natively past that.
    const text = fc.array(fc.constantFrom('\\', '"', 'a', 'é', '[', 'a'.repeat(70)), { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 8 }), (strings, cuts) => {
        // Brackets in the strings are text: 4 levels (the last array's), a node per string and 5 for the arrays.
        const bytes = Buffer.from(JSON.stringify([strings, [[[]]]]));
        const bounds = { maxDepth: 4, maxNodes: strings.length + 5 };
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const scanner = new JsonBoundsScanner(bounds);
        let found: string | undefined;
        let from = 0;
        for (const to of [...points, bytes.length]) {
          found ??= scanner.push(bytes.subarray(from, to));
          from = to;
        }
        assert.equal(found, undefined, bytes.toString());
        assert.equal(exceededJsonBound(bytes, { maxDepth: 3, maxNodes: 100 }), 'depth', bytes.toString());
      }),
      { numRuns: 3000 },
    );
  });

  it('stops in the first chunk of a body nested deeper than the bound', () => {
    const scanner = new JsonBoundsScanner();
    assert.equal(scanner.push(Buffer.from('['.repeat(65 * 1024))), 'depth');
  });
});

/** A JSON tree whose objects are lists of entries, so that a name may be given twice, each name written plainly or escaped. */
type Tree =
  { readonly entries: ReadonlyArray<readonly [string, boolean, Tree]> } | { readonly items: readonly Tree[] } | { readonly leaf: unknown };

const tree = fc.letrec<{ tree: Tree }>((node) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ leaf: fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null)) }),
    fc.record({ items: fc.array(node('tree'), { maxLength: 4 }) }),
    fc.record({
      entries: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'ab', 'é', '\u{1F600}', '"', 'a'.repeat(70)), fc.boolean(), node('tree')), {
        maxLength: 5,
      }),
    }),
  ),
})).tree;

/** Every UTF-16 unit as a \\uXXXX escape (a character beyond U+FFFF as its surrogate pair). */
const escaped = (name: string) =>
  `"${Array.from({ length: name.length }, (_, k) => `\\u${name.charCodeAt(k).toString(16).padStart(4, '0')}`).join('')}"`;

/** The text of `value`, and the first name (in text order) an object of it gives twice. */
function write(value: Tree): { text: string; duplicate: string | undefined } {
  let duplicate: string | undefined;
  const text = (node: Tree): string => {
    if ('leaf' in node) return JSON.stringify(node.leaf);
    if ('items' in node) return `[${node.items.map(text).join(',')}]`;
    const names = new Set<string>();
    const parts = node.entries.map(([name, escape, child]) => {
      if (names.has(name)) duplicate ??= name;
      names.add(name);
      return `${escape ? escaped(name) : JSON.stringify(name)}:${text(child)}`;
    });
    return `{${parts.join(',')}}`;
  };
  return { text: text(value), duplicate };
}

describe('member names given twice', () => {
  const cases: ReadonlyArray<{ text: string; duplicate?: string }> = [
    { text: '{"a":1,"b":2}' },
    { text: '{"a":1,"a":2}', duplicate: 'a' },
    { text: '{"a":{"a":1},"b":[{"a":1},{"a":2}]}' },
    { text: '[{"a":1},{"b":{"c":1,"c":2}}]', duplicate: 'c' },
    { text: '{"a":"b","b":"a"}' },
    { text: '{"a":["a","a"]}' },
    { text: '{"authToken":"wrong","authToken":"right"}', duplicate: 'authToken' },
    { text: '{"\\u0061":1,"a":2}', duplicate: 'a' },
    { text: '{"\\"":1,"\\u0022":2}', duplicate: '"' },
    { text: '{"é":1,"\\u00e9":2}', duplicate: 'é' },
    { text: '{"a\\\\":1,"a\\\\":2}', duplicate: 'a\\' },
    { text: '{"a":{"x":1},"b":{"x":1},"x":1}' },
  ];
  for (const { text, duplicate } of cases) {
    it(`finds ${duplicate ?? 'none'} in ${text}`, () => {
      const scanner = new JsonBoundsScanner();
      assert.equal(scanner.push(Buffer.from(text)), undefined);
      assert.equal(scanner.nameRepeated, duplicate !== undefined);
      assert.equal(firstDuplicateName(text), duplicate);
    });
  }

  it('finds the first name given twice in any text, pushed in chunks split anywhere', () => {
    fc.assert(
      fc.property(tree, fc.array(fc.nat(), { maxLength: 6 }), (value, cuts) => {
        const { text, duplicate } = write(value);
        const bytes = Buffer.from(text);
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const scanner = new JsonBoundsScanner();
        let from = 0;
        for (const to of [...points, bytes.length]) {
          assert.equal(scanner.push(bytes.subarray(from, to)), undefined);
          from = to;
        }
        // Names that differ hash alike only by chance (one in 2^32 per pair): the hash tells them apart here.
        assert.equal(scanner.nameRepeated, duplicate !== undefined, text);
        assert.equal(firstDuplicateName(text), duplicate, text);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps each object’s hashes apart, past the ones compared one by one, and forgets a closed object’s', () => {
    const names = new ObjectNames();
    names.open(1);
    for (let hash = 0; hash < 1000; hash++) assert.equal(names.add(1, hash * 7919), true);
    names.open(2);
    for (let hash = 0; hash < 40; hash++) assert.equal(names.add(2, hash * 7919), true);
    assert.equal(names.add(2, 0), false);
    names.close(2);
    for (let hash = 0; hash < 1000; hash++) assert.equal(names.add(1, hash * 7919), false);
    assert.equal(names.add(1, -1), true);
    names.open(2);
    assert.equal(names.add(2, 7919), true);
  });
});
