// `parcel-service depots`: the depot directory tracking places its events with (README "Depot
// directory"): import an operator's own (docs/depots.json is the format and the built-in one), write
// the one in use, or go back to the built-in one.
import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { BUILT_IN_DEPOTS } from '../domain/parcel-life-cycle/built-in-depots.ts';
import { checkDepotDirectory, depotDirectoryFile } from '../domain/parcel-life-cycle/depot-directory-file.ts';
import { openConfiguredStore } from './open-configured-store.ts';

/** Most problems of a refused file printed; the count of the rest follows. */
const MAX_PROBLEMS_SHOWN = 50;

function fail(...lines: string[]): void {
  for (const line of lines) console.error(line);
  process.exitCode = 1;
}

export function depotsCommand(): Command {
  const depots = new Command('depots').description(
    "the depot directory tracking's locations come from: depots by code, a hub per country, delivery depots by postcode",
  );

  depots
    .command('import <file>')
    .description(
      'replace the directory with the one of a JSON file (format parcel-service-depots/1, as docs/depots.json): all of it or, on any problem, nothing',
    )
    .action(async (file: string) => {
      let json: unknown;
      try {
        // A byte-order mark is allowed, as Windows editors save one.
        json = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
      } catch (error) {
        return fail(`error: cannot read ${file} as JSON: ${(error as Error).message}`, 'nothing imported');
      }
      const checked = checkDepotDirectory(json);
      if (!checked.ok) {
        const shown = checked.problems.slice(0, MAX_PROBLEMS_SHOWN).map((problem) => `error: ${problem}`);
        const more =
          checked.problems.length > MAX_PROBLEMS_SHOWN ? [`error: … and ${checked.problems.length - MAX_PROBLEMS_SHOWN} more`] : [];
        return fail(...shown, ...more, 'nothing imported');
      }
      const { config, store } = await openConfiguredStore();
      try {
        await store.depots.replaceDepotDirectory(checked.directory, new Date());
        const { depots: d, hubs, routes } = checked.directory;
        console.log(
          `imported ${d.length} depots, ${hubs.length} hubs and ${routes.length} routes: the ${config.environment} depot directory`,
        );
      } finally {
        await store.close();
      }
    });

  depots
    .command('export')
    .description('write the directory in use (the imported one, else the built-in one) as a file import takes')
    .action(async () => {
      const { store } = await openConfiguredStore();
      try {
        const directory = (await store.depots.readDepotDirectory()) ?? BUILT_IN_DEPOTS;
        console.log(JSON.stringify(depotDirectoryFile(directory), null, 2));
      } finally {
        await store.close();
      }
    });

  depots
    .command('reset')
    .description('go back to the built-in directory')
    .action(async () => {
      const { config, store } = await openConfiguredStore();
      try {
        await store.depots.replaceDepotDirectory(undefined, new Date());
        console.log(`the ${config.environment} depot directory is the built-in one`);
      } finally {
        await store.close();
      }
    });

  return depots;
}
