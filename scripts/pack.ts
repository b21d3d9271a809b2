// `npm run pack`: the package tarball an operator installs (README "Install"). The bundle is built
// without source maps, and the runtime dependencies travel inside the tarball (bundleDependencies)
// as they run, not as they sit in node_modules: without better-sqlite3's compiled build directory
// (its install compiles it again from the sources it keeps), without the dependencies' tests, docs,
// examples, benchmarks, source maps and type declarations, and with only the DejaVu fonts the labels
// use. npm chooses the files (`npm pack --dry-run`); those kept are copied to a staging folder, which
// `npm pack` packs. `--pack-destination <dir>` (default: the current folder) and `--json` as npm's.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { LABEL_FONT_FILES } from '../src/labels/label-fonts.ts';

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

/** Folders at a dependency's top that nothing runs: its tests, docs, examples, benchmarks, CI, coverage. */
const UNUSED_FOLDERS = new Set([
  'test',
  'tests',
  '__tests__',
  'example',
  'examples',
  'benchmark',
  'benchmarks',
  'bench',
  'docs',
  'doc',
  '.github',
  'coverage',
]);
/** Files nothing runs: source maps, type declarations, Markdown. */
const UNUSED_FILE = /\.(map|d\.[cm]?ts|md|markdown)$/i;
const FONT = /\.(ttf|otf|woff2?)$/i;
const LABEL_FONTS = new Set(Object.values(LABEL_FONT_FILES).map((file) => `dejavu-fonts-ttf/ttf/${file}`));

/** Why a file npm would pack is left out, or undefined to keep it. `compiled` names the packages built by node-gyp. */
export function leftOutBecause(path: string, compiled: ReadonlySet<string>): string | undefined {
  if (/^dist\/.*\.map$/.test(path)) return 'source map';
  // The last node_modules/ names the package (nested copies included).
  const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\/(.*)$/.exec(path);
  if (match === null) return undefined;
  const [, directory, name, inside] = match;
  const top = inside.split('/')[0];
  if (compiled.has(directory) && top === 'build') return 'node-gyp build output, compiled again at install';
  if (inside.includes('/') && UNUSED_FOLDERS.has(top)) return `dependency's ${top}/`;
  if (FONT.test(inside)) return LABEL_FONTS.has(`${name}/${inside}`) ? undefined : 'font the labels do not use';
  if (name === 'dejavu-fonts-ttf' && inside !== 'package.json' && inside !== 'LICENSE') return 'font coverage tables';
  if (UNUSED_FILE.test(inside)) return 'map, type declaration or Markdown';
  return undefined;
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
