// EndOfDayService endOfDay: one account's parcels transferred within a period, in transfer order.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('parcels_account_transferred_idx').on('parcels').columns(['account_id', 'transferred_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('parcels_account_transferred_idx').execute();
}
