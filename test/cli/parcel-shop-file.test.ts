// The parcel-shop directory file of `parcel-service shops import`: the committed sample reads whole;
// a file with problems is refused with every problem named by its entry's path, nothing taken.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseParcelShops, readParcelShopFile } from '../../src/cli/parcel-shop-file.ts';
import { parcelShopAnswer } from '../../src/domain/parcel-shop-finder/parcel-shop-answer.ts';

const SAMPLE = new URL('../../docs/parcel-shops.sample.json', import.meta.url);
const valid = {
  parcelShopId: 7,
  company: 'Kiosk',
  street: 'Damrak',
  country: 'NL',
  zipCode: '1012LG',
  city: 'Amsterdam',
  latitude: 52.37,
  longitude: 4.89,
};
const problemsOf = (json: unknown) => {
  const read = parseParcelShops(typeof json === 'string' ? json : JSON.stringify(json));
  assert.equal(read.ok, false, 'the file was taken');
  return read.ok ? [] : read.problems;
};

describe('parcel-shop directory file', () => {
  it('reads the committed sample: every entry valid', () => {
    const read = parseParcelShops(readFileSync(SAMPLE, 'utf8'));
    assert.ok(read.ok, read.ok ? '' : read.problems.join('\n'));
    assert.equal(read.shops.length, 15);
    assert.ok(read.shops.every((shop) => shop.availableService !== undefined && shop.openingHours !== undefined));
  });

  it('reads a search answer as it is, number strings and distances and all', () => {
    const read = parseParcelShops(JSON.stringify({ parcelShop: [{ ...valid, parcelShopId: '000000007', houseNo: 12, distance: 0.38 }] }));
    assert.ok(read.ok);
    assert.deepEqual(read.shops, [{ ...valid, houseNo: '12' }]);
  });

  // issue 18: the import file takes the carrier's `parcelShop` shape too (ParcelShopFinderServiceV50.xsd,
  // as the searches answer it), entry by entry beside the directory's own form.
  it("reads entries in the carrier's form as the searches answer them, into the same directory entries", () => {
    const entry = {
      ...valid,
      pudoId: 'NL1012LG7',
      state: 'NH',
      town: 'Centrum',
      fax: '+31201234568',
      coordinateX: 121400,
      coordinateY: 487700,
      coordinateZ: 0,
      expressPickupTime: '16:30',
      extraInfo: 'Behind the counter',
      availableService: ['parcelShopDelivery', 'returns'],
      openingHours: [
        { day: 1, fromTime1: 900, toTime1: 1230, fromTime2: 1330, toTime2: 1800 },
        { day: 6, fromTime1: 1000, toTime1: 1600 },
      ],
      holiday: [{ dateFrom: 20261225, dateTo: 20261226 }],
    } as const;
    const answered = parcelShopAnswer({ ...entry, distance: 0.38 });
    assert.equal(answered.openingHours?.[0]?.openMorning, '09:00');
    const read = parseParcelShops(JSON.stringify({ parcelShop: [answered, { ...valid, parcelShopId: 8 }] }));
    assert.ok(read.ok, read.ok ? '' : read.problems.join('\n'));
    assert.deepEqual(read.shops, [entry, { ...valid, parcelShopId: 8 }]);
  });

  it("names the problems of an entry in the carrier's form by the carrier's names", () => {
    const carrier = {
      ...valid,
      countryNum: 276,
      openingHours: [
        { weekday: 'Funday', openMorning: '09:00', closeMorning: '12:00' },
        { weekday: 'Tuesday', openMorning: '9:00', closeMorning: '12:00' },
        { weekday: 'Wednesday', openMorning: '13:00', closeMorning: '12:00' },
      ],
      holiday: [{ holidayStart: '25-12-2026', holidayEnd: '2026-12-26' }],
      services: { code: 'parcelShop', available: true, serviceDetail: [{ code: 'teleport' }] },
    };
    assert.deepEqual(problemsOf([carrier, { ...valid, parcelShopId: 8, services: { code: 'parcelShop', available: true } }]), [
      'parcelShop[0].countryNum must be one of 528.',
      'parcelShop[0].openingHours[0].weekday must be one of Sunday, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday.',
      'parcelShop[0].openingHours[1].openMorning must contain a time HH:MM.',
      'parcelShop[0].holiday[0].holidayStart must contain a date YYYY-MM-DD.',
      'parcelShop[0].services.serviceDetail[0].code must be one of parcelShopDelivery, dropOff, returns.',
      'parcelShop[0].openingHours[2].openMorning 1300 must be earlier than 1200.',
      'parcelShop[1].services.serviceDetail is required.',
    ]);
  });

  it('names every problem of every entry with its path', () => {
    const problems = problemsOf([
      { ...valid, country: 'XX' },
      { ...valid, parcelShopId: 8, zipCode: '12345' },
      { ...valid, parcelShopId: 7 },
      { ...valid, parcelShopId: 9, latitude: 95, colour: 'red', company: undefined },
      {
        ...valid,
        parcelShopId: 10,
        openingHours: [
          { day: 1, fromTime1: 900, toTime1: 1260 },
          { day: 1, fromTime1: 1800, toTime1: 900 },
          { day: 7, fromTime1: 900, toTime1: 1000 },
        ],
      },
      {
        ...valid,
        parcelShopId: 11,
        holiday: [
          { dateFrom: 20261301, dateTo: 20261302 },
          { dateFrom: 20261231, dateTo: 20261201 },
        ],
      },
      { ...valid, parcelShopId: 12, availableService: ['teleport'] },
      { ...valid, parcelShopId: 13, openingHours: [{ day: 1, fromTime1: 900, toTime1: 1300, fromTime2: 1200, toTime2: 1800 }] },
      { ...valid, parcelShopId: 14, openingHours: [{ day: 1, fromTime1: 900, toTime1: 2500 }] },
    ]);
    assert.deepEqual(problems, [
      'parcelShop[0].country XX is not an ISO 3166-1 alpha-2 country code.',
      'parcelShop[1].zipCode 12345 is not a valid postcode for NL.',
      'parcelShop[2].parcelShopId 7 is already the id of parcelShop[0].',
      'parcelShop[3].colour is not a field of this request.',
      'parcelShop[3].latitude must be at most 90.',
      'parcelShop[3].company is required.',
      'parcelShop[4].openingHours[2].day must be at most 6.',
      'parcelShop[4].openingHours[0].toTime1 1260 is not a time of day in the form hhmm.',
      'parcelShop[4].openingHours[1].day 1 already has its opening hours; give each day once.',
      'parcelShop[4].openingHours[1].fromTime1 1800 must be earlier than 0900.',
      'parcelShop[5].holiday[0].dateFrom 20261301 is not a real date in the form YYYYMMDD.',
      'parcelShop[5].holiday[0].dateTo 20261302 is not a real date in the form YYYYMMDD.',
      'parcelShop[5].holiday[1].dateFrom 20261231 must not be later than 20261201.',
      'parcelShop[6].availableService[0] must be one of parcelShopDelivery, dropOff, returns.',
      'parcelShop[7].openingHours[0].fromTime2 1200 starts before the first window ends (1300): the second window must follow the first.',
      // Once, as too large: not a second time as a window without its end.
      'parcelShop[8].openingHours[0].toTime1 must be at most 2400.',
    ]);
  });

  it('refuses a service listed twice for one shop, as a weekday given twice', () => {
    assert.deepEqual(problemsOf([{ ...valid, availableService: ['dropOff', 'returns', 'dropOff'] }]), [
      'parcelShop[0].availableService[2] dropOff is already listed; give each service once.',
    ]);
  });

  // What the searches answer over SOAP cannot hold a control character (XML 1.0 §2.2), and REST would
  // answer it as it is: the two bindings would disagree on the directory's own text.
  it("refuses control characters and noncharacters in a shop's text, naming the field and the character", () => {
    assert.deepEqual(
      problemsOf([
        { ...valid, company: 'Kiosk\u0001' },
        { ...valid, parcelShopId: 8, street: 'Dam\u007Frak', city: 'Amsterdam\uFFFE' },
        { ...valid, parcelShopId: 9, company: 'Kiosk\tNoord' },
      ]),
      [
        // C0 and DEL are refused by the decoder, as in every request's text; the rest by the entry rules.
        'parcelShop[0].company holds the control character U+0001; give printable text only (tab, line feed and carriage return are allowed).',
        'parcelShop[1].street holds the control character U+007F; give printable text only (tab, line feed and carriage return are allowed).',
        'parcelShop[1].city holds the character U+FFFE, which is not text; give printable text only.',
        'parcelShop[2].company holds the character U+0009, which is not text; give printable text only.',
      ],
    );
  });

  // A holiday's dateFrom and dateTo are both closed days (contract/parcel-shop-finder-service.ts Holiday; isClosedOn in
  // domain/parcel-shop-finder/find-parcel-shops.ts): a period ending on the day another begins shares that day with it.
  it('refuses overlapping holiday periods of one shop, naming the shop and both periods; ends are inclusive, so periods that touch on one day overlap', () => {
    const problems = problemsOf([
      {
        ...valid,
        holiday: [
          { dateFrom: 20261221, dateTo: 20261224 },
          { dateFrom: 20261224, dateTo: 20261226 },
          { dateFrom: 20270101, dateTo: 20270102 },
          { dateFrom: 20261201, dateTo: 20261231 },
          // Refused for its range only: a period that is not one is compared with none.
          { dateFrom: 20261225, dateTo: 20261222 },
        ],
      },
    ]);
    assert.deepEqual(problems, [
      'parcelShop[0].holiday[1] (20261224 to 20261226) overlaps parcelShop[0].holiday[0] (20261221 to 20261224) of parcel shop 7; a period includes its first and last day, so give each closed day once.',
      'parcelShop[0].holiday[3] (20261201 to 20261231) overlaps parcelShop[0].holiday[0] (20261221 to 20261224) of parcel shop 7; a period includes its first and last day, so give each closed day once.',
      'parcelShop[0].holiday[4].dateFrom 20261225 must not be later than 20261222.',
    ]);
  });

  it('takes holiday periods that follow one another (one ends the day before the next begins), and the same period at two shops', () => {
    const holiday = [
      { dateFrom: 20261224, dateTo: 20261226 },
      { dateFrom: 20261227, dateTo: 20261227 },
      { dateFrom: 20261228, dateTo: 20270101 },
    ];
    const read = parseParcelShops(
      JSON.stringify([
        { ...valid, holiday },
        { ...valid, parcelShopId: 8, holiday },
      ]),
    );
    assert.ok(read.ok, read.ok ? '' : read.problems.join('\n'));
  });

  it('refuses what is not a list of shops', () => {
    assert.match(problemsOf('{"parcelShop": [')[0], /the file is not JSON/);
    assert.match(problemsOf({ shops: [] })[0], /must hold a JSON array of parcel shops/);
    assert.match(problemsOf([])[0], /holds no parcel shops/);
    assert.match(problemsOf([42])[0], /parcelShop\[0\] must be/);
  });

  it('reads a file saved with a byte-order mark, refuses one that is not UTF-8 and names a path it cannot read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parcel-shop-file-'));
    const file = (name: string, bytes: Buffer) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    };
    // Windows editors and PowerShell 5 write UTF-8 with a BOM; JSON.parse refused it with an invisible character.
    const withBom = await readParcelShopFile(file('bom.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(SAMPLE)])));
    assert.ok(withBom.ok, withBom.ok ? '' : withBom.problems.join('\n'));
    assert.equal(withBom.shops.length, 15);
    // A Windows-1252 file was read with U+FFFD in place of every accented letter, and imported so.
    const latin1 = await readParcelShopFile(
      file('latin1.json', Buffer.from(JSON.stringify([{ ...valid, company: 'Spätkauf' }]), 'latin1')),
    );
    assert.deepEqual(latin1, { ok: false, problems: [`${join(dir, 'latin1.json')} is not UTF-8 text`] });
    assert.deepEqual(await readParcelShopFile(dir), { ok: false, problems: [`cannot read ${dir}: EISDIR`] });
  });
});
