// The SandboxRepository port (SandboxService, stage): accounts' own clocks, the parcel counts of
// getSandboxState, resetAccount, and injected faults.
import { sql, type Kysely } from 'kysely';
import { PARCEL_STATES } from '../contract/parcel-states.ts';
import type { ParcelState } from '../domain/ports/shipment-ports.ts';
import type { SandboxRepository } from '../domain/ports/sandbox-ports.ts';
import { accountClockOf, clockColumnsOf, journeyColumnsOf } from './account-clock-columns.ts';
import { createInjectedFaults } from './injected-fault-rows.ts';
import type { StoreDialect } from './store-dialect.ts';
import { resetAccount } from './reset-account-rows.ts';
import { moveAccountTokens } from './token-repository.ts';
import type { Database } from './schema.ts';

/** States in the order getSandboxState lists them: the way, then the ends. */
const STATE_ORDER: readonly ParcelState[] = PARCEL_STATES;

export function createSandboxRepository(db: Kysely<Database>, dialect: StoreDialect): SandboxRepository {
  return {
    async setAccountClock(accountId, clock, movedMs = 0, tokensMove = false) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('accounts').set(clockColumnsOf(clock)).where('id', '=', accountId).execute();
        // Moved back, the tokens move with it; moved on, they keep their times and so expire sooner
        // (unless the sandbox moved it on for the caller: `tokensMove`).
        if (movedMs < 0 || tokensMove) await moveAccountTokens(trx, accountId, movedMs);
      });
    },

    async setAccountScenario(accountId, scenario) {
      await db
        .updateTable('accounts')
        .set({ journey_scenario: scenario ?? null })
        .where('id', '=', accountId)
        .execute();
    },

    async setJourneyClock(accountId, clock) {
      await db.updateTable('accounts').set(journeyColumnsOf(clock)).where('id', '=', accountId).execute();
    },

    async listAccountClocks() {
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'clock_offset_ms', 'clock_fixed_at'])
        .where((eb) => eb.or([eb('clock_offset_ms', '<>', 0), eb('clock_fixed_at', 'is not', null)]))
        .orderBy('id')
        .execute();
      return rows.flatMap((row) => {
        const clock = accountClockOf(row);
        return clock === undefined ? [] : [{ accountId: row.id, clock }];
      });
    },

    resetAccount: (accountId, delisId, clockMovedMs) => resetAccount(db, accountId, delisId, clockMovedMs),

    async countParcels(accountId, now) {
      // A parcel past its 28 days counts as expired before the purge records it, as every lookup sees it.
      // The instant is a literal so that the grouped expression is the selected one, word for word.
      const state = sql<ParcelState>`case when parcels.state not in ('deleted', 'expired') and parcels.expires_at <= ${sql.lit(now.getTime())} then 'expired' else parcels.state end`;
      const rows = await db
        .selectFrom('parcels')
        .innerJoin('orders', 'orders.id', 'parcels.order_id')
        .select([state.as('state'), (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('parcels.account_id', '=', accountId)
        // A collection request's parcels are the driver's, not the caller's (domain/core/parcel-lookup.ts).
        .where('orders.order_type', '<>', 'collection request order')
        .groupBy(state)
        .execute();
      return rows
        .map((row) => ({ state: row.state, count: Number(row.count) }))
        .sort((a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state));
    },

    ...createInjectedFaults(db, dialect),
  };
}
