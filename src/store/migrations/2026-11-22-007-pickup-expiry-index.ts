// A pickup order has no parcels, so no parcel's expiry ends its data: the purge finds the pickup
// orders whose 28 days have run out by their creation, through this index of those still holding data.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_pickup_created_idx')
    .on('orders')
    .column('created_at')
    .where(sql.ref('order_type'), '=', sql.lit('pickup information'))
    .where(sql.ref('data'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_pickup_created_idx').execute();
}
