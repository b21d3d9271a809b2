// Generated artefacts are fresh, the package is whole, and the architecture's import direction holds.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { errorCodes } from '../../src/contract/error-catalogue.ts';
import { renderErrorDocs } from '../../src/contract/error-docs.ts';
import { withOperationsTable } from '../../src/bindings/docs/operation-docs.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The project's own documents: the README, docs/ and the READMEs beside the code. */
function documents(): string[] {
  const inside = (dir: string) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((name) => name.endsWith('.md')).map((name) => join(dir, name));
  return ['README.md', ...inside('docs'), ...inside('src').filter((path) => path.endsWith('README.md'))];
}

describe('generated files and architecture', () => {
  it('docs/errors.md is the rendering of the error catalogue (npm run docs:errors)', () => {
    assert.equal(readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8'), renderErrorDocs());
  });

  it('docs/errors.md documents every code', () => {
    const text = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    for (const code of errorCodes) assert.ok(text.includes(`\`${code}\``), `${code} is not documented`);
  });

  it("README.md's operations table is the rendering of the operation table (npm run docs:operations)", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    assert.equal(withOperationsTable(readme), readme);
  });

  it("README.md's first screen says what the service is and how to start and test it, and its contents list every section", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const firstScreen = readme.split('\n').slice(0, 20).join('\n');
    for (const words of [
      'self-hostable implementation',
      'Shipment Service V3.5',
      'integrators',
      'operators',
      'npm ci && npm start',
      'npm ci && npm test',
    ])
      assert.ok(firstScreen.includes(words), `the README's first 20 lines say "${words}"`);
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading).filter((heading) => heading !== 'Contents');
    const start = readme.indexOf('\n## Contents\n');
    const contents = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const entries = [...contents.matchAll(/^- \[([^\]]+)\]\(#([^)]+)\)/gm)];
    assert.deepEqual(
      entries.map(([, title]) => title),
      headings,
    );
    // GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
    const anchor = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, '')
        .replaceAll(' ', '-');
    assert.deepEqual(
      entries.map(([, , target]) => target),
      headings.map(anchor),
    );
  });

  it('the package bundles every runtime dependency, so that it installs offline from its tarball (npm run test:package)', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
      bundleDependencies: string[];
    };
    // A list rather than `true`: npm writes `true` out as the list when it saves package.json, and
    // dependency-cruiser reads only a list.
    assert.deepEqual([...manifest.bundleDependencies].sort(), Object.keys(manifest.dependencies).sort());
  });

  it('README and docs stand alone: no path outside the repository, every relative link to a file in it', () => {
    for (const path of documents()) {
      const text = readFileSync(join(ROOT, path), 'utf8');
      assert.doesNotMatch(text, /\.\.\/shared|\/work\//, path);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(?:https?:\/\/127\.0\.0\.1[:/]|#)/.test(target)) continue;
        const file = resolve(ROOT, dirname(path), target.split('#')[0]);
        assert.ok(!relative(ROOT, file).startsWith('..') && existsSync(file), `${path} links to ${target}`);
      }
    }
  });

  it('imports point inward (npm run check:imports, .dependency-cruiser.cjs)', () => {
    const output = execFileSync('npm', ['run', '--silent', 'check:imports'], { encoding: 'utf8' });
    assert.match(output, /no dependency violations found/);
  });
});
