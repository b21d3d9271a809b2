// Builds what `npm start` runs: the command line bundled into plain JavaScript (dist/), so a serving
// process spends no time on TypeScript transforms or their helpers. Packages stay in node_modules.
// `node scripts/build.mjs [entry outfile]` builds another entry (the benchmarks' server);
// `--clean` first empties dist/ (npm pack's prepack: no test's or benchmark's bundle goes into the package).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const clean = process.argv.includes('--clean');
const [entry = 'src/cli/main.ts', outfile = 'dist/parcel-service.mjs'] = process.argv.slice(2).filter((arg) => arg !== '--clean');
if (clean) rmSync(dirname(outfile), { recursive: true, force: true });
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};
// The worker threads, which the bundle starts from beside itself (threads/start-worker.ts).
const workers = ['src/server/stage-log-worker.ts', 'src/server/label-worker.ts', 'src/store/sqlite/checkpointer-worker.ts'];
await Promise.all([
  build({ ...options, entryPoints: [entry], outfile }),
  ...workers.map((path) => build({ ...options, entryPoints: [path], outfile: join(dirname(outfile), `${basename(path, '.ts')}.mjs`) })),
]);
