// rules/calendar.ts zonedInstant: the instant at which a zone's wall clock reads a date and time. Its
// offsets are kept per UTC hour (where the hour has one offset throughout); read back through Intl,
// every wall-clock time of a year — daylight-saving changes, half-hour zones and Lord Howe's half-hour
// shift included — is the one asked for, and the gap's times are moved by the gap.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, zonedFields, zonedInstant } from '../../src/rules/calendar.ts';

const ZONES = ['Europe/Amsterdam', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
const TIMES = ['00:00:00', '01:30:00', '02:00:00', '02:30:00', '03:15:45', '07:00:00', '12:34:56', '17:00:00', '23:59:59'];

/** Whether `time` on `date` is a wall-clock time the zone skips (its daylight-saving gap). */
function skipped(date: number, time: string, timeZone: string, instant: Date): boolean {
  const read = zonedFields(instant, timeZone);
  const asked = time.split(':').map(Number);
  return !(read.hour === asked[0] && read.minute === asked[1] && read.second === asked[2] && read.day === date % 100);
}

it('every wall-clock time of 2026 in six zones reads back as asked, but those in a daylight-saving gap, moved by it', () => {
  let checked = 0;
  let gaps = 0;
  for (const timeZone of ZONES) {
    for (let date = 20260101; date <= 20261231; date = addDays(date, 1)) {
      for (const time of TIMES) {
        const instant = zonedInstant(date, time, timeZone);
        checked += 1;
        if (!skipped(date, time, timeZone, instant)) continue;
        gaps += 1;
        // In a gap: the clock reads the time asked for moved by the gap (an hour, or Lord Howe's half hour):
        // later east of Greenwich, earlier west of it, as the offset guessed first decides.
        const read = zonedFields(instant, timeZone);
        const [hour, minute, second] = time.split(':').map(Number);
        const late = ((read.hour - hour) * 60 + read.minute - minute) * 60_000 + (read.second - second) * 1000;
        assert.ok([3_600_000, 1_800_000].includes(Math.abs(late)), `${timeZone} ${date} ${time}: ${late} ms`);
      }
    }
  }
  assert.equal(checked, ZONES.length * 365 * TIMES.length);
  // Amsterdam and New York skip 02:00 and 02:30; Lord Howe 02:00 (its 02:30 is the first minute after);
  // Chatham skips 02:45–03:45 (03:15:45); Kolkata and UTC skip nothing.
  assert.equal(gaps, 2 + 2 + 1 + 1);
});
