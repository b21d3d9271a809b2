// Builds what `npm start` runs: the command line bundled into plain JavaScript (dist/), so a serving
// process spends no time on TypeScript transforms or their helpers. Packages stay in node_modules.
// `node scripts/build.mjs [entry outfile]` builds another entry (the benchmarks' server).
import { build } from 'esbuild';
import { dirname, join } from 'node:path';

const [entry = 'src/cli/main.ts', outfile = 'dist/parcel-service.mjs'] = process.argv.slice(2);
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};
// The server's worker threads, which it starts from beside its own bundle (server/start-worker.ts).
const workers = ['stage-log-worker', 'label-worker'];
await Promise.all([
  build({ ...options, entryPoints: [entry], outfile }),
  ...workers.map((name) => build({ ...options, entryPoints: [`src/server/${name}.ts`], outfile: join(dirname(outfile), `${name}.mjs`) })),
]);
