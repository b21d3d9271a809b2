// docs/architecture.md's folder tables are the folders there are: a folder added to or removed from
// src/, its rooms (domain/, bindings/, server/) or test/ without its row fails here, naming it; and
// every file name in src/ is unique, as the guide says.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const guide = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

/** The folders the first column of the tables under `heading` names (`` `name/` ``), up to the next heading. */
function tableFolders(heading: string): string[] {
  const start = guide.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `docs/architecture.md has no "${heading}"`);
  const rest = guide.slice(start + heading.length + 2);
  const end = rest.search(/\n#{2,3} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\| `([^`/]+)\/` \|/gm)].map((match) => match[1]).sort();
}

/** The folders of `path` (from the project's root). */
function folders(path: string): string[] {
  return readdirSync(new URL(`../../${path}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

describe('docs/architecture.md folder tables', () => {
  it('every file name in src/ is unique, as the guide says', () => {
    const names = readdirSync(new URL('../../src/', import.meta.url), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.[a-z]+$/.test(path))
      .map((path) => path.split('/').at(-1));
    assert.deepEqual(
      names.filter((name, index) => names.indexOf(name) !== index),
      [],
    );
  });

  for (const [heading, path] of [
    ['## Layers', 'src/'],
    ['### domain/', 'src/domain/'],
    ['### bindings/', 'src/bindings/'],
    ['### server/', 'src/server/'],
    ['## Tests', 'test/'],
  ] as const) {
    it(`"${heading}" lists every folder of ${path}, and no other`, () => {
      assert.deepEqual(tableFolders(heading), folders(path));
    });
  }
});
