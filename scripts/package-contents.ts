// Which of the files npm would pack the package leaves out (scripts/pack.ts): what nothing runs.
import { LABEL_FONT_FILES } from '../src/labels/label-fonts.ts';

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
  if (name === 'dejavu-fonts-ttf' && inside !== 'package.json' && inside !== 'LICENSE') return "the font package's other files";
  if (UNUSED_FILE.test(inside)) return 'map, type declaration or Markdown';
  return undefined;
}
