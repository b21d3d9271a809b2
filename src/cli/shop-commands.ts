// `parcel-service shops`: the parcel-shop directory of the configured environment, which
// ParcelShopFinderService searches and PSD orders must name a shop of once it holds any.
import { Command, InvalidArgumentError } from 'commander';
import { openConfiguredStore } from './open-configured-store.ts';
import { readParcelShopFile } from './parcel-shop-file.ts';

/** Most problems of a refused file printed; the count of the rest follows. */
const MAX_PROBLEMS_SHOWN = 50;

function parcelShopId(value: string): number {
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) === 0) throw new InvalidArgumentError('give a parcelShopId of 1 to 9 digits');
  return Number(value);
}

function country(value: string): string {
  if (!/^[A-Za-z]{2}$/.test(value)) throw new InvalidArgumentError('give an ISO 3166-1 alpha-2 country code such as NL');
  return value.toUpperCase();
}

export function shopsCommand(): Command {
  const shops = new Command('shops').description(
    'the parcel-shop directory that findParcelShops and findParcelShopsByGeoData search (PSD orders must name one of its shops once it has any)',
  );

  shops
    .command('import <file>')
    .description(
      'add or update the shops of a JSON file (an array of entries, or { "parcelShop": [...] }, each in the directory\'s form or the carrier\'s parcelShop form as the searches answer it); all of them or, on any problem, none',
    )
    .option('--replace', 'the directory becomes exactly the shops of the file')
    .action(async (file: string, options: { replace?: boolean }) => {
      const read = await readParcelShopFile(file);
      if (!read.ok) {
        for (const problem of read.problems.slice(0, MAX_PROBLEMS_SHOWN)) console.error(`error: ${problem}`);
        if (read.problems.length > MAX_PROBLEMS_SHOWN) console.error(`error: … and ${read.problems.length - MAX_PROBLEMS_SHOWN} more`);
        console.error('nothing imported');
        process.exitCode = 1;
        return;
      }
      const { config, store } = await openConfiguredStore();
      try {
        await store.parcelShops.saveParcelShops(read.shops, { replace: options.replace === true });
        const total = (await store.parcelShops.listParcelShops()).length;
        console.log(
          `imported ${read.shops.length} parcel ${read.shops.length === 1 ? 'shop' : 'shops'}${options.replace === true ? ' (directory replaced)' : ''}; the ${config.environment} directory has ${total}`,
        );
      } finally {
        await store.close();
      }
    });

  shops
    .command('list')
    .description('the shops of the directory by id')
    .option('--country <code>', 'only this country', country)
    .action(async (options: { country?: string }) => {
      const { config, store } = await openConfiguredStore();
      try {
        const all = await store.parcelShops.listParcelShops(options.country);
        if (all.length === 0)
          console.error(
            `no parcel shops in the ${config.environment} directory${options.country === undefined ? '' : ` for ${options.country}`}`,
          );
        for (const shop of all) {
          console.log(
            `${String(shop.parcelShopId).padStart(9)}  ${shop.country} ${shop.zipCode.padEnd(9)} ${shop.city.padEnd(20)} ${shop.company}  [${(shop.availableService ?? []).join(', ')}]`,
          );
        }
      } finally {
        await store.close();
      }
    });

  shops
    .command('remove')
    .description('remove one shop from the directory')
    .argument('<parcelShopId>', 'the id of the shop', parcelShopId)
    .action(async (id: number) => {
      const { store } = await openConfiguredStore();
      try {
        if (await store.parcelShops.removeParcelShop(id)) {
          console.log(`removed parcel shop ${id}`);
        } else {
          console.error(`error: no parcel shop ${id}`);
          process.exitCode = 1;
        }
      } finally {
        await store.close();
      }
    });
  return shops;
}
