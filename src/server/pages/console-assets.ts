// Where the web console's built files are (scripts/build.mjs writes them): `console/` beside the
// bundle when running from it, the project's dist/console/ when running from source (after `npm run
// build`). Read once, on the first request for the console, never at start.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The console's files: its entry script and style, and every file it may ask for by its path under the directory. */
export interface ConsoleAssets {
  readonly directory: string;
  readonly script: string;
  readonly style: string;
  /** Every served file by its path under `directory` (`/`-separated), with its content type. */
  readonly files: ReadonlyMap<string, string>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The directory of the built console for the module at `from` (an `import.meta.url`). */
export function consoleDirectory(from: string): string {
  return fileURLToPath(new URL(from.endsWith('.ts') ? '../../dist/console/' : './console/', from));
}

/**
 * The built console in `directory`; undefined when it has not been built. Its source maps are served
 * only with `sourceMaps` (stage): on live they would hand anyone the console's source as written.
 */
export function readConsoleAssets(directory: string, options: { readonly sourceMaps: boolean }): ConsoleAssets | undefined {
  const manifestPath = join(directory, 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { script: string; style: string };
  const files = new Map<string, string>();
  for (const entry of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    const extension = extname(entry);
    const type = CONTENT_TYPES[extension];
    if (type !== undefined && (extension !== '.map' || options.sourceMaps)) files.set(entry.split(sep).join('/'), type);
  }
  return { directory, script: manifest.script, style: manifest.style, files };
}
