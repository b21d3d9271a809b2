// Fails when an import points outward (DESIGN "Architecture": bindings → domain → rules/labels →
// contract; store implements the domain's ports; server wires; the domain never imports the store;
// xml is engine code the bindings use, and neither domain nor rules may reach it; threads starts a
// worker thread for the server and the store).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const root = resolve(import.meta.dirname, '../src');
/** What each layer may import (besides itself and types/). */
const allowed: Record<string, readonly string[]> = {
  contract: [],
  rules: ['contract'],
  labels: ['contract'],
  domain: ['contract', 'rules', 'labels'],
  store: ['domain', 'contract', 'threads'],
  xml: [],
  bindings: ['domain', 'contract', 'xml'],
  server: ['bindings', 'domain', 'store', 'contract', 'rules', 'labels', 'threads'],
  cli: ['server', 'domain', 'store', 'contract'],
  threads: [],
  types: [],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const problems: string[] = [];
for (const file of files(root)) {
  const layer = relative(root, file).split('/')[0];
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"](\.[^'"]+)['"]/gm)) {
    const target = relative(root, resolve(dirname(file), match[1])).split('/')[0];
    if (target === layer || target === 'types' || target.startsWith('..')) continue;
    if (!(allowed[layer] ?? []).includes(target)) problems.push(`${relative(root, file)} imports ${match[1]} (${layer} → ${target})`);
  }
}
if (problems.length > 0) {
  console.error(`imports pointing outward:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('imports point inward');
