// `parcel-service manifest`: an account's end-of-day manifest of one day, as EndOfDayService endOfDay
// answers it, written to a PDF file.
import { writeFile } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import { Period } from '../contract/end-of-day-service.ts';
import { makeManifest } from '../domain/end-of-day/end-of-day.ts';
import { renderOnEventLoop } from '../server/label-threads/label-pool.ts';
import { callAsAccount, checked, valueOf } from './account-call.ts';

function date(value: string): string {
  if (!/^[0-9]{8}$/.test(value)) throw new InvalidArgumentError('give a date as YYYYMMDD');
  return value;
}

export function manifestCommand(): Command {
  return new Command('manifest')
    .description("an account's end-of-day manifest of one day (EndOfDayService endOfDay): the parcels transferred that day, as a PDF")
    .requiredOption('--delis-id <delisId>', 'the account')
    .requiredOption('--date <YYYYMMDD>', "the day, 00:00 to 24:00 in the service's time zone (SERVICE_TIME_ZONE)", date)
    .option('--out <file>', 'where to write the PDF (default manifest-<delisId>-<date>.pdf)')
    .action((options: { delisId: string; date: string; out?: string }) =>
      callAsAccount(options.delisId, async ({ config, store, session }) => {
        const period = checked(Period, { dateFrom: options.date, timeFrom: 0, dateTo: options.date, timeTo: 2400 });
        const deps = { manifests: store.manifests, labels: renderOnEventLoop, settings: config };
        const manifest = valueOf(await makeManifest(deps, session, period));
        const file = options.out ?? `manifest-${options.delisId}-${options.date}.pdf`;
        await writeFile(file, manifest.manifestPDF);
        const parcels = `${manifest.parcels} parcel${manifest.parcels === 1 ? '' : 's'}`;
        console.log(`${file}: ${parcels} of ${manifest.orders} order${manifest.orders === 1 ? '' : 's'}, ${options.date}`);
      }),
    );
}
