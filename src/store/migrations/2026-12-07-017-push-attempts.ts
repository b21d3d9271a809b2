// Every try of a push (issue 36): when (the account's time), the answer's HTTP status and first bytes,
// how long it took; and the push producer's place among the stored parcels (the `start_order` of
// parcels stored from then on), beside the notification producer's in notification_cursor.
import type { Kysely } from 'kysely';
import { addIdColumn } from './portable-columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_attempts')
    .$call((table) => addIdColumn(db, table))
    .addColumn('push_id', 'bigint', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('answer', 'text', (column) => column.notNull())
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    .addColumn('acknowledged', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('push_attempts_push_idx').on('push_attempts').columns(['push_id', 'id']).execute();
  // Parcels stored before pushes existed push nothing: the producer starts after them.
  const last = await db
    .selectFrom('parcels')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await db
    .insertInto('notification_cursor')
    .values({ name: 'push-parcels', last_event_id: Number(last?.id ?? 0) })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('notification_cursor').where('name', '=', 'push-parcels').execute();
  await db.schema.dropTable('push_attempts').execute();
}
