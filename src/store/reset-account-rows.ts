// Removes everything one account stored (SandboxService resetAccount): parcels with their tracking
// events, references, notifications and tracking pushes, orders, consolidations, stage requests, injected faults and the
// addresses it logged in from, and puts its sandbox settings back as a new account has them (the real
// time, scenario `delivered`, journeys that never ran, no push URL), in one transaction. The account row, its depots,
// its tokens (moved with its clock, so they keep the account time they had left) and the serial counter
// stay, so no number is issued again.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccountReset } from '../domain/ports/account-ports.ts';
import { clockColumnsOf, journeyColumnsOf } from './account-clock-columns.ts';
import { forgetKnownAddresses } from './known-address-repository.ts';
import { moveAccountTokens } from './token-repository.ts';
import type { Database } from './schema.ts';

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** `clockMovedMs`: how far putting the account's clock back on the real time moves its time (real minus account time). */
export async function resetAccount(db: Kysely<Database>, accountId: number, delisId: string, clockMovedMs = 0): Promise<AccountReset> {
  return db.transaction().execute(async (trx) => {
    const removed = await resetAccountRows(trx, accountId, delisId);
    await trx
      .updateTable('accounts')
      // No push URL and the default mode (immediate), as a new account has them (README "Tracking push").
      .set({
        ...clockColumnsOf(undefined),
        ...journeyColumnsOf(undefined),
        journey_scenario: null,
        push_url: null,
        push_mode: null,
        push_since: null,
      })
      .where('id', '=', accountId)
      .execute();
    await moveAccountTokens(trx, accountId, clockMovedMs);
    return removed;
  });
}

/** `resetAccount` within the transaction `trx` (accounts remove runs it before removing the account). */
export async function resetAccountRows(trx: Transaction<Database>, accountId: number, delisId: string): Promise<AccountReset> {
  // Children before parents: events name parcels, parcels name orders and consolidations.
  const trackingEvents = deleted(
    await trx
      .deleteFrom('parcel_events')
      .where('parcel_label_number', 'in', (eb) =>
        eb.selectFrom('parcels').select('parcel_label_number').where('account_id', '=', accountId),
      )
      .executeTakeFirst(),
  );
  await trx
    .deleteFrom('parcel_journeys')
    .where('parcel_label_number', 'in', (eb) => eb.selectFrom('parcels').select('parcel_label_number').where('account_id', '=', accountId))
    .execute();
  // The references findParcels searches by (personal data, kept while a parcel keeps its data).
  await trx.deleteFrom('parcel_references').where('account_id', '=', accountId).execute();
  // The receiver notifications of its parcels (the outbox).
  await trx.deleteFrom('notifications').where('account_id', '=', accountId).execute();
  // Its tracking pushes, each with its tries.
  await trx
    .deleteFrom('push_attempts')
    .where('push_id', 'in', (eb) => eb.selectFrom('pushes').select('id').where('account_id', '=', accountId))
    .execute();
  await trx.deleteFrom('pushes').where('account_id', '=', accountId).execute();
  const parcels = deleted(await trx.deleteFrom('parcels').where('account_id', '=', accountId).executeTakeFirst());
  const consolidations = deleted(await trx.deleteFrom('consolidations').where('account_id', '=', accountId).executeTakeFirst());
  const orders = deleted(await trx.deleteFrom('orders').where('account_id', '=', accountId).executeTakeFirst());
  const stageRequests = deleted(await trx.deleteFrom('stage_requests').where('delis_id', '=', delisId).executeTakeFirst());
  const faults = deleted(await trx.deleteFrom('injected_faults').where('account_id', '=', accountId).executeTakeFirst());
  // The addresses it logged in from (the throttle's trust), as a new account has none.
  await forgetKnownAddresses(trx, accountId);
  await trx
    .updateTable('accounts')
    .set({ pending_faults: sql.lit(0) })
    .where('id', '=', accountId)
    .execute();
  return { parcels, orders, consolidations, trackingEvents, stageRequests, faults };
}
