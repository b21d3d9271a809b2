// An account's own clock (SandboxService setClock) as the accounts table keeps it: `clock_fixed_at`
// where it stands still, else the real time plus `clock_offset_ms`; both at their defaults, the real time.
// And its journey clock (setJourneyClock): `journeys_running`, and where a stopped one stopped.
import type { AccountClockSetting } from '../domain/ports/clock-ports.ts';
import type { JourneyClock } from '../domain/ports/journey-ports.ts';
import { fromFlag, toDate, toFlag, toMillis } from './column-values.ts';
import type { AccountsTable, EpochMillis, Flag } from './schema.ts';

type ClockColumns = { readonly clock_offset_ms: number; readonly clock_fixed_at: EpochMillis | null };

/** The setting of an account row; undefined for the real time. */
export function accountClockOf(row: ClockColumns): AccountClockSetting | undefined {
  if (row.clock_fixed_at !== null) return { offsetMs: 0, fixedAt: toDate(row.clock_fixed_at) };
  return row.clock_offset_ms === 0 ? undefined : { offsetMs: row.clock_offset_ms };
}

/** The columns of a setting; undefined puts the account back on the real time. */
export function clockColumnsOf(
  setting: AccountClockSetting | undefined,
): Pick<AccountsTable, 'clock_fixed_at'> & { clock_offset_ms: number } {
  if (setting === undefined) return { clock_offset_ms: 0, clock_fixed_at: null };
  return setting.fixedAt !== undefined
    ? { clock_offset_ms: 0, clock_fixed_at: toMillis(setting.fixedAt) }
    : { clock_offset_ms: setting.offsetMs, clock_fixed_at: null };
}

type JourneyColumns = { readonly journeys_running: Flag; readonly journeys_stopped_at: EpochMillis | null };

/** The journey clock of an account row; undefined when its journeys never ran. */
export function journeyClockOf(row: JourneyColumns): JourneyClock | undefined {
  if (fromFlag(row.journeys_running)) return { running: true };
  return row.journeys_stopped_at === null ? undefined : { running: false, stoppedAt: toDate(row.journeys_stopped_at) };
}

/** The columns of a journey clock; undefined: its journeys never ran. */
export function journeyColumnsOf(clock: JourneyClock | undefined): JourneyColumns {
  return {
    journeys_running: toFlag(clock?.running === true),
    journeys_stopped_at: clock === undefined || clock.running || clock.stoppedAt === undefined ? null : toMillis(clock.stoppedAt),
  };
}
