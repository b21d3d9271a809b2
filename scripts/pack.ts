// `npm run pack`: the package tarball an operator installs (README "Install"). The bundle is built
// without source maps, and the runtime dependencies travel inside the tarball (bundleDependencies)
// as they run, not as they sit in node_modules: without better-sqlite3's compiled build directory
// (its install compiles it again from the sources it keeps), without the dependencies' tests, docs,
// examples, benchmarks, source maps and type declarations, and with only the DejaVu fonts the labels
// use (package-contents.ts). npm chooses the files (`npm pack --dry-run`); those kept are copied to a staging folder, which
// `npm pack` packs. `--pack-destination <dir>` (default: the current folder) and `--json` as npm's.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { leftOutBecause } from './package-contents.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');

/** What `npm pack --json` reports of a tarball (the fields read here). */
interface PackReport {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
  readonly files: ReadonlyArray<{ readonly path: string; readonly size: number }>;
}

async function npmPack(cwd: string, args: readonly string[]): Promise<PackReport> {
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', ...args], { cwd, maxBuffer: 256 * 1024 * 1024 });
  const [report] = JSON.parse(stdout) as PackReport[];
  return report;
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const { values } = parseArgs({ options: { 'pack-destination': { type: 'string' }, json: { type: 'boolean' } } });
const destination = resolve(values['pack-destination'] ?? process.env.INIT_CWD ?? process.cwd());

await run(process.execPath, ['scripts/build.mjs', '--clean', '--no-source-maps'], { cwd: ROOT });
const listed = await npmPack(ROOT, ['--dry-run']);
const compiled = new Set(
  listed.files.filter((file) => file.path.endsWith('/binding.gyp')).map((file) => file.path.slice(0, -'/binding.gyp'.length)),
);
const staging = await mkdtemp(join(tmpdir(), 'parcel-pack-'));
try {
  let leftOut = 0;
  for (const { path, size } of listed.files) {
    if (leftOutBecause(path, compiled) !== undefined) {
      leftOut += size;
      continue;
    }
    await mkdir(dirname(join(staging, path)), { recursive: true });
    await copyFile(join(ROOT, path), join(staging, path));
  }
  // The installed package runs no script of its own; its build script is not in it.
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  delete manifest.scripts;
  await writeFile(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await mkdir(destination, { recursive: true });
  const packed = await npmPack(staging, ['--pack-destination', destination]);
  if (values.json === true) console.log(JSON.stringify([packed], null, 2));
  else {
    console.log(
      `${join(destination, packed.filename)}: ${megabytes(packed.size)}, ${megabytes(packed.unpackedSize)} unpacked, ` +
        `${packed.entryCount} files (${megabytes(leftOut)} of ${listed.entryCount - packed.entryCount} files left out)`,
    );
  }
} finally {
  await rm(staging, { recursive: true, force: true });
}
