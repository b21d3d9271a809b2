// Builds what `npm start` runs: the command line bundled into plain JavaScript (dist/), so a serving
// process spends no time on TypeScript transforms or their helpers. Packages stay in node_modules.
// Beside it, the web console (/console) bundled for the browser with everything it uses, so the
// service serves it from its own files: no CDN, nothing fetched at run time.
// `node scripts/build.mjs [entry outfile]` builds another entry (the benchmarks' server);
// `--clean` first empties dist/ (npm pack's prepack: no test's or benchmark's bundle goes into the package);
// `--no-source-maps` writes none (the package: scripts/pack.ts).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

const clean = process.argv.includes('--clean');
const sourcemap = process.argv.includes('--no-source-maps') ? false : 'linked';
const [entry = 'src/cli/main.ts', outfile = 'dist/parcel-service.mjs'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (clean) rmSync(dirname(outfile), { recursive: true, force: true });
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap,
  logLevel: 'warning',
};
// The worker threads, which the bundle starts from beside itself (threads/start-worker.ts).
const workers = [
  'src/server/stage-log/stage-log-worker.ts',
  'src/server/label-threads/label-worker.ts',
  'src/store/sqlite/checkpointer-worker.ts',
];

/**
 * The console in `<bundle's directory>/console/` (server/pages/console-assets.ts reads it there): its script
 * and style under content-hashed names, the ZPL renderer in a chunk of its own that only a ZPL label
 * loads, and manifest.json naming the entry files.
 */
async function buildConsole(directory) {
  await rm(directory, { recursive: true, force: true });
  const result = await build({
    entryPoints: ['src/console/main.tsx', 'src/console/console.css'],
    outdir: directory,
    bundle: true,
    splitting: true,
    platform: 'browser',
    format: 'esm',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    sourcemap,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const entries = Object.entries(result.metafile.outputs).filter(([, output]) => output.entryPoint !== undefined);
  const named = (extension) => relative(directory, entries.find(([path]) => path.endsWith(extension))[0]);
  await writeFile(join(directory, 'manifest.json'), `${JSON.stringify({ script: named('.js'), style: named('.css') }, null, 2)}\n`);
}

await Promise.all([
  build({ ...options, entryPoints: [entry], outfile }),
  ...workers.map((path) => build({ ...options, entryPoints: [path], outfile: join(dirname(outfile), `${basename(path, '.ts')}.mjs`) })),
  buildConsole(join(dirname(outfile), 'console')),
]);
