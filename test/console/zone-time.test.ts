// The console's times in one zone, the service's: instants shown in it and date-time inputs read and
// filled in it, whatever zone the process (the reader's browser) runs in — across both clock changes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textsFor } from '../../src/console/i18n.ts';
import { instantFormatter, instantOfLocal, localOfInstant } from '../../src/console/zone-time.ts';

const AMSTERDAM = 'Europe/Amsterdam';

describe('instantOfLocal and localOfInstant', () => {
  // [input value, zone, instant]: winter (+01:00), summer (+02:00), a skipped hour, seconds, other zones.
  const cases: ReadonlyArray<readonly [string, string, string]> = [
    ['2026-01-15T09:30', AMSTERDAM, '2026-01-15T08:30:00.000Z'],
    ['2026-07-01T09:30', AMSTERDAM, '2026-07-01T07:30:00.000Z'],
    ['2026-07-01T00:30:15', AMSTERDAM, '2026-06-30T22:30:15.000Z'],
    ['2026-03-29T01:59', AMSTERDAM, '2026-03-29T00:59:00.000Z'],
    ['2026-03-29T03:00', AMSTERDAM, '2026-03-29T01:00:00.000Z'],
    ['2026-03-29T02:30', AMSTERDAM, '2026-03-29T01:30:00.000Z'],
    ['2026-10-25T04:00', AMSTERDAM, '2026-10-25T03:00:00.000Z'],
    ['2026-07-01T09:30', 'UTC', '2026-07-01T09:30:00.000Z'],
    ['2026-07-01T09:30', 'America/New_York', '2026-07-01T13:30:00.000Z'],
  ];
  for (const [local, zone, iso] of cases) it(`${local} in ${zone} is ${iso}`, () => assert.equal(instantOfLocal(local, zone), iso));

  for (const [local, zone, iso] of cases.filter(([local]) => local !== '2026-03-29T02:30'))
    it(`${iso} fills an input in ${zone} with ${local.slice(0, 16)}`, () => assert.equal(localOfInstant(iso, zone), local.slice(0, 16)));

  for (const unreadable of ['', '2026-07-01', '2026-07-01 09:30', 'nonsense'])
    it(`${JSON.stringify(unreadable)} is no instant`, () => assert.equal(instantOfLocal(unreadable, AMSTERDAM), undefined));
  it('an unreadable instant fills no input', () => assert.equal(localOfInstant('nonsense', AMSTERDAM), ''));
});

describe('instants shown in the given zone', () => {
  it('a tracking time in summer reads as Amsterdam time, not UTC', () =>
    assert.equal(instantFormatter('en-GB', AMSTERDAM)('2026-07-01T07:30:05Z'), '1 Jul 2026, 09:30:05'));
  it('the same instant in UTC', () => assert.equal(instantFormatter('en-GB', 'UTC')('2026-07-01T07:30:05Z'), '1 Jul 2026, 07:30:05'));
  it('an unreadable text stays as it is', () => assert.equal(instantFormatter('en-GB', AMSTERDAM)('soon'), 'soon'));
  it("the console's texts carry the zone, name it and show times in it", () => {
    const texts = textsFor('nl', AMSTERDAM);
    assert.equal(texts.timeZone, AMSTERDAM);
    assert.equal(texts.t('timesIn', { zone: texts.timeZone }), 'Tijden in Europe/Amsterdam');
    assert.equal(texts.dateTime('2026-01-15T08:30:00Z'), '15 jan 2026, 09:30:00');
  });
});
