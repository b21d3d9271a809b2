// Receiver notifications (issue 27): the outbox — every message a parcel's journey produced, kept with
// the parcel's data and removed with it — which on live is also the durable queue messages are sent
// from; and the producer's place in the tracking events, kept across restarts.
import { sql, type Kysely } from 'kysely';
import { addIdColumn } from './portable-columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .$call((table) => addIdColumn(db, table))
    .addColumn('account_id', 'bigint', (column) => column.notNull())
    .addColumn('parcel_label_number', 'text', (column) => column.notNull())
    .addColumn('event_key', 'text', (column) => column.notNull())
    .addColumn('event_status', 'text', (column) => column.notNull())
    .addColumn('event_at', 'bigint', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('source_index', 'integer', (column) => column.notNull())
    .addColumn('rule', 'integer')
    .addColumn('channel', 'integer', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('text_language', 'text', (column) => column.notNull())
    .addColumn('topic', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('body_text', 'text', (column) => column.notNull())
    .addColumn('body_html', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('message_ref', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  // One message per event, source entry and channel: a second reader or process making the same
  // message finds it kept (insert … on conflict do nothing). Also how a parcel's messages are found.
  await db.schema
    .createIndex('notifications_key')
    .on('notifications')
    .columns(['parcel_label_number', 'event_key', 'source', 'source_index', 'channel'])
    .unique()
    .execute();
  // findNotifications: an account's messages, newest event first.
  await db.schema.createIndex('notifications_account_idx').on('notifications').columns(['account_id', 'event_at', 'id']).execute();
  // The queue: only the messages still to be sent are in it, by when they are due.
  await db.schema
    .createIndex('notifications_queue_idx')
    .on('notifications')
    .column('next_attempt_at')
    .where(sql.ref('status'), 'in', [sql.lit('queued'), sql.lit('sending')])
    .execute();
  await db.schema
    .createTable('notification_cursor')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('last_event_id', 'bigint', (column) => column.notNull())
    .execute();
  // Events recorded before notifications existed send nothing: the producer starts after them.
  const last = await db
    .selectFrom('parcel_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await db
    .insertInto('notification_cursor')
    .values({ name: 'events', last_event_id: Number(last?.id ?? 0) })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_cursor').execute();
  await db.schema.dropTable('notifications').execute();
}
