// The repository explains itself: no comment, document or test points to the design brief, which is
// not in it, nor to a path outside it; a comment pointing to a section of docs/decisions.md names one
// that is there.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The brief's file name, spelt so that this file does not name it. */
const BRIEF = ['DES', 'IGN'].join('');
const OUTSIDE = ['..', 'shared'].join('/');

/** Every text file of the project's own: code, scripts, benchmarks and documents. */
function projectFiles(): string[] {
  const inside = (dir: string) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs|cjs|md|css|sh)$/.test(name))
      .map((name) => join(dir, name));
  return [
    'README.md',
    'CHANGELOG.md',
    '.dependency-cruiser.cjs',
    ...['src', 'test', 'scripts', 'bench', 'docs'].flatMap(inside).filter((path) => !path.startsWith(join('test', 'golden'))),
  ];
}

describe('references', () => {
  it(`nothing names the brief or a path outside the repository`, () => {
    const found: string[] = [];
    for (const path of projectFiles()) {
      const lines = readFileSync(join(ROOT, path), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (new RegExp(`\\b${BRIEF}\\b`).test(line) || line.includes(OUTSIDE)) found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(found, [], 'say it in place, or point to a section of docs/decisions.md');
  });

  it('every section of docs/decisions.md a file points to is there (its title, or its title up to a parenthesis)', () => {
    const decisions = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');
    const sections = [...decisions.matchAll(/^#{2,4} (.+)$/gm)].map((match) => match[1].trim());
    const missing: string[] = [];
    for (const path of projectFiles()) {
      const text = readFileSync(join(ROOT, path), 'utf8');
      for (const match of text.matchAll(/decisions\.md "([^"]+)"/g))
        if (!sections.some((title) => title === match[1] || title.startsWith(`${match[1]} (`))) missing.push(`${path}: "${match[1]}"`);
    }
    assert.deepEqual(missing, []);
  });
});
