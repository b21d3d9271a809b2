// Builds what `npm start` runs: the command line bundled into plain JavaScript (dist/), so a serving
// process spends no time on TypeScript transforms or their helpers. Packages stay in node_modules.
// `node scripts/build.mjs [entry outfile]` builds another entry (the benchmarks' server).
import { build } from 'esbuild';
import { dirname, join } from 'node:path';

const [entry = 'src/cli/main.ts', outfile = 'dist/parcel-service.mjs'] = process.argv.slice(2);
const options = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'warning' };
await Promise.all([
  build({ ...options, entryPoints: [entry], outfile }),
  // The stage log's worker thread, which the server starts from beside its own bundle.
  build({ ...options, entryPoints: ['src/server/stage-log-worker.ts'], outfile: join(dirname(outfile), 'stage-log-worker.mjs') }),
]);
