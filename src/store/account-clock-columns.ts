// An account's own clock (SandboxService setClock) as the accounts table keeps it: `clock_fixed_at`
// where it stands still, else the real time plus `clock_offset_ms`; both at their defaults, the real time.
import type { AccountClockSetting } from '../domain/ports/clock-ports.ts';
import { toDate, toMillis } from './column-values.ts';
import type { AccountsTable, EpochMillis } from './schema.ts';

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
