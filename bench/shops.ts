// npm run bench:shops — findParcelShopsByGeoData and findParcelShops per call, with a parcel-shop
// directory of 1,000 shops and of BENCH_SHOPS (default 200,000) over the same area, in SQLite, in the
// same run. Shows that a search does not grow with the directory (indexed boxes of growing radius).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParcelShopEntryData } from '../src/contract/parcel-shop-finder-service.ts';
import { hashPassword } from '../src/domain/login/password.ts';
import { openStore } from '../src/store/open-database.ts';
import { BENCH_DELIS_ID, BENCH_PASSWORD, liveSqlitePath, startInProcessService, summary } from './support/in-process.ts';

const LARGE = Number(process.env.BENCH_SHOPS ?? 200_000);
const SMALL = 1_000;
const CALLS = 300;
/** The Netherlands and a margin, roughly: 300 × 250 km. */
const AREA = { south: 50.8, north: 53.4, west: 3.6, east: 7.2 };
const LETTERS = 'ABCDEFGHJKLMNPRSTVWXZ';

/** A repeatable pseudo-random sequence (mulberry32), so both runs search the same points. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` shops spread over AREA; the postcode's four digits follow the position, as Dutch ones roughly do. */
function directory(count: number): ParcelShopEntryData[] {
  const next = random(count);
  return Array.from({ length: count }, (_, i) => {
    const latitude = AREA.south + next() * (AREA.north - AREA.south);
    const longitude = AREA.west + next() * (AREA.east - AREA.west);
    const area =
      1000 +
      Math.floor(((latitude - AREA.south) / (AREA.north - AREA.south)) * 89) * 100 +
      Math.floor(((longitude - AREA.west) / (AREA.east - AREA.west)) * 99);
    const zipCode = `${area}${LETTERS[i % LETTERS.length]}${LETTERS[Math.floor(i / LETTERS.length) % LETTERS.length]}`;
    return {
      parcelShopId: i + 1,
      company: `Shop ${i + 1}`,
      street: 'Dorpsstraat',
      houseNo: String(1 + (i % 200)),
      country: 'NL',
      zipCode,
      city: `Plaats ${area}`,
      latitude: Math.round(latitude * 1e5) / 1e5,
      longitude: Math.round(longitude * 1e5) / 1e5,
      availableService: i % 3 === 0 ? ['dropOff'] : ['parcelShopDelivery', 'dropOff', 'returns'],
      openingHours: [0, 1, 2, 3, 4, 5, 6].filter((day) => day !== i % 7).map((day) => ({ day, fromTime1: 900, toTime1: 1800 })),
    };
  });
}

interface Figures {
  geo: number[];
  geoReturns: number[];
  address: number[];
}

async function measure(dataDir: string, shops: readonly ParcelShopEntryData[]): Promise<Figures> {
  const store = await openStore({ sqlitePath: liveSqlitePath(dataDir) });
  await store.migrate();
  await store.accounts.addAccount({
    delisId: BENCH_DELIS_ID,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    depots: ['0522'],
    messageLanguage: 'en_US',
    lateExport: false,
    pickupApproved: true,
  });
  const started = performance.now();
  await store.parcelShops.saveParcelShops(shops);
  console.log(`imported ${shops.length.toLocaleString('en')} shops in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const service = await startInProcessService(dataDir, store);
  const { post, authentication } = service;
  type SearchAnswer = Record<string, { parcelShop: unknown[] }>;
  const call = (operation: string, body: unknown) =>
    post(`/rest/services/ParcelShopFinderService/V5_0/${operation}`, { authentication, [operation]: body }) as Promise<SearchAnswer>;
  const time = async (work: () => Promise<SearchAnswer>, key: string) => {
    const start = performance.now();
    const answer = await work();
    const elapsed = performance.now() - start;
    if (answer[key].parcelShop.length === 0) throw new Error(`${key}: no shops found`);
    return elapsed;
  };
  const next = random(7);
  const point = () => ({
    latitude: AREA.south + 0.2 + next() * (AREA.north - AREA.south - 0.4),
    longitude: AREA.west + 0.2 + next() * (AREA.east - AREA.west - 0.4),
  });
  const figures: Figures = { geo: [], geoReturns: [], address: [] };
  for (let i = 0; i < 20; i++) await call('findParcelShopsByGeoData', point());
  for (let i = 0; i < CALLS; i++)
    figures.geo.push(await time(() => call('findParcelShopsByGeoData', point()), 'findParcelShopsByGeoDataResponse'));
  for (let i = 0; i < CALLS; i++)
    figures.geoReturns.push(
      await time(
        () => call('findParcelShopsByGeoData', { ...point(), limit: 20, availableService: 'returns', hideClosed: true }),
        'findParcelShopsByGeoDataResponse',
      ),
    );
  // A postcode of the directory with its last letter changed: placed by its postcode area.
  for (let i = 0; i < CALLS; i++) {
    const zipCode = `${shops[Math.floor(next() * shops.length)].zipCode.slice(0, 5)}Y`;
    figures.address.push(await time(() => call('findParcelShops', { country: 'NL', zipCode }), 'findParcelShopsResponse'));
  }
  await service.close();
  await store.close();
  return figures;
}

const dirs = [mkdtempSync(join(tmpdir(), 'parcel-shops-small-')), mkdtempSync(join(tmpdir(), 'parcel-shops-large-'))];
try {
  const sizes = [SMALL, LARGE];
  const results: Figures[] = [];
  for (const [i, size] of sizes.entries()) results.push(await measure(dirs[i], directory(size)));
  console.log(
    `\nper call, ms (median / p95) — ${SMALL.toLocaleString('en')} shops (small) vs ${LARGE.toLocaleString('en')} shops (large) over the same area`,
  );
  const labels = {
    geo: 'by point, 10 nearest',
    geoReturns: 'by point, 20 nearest taking returns, open today',
    address: 'by postcode area, 10 nearest',
  } as const;
  for (const key of ['geo', 'geoReturns', 'address'] as const) {
    const [small, large] = results.map((r) => summary(r[key]));
    const f = (s: { median: number; p95: number }) => `${s.median.toFixed(2)} / ${s.p95.toFixed(2)}`;
    console.log(
      `${labels[key].padEnd(48)} small ${f(small)}   large ${f(large)}   median ratio ${(large.median / small.median).toFixed(2)}`,
    );
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
