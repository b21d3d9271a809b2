// Builds what `npm start` runs: the command line bundled into plain JavaScript (dist/), so a serving
// process spends no time on TypeScript transforms or their helpers. Packages stay in node_modules.
// `node scripts/build.mjs [entry outfile]` builds another entry (the benchmarks' server).
import { build } from 'esbuild';

const [entry = 'src/cli/main.ts', outfile = 'dist/parcel-service.mjs'] = process.argv.slice(2);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
