// The Outbox port: receiver notifications kept once per key, read newest first, and leased one
// attempt at a time to the process that sends them (a conditional update: one taker, also across
// processes on one PostgreSQL database or one SQLite file).
import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type {
  NewNotification,
  NotificationFilter,
  NotificationStatus,
  Outbox,
  OutboxStats,
  StoredNotification,
} from '../domain/ports/notification-ports.ts';
import type { NotificationChannel, NotificationTopic, TextLanguage } from '../domain/notifications/notification-texts.ts';
import type { NotificationSource } from '../domain/notifications/plan-notifications.ts';
import { chunks } from './chunks.ts';
import { toDate, toMillis, toText } from './column-values.ts';
import type { Database, NotificationsTable } from './schema.ts';

/** The queue's statuses as literals: the partial index's condition, which a bound value would not match (SQLite). */
const WAITING = [sql.lit<NotificationStatus>('queued'), sql.lit<NotificationStatus>('sending')];

/** Rows one insert statement carries (24 columns each: below SQLite's 32,766 bound values). */
const INSERT_BATCH = 200;

function toRow(notification: NewNotification) {
  return {
    account_id: notification.accountId,
    parcel_label_number: notification.parcelLabelNumber,
    event_key: notification.eventKey,
    event_status: notification.eventStatus,
    event_at: toMillis(notification.eventAt),
    source: notification.source,
    source_index: notification.sourceIndex,
    rule: notification.rule ?? null,
    channel: notification.channel,
    recipient: toText(notification.recipient),
    language: toText(notification.language),
    text_language: notification.textLanguage,
    topic: notification.topic,
    subject: toText(notification.subject),
    body_text: toText(notification.text),
    body_html: notification.html === undefined ? null : toText(notification.html),
    status: notification.status,
    status_reason: notification.statusReason ?? null,
    next_attempt_at: notification.status === 'queued' ? toMillis(notification.createdAt) : null,
    message_ref: notification.messageRef,
    created_at: toMillis(notification.createdAt),
  };
}

function fromRow(row: Selectable<NotificationsTable>): StoredNotification {
  return {
    id: row.id,
    accountId: row.account_id,
    parcelLabelNumber: row.parcel_label_number,
    eventKey: row.event_key,
    eventStatus: row.event_status,
    eventAt: toDate(row.event_at),
    source: row.source as NotificationSource,
    sourceIndex: row.source_index,
    ...(row.rule === null ? {} : { rule: row.rule }),
    channel: row.channel as NotificationChannel,
    recipient: row.recipient,
    language: row.language,
    textLanguage: row.text_language as TextLanguage,
    topic: row.topic as NotificationTopic,
    subject: row.subject,
    text: row.body_text,
    ...(row.body_html === null ? {} : { html: row.body_html }),
    status: row.status,
    ...(row.status_reason === null ? {} : { statusReason: row.status_reason }),
    attempts: row.attempts,
    ...(row.next_attempt_at === null ? {} : { nextAttemptAt: toDate(row.next_attempt_at) }),
    ...(row.sent_at === null ? {} : { sentAt: toDate(row.sent_at) }),
    messageRef: row.message_ref,
    createdAt: toDate(row.created_at),
  };
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'notifications', O>,
  filter: NotificationFilter,
): SelectQueryBuilder<Database, 'notifications', O> {
  const { id, accountId, parcelLabelNumber, status, createdBefore } = filter;
  let out = query;
  if (id !== undefined) out = out.where('id', '=', id);
  if (accountId !== undefined) out = out.where('account_id', '=', accountId);
  if (parcelLabelNumber !== undefined) out = out.where('parcel_label_number', '=', parcelLabelNumber);
  if (status !== undefined) out = out.where('status', '=', status);
  if (createdBefore !== undefined) out = out.where('created_at', '<', toMillis(createdBefore));
  return out;
}

/** The ids of the messages matching `filter`. */
const idsOf = (db: Kysely<Database>, filter: NotificationFilter) => filtered(db.selectFrom('notifications').select('id'), filter);

/** Candidates read beyond what a claim asks for: the rows other senders may win first. */
const CLAIM_SLACK = 64;

export function createOutbox(db: Kysely<Database>): Outbox {
  /** Moves a leased message on, only while it is still `sending` (a message requeued or removed meanwhile stays as it is). */
  const settle = async (id: number, values: Updateable<NotificationsTable>) => {
    await db.updateTable('notifications').set(values).where('id', '=', id).where('status', '=', 'sending').execute();
  };
  return {
    async addNotifications(notifications) {
      let added = 0;
      for (const chunk of chunks(notifications, INSERT_BATCH)) {
        const result = await db
          .insertInto('notifications')
          .values(chunk.map(toRow))
          .onConflict((conflict) => conflict.columns(['parcel_label_number', 'event_key', 'source', 'source_index', 'channel']).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      return added;
    },

    async listNotifications(accountId, query) {
      let select = db.selectFrom('notifications').selectAll().where('account_id', '=', accountId);
      if (query.parcelLabelNumber !== undefined) select = select.where('parcel_label_number', '=', query.parcelLabelNumber);
      if (query.after !== undefined) {
        const after = await db
          .selectFrom('notifications')
          .select(['event_at', 'id'])
          .where('account_id', '=', accountId)
          .where('id', '=', query.after)
          .executeTakeFirst();
        // A message no longer kept (purged meanwhile) ends the list rather than starting it again.
        if (after === undefined) return { notifications: [], more: false };
        select = select.where((eb) =>
          eb.or([eb('event_at', '<', after.event_at), eb.and([eb('event_at', '=', after.event_at), eb('id', '<', after.id)])]),
        );
      }
      const rows = await select
        .orderBy('event_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      return { notifications: rows.slice(0, query.limit).map(fromRow), more: rows.length > query.limit };
    },

    async claimDue(now, leaseUntil, limit, channels) {
      const at = toMillis(now);
      // Candidates by the queue's index; each is then taken by a conditional update, which only one
      // process's statement can win (the row's status and due time are checked in the same statement).
      // More candidates than asked for: senders taking at once (NOTIFY_CONCURRENCY, other processes)
      // read the same first ones, and the one who loses a row goes on to the next.
      const due = await db
        .selectFrom('notifications')
        .select('id')
        .where('status', 'in', WAITING)
        .where('next_attempt_at', '<=', at)
        .$if(channels !== undefined, (query) => query.where('channel', 'in', channels ?? []))
        .orderBy('next_attempt_at')
        .limit(limit + CLAIM_SLACK)
        .execute();
      const claimed: StoredNotification[] = [];
      for (const { id } of due) {
        if (claimed.length >= limit) break;
        const row = await db
          .updateTable('notifications')
          .set((eb) => ({ status: 'sending', next_attempt_at: toMillis(leaseUntil), attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('status', 'in', ['queued', 'sending'])
          .where('next_attempt_at', '<=', at)
          .returningAll()
          .executeTakeFirst();
        if (row !== undefined) claimed.push(fromRow(row));
      }
      return claimed;
    },

    markSent: (id, at) => settle(id, { status: 'sent', sent_at: toMillis(at), next_attempt_at: null, status_reason: null }),
    markRetry: (id, nextAttemptAt, reason) =>
      settle(id, { status: 'queued', next_attempt_at: toMillis(nextAttemptAt), status_reason: reason }),
    markEnded: (id, status, reason) => settle(id, { status, next_attempt_at: null, status_reason: reason }),

    async findForOperator(filter, limit) {
      const rows = await filtered(db.selectFrom('notifications').selectAll(), filter).orderBy('id', 'desc').limit(limit).execute();
      return rows.map(fromRow);
    },

    async requeue(filter, now) {
      const result = await db
        .updateTable('notifications')
        .set({ status: 'queued', attempts: 0, next_attempt_at: toMillis(now), status_reason: null })
        .where('id', 'in', idsOf(db, filter))
        .where('status', '!=', 'captured')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async removeNotifications(filter) {
      const result = await db.deleteFrom('notifications').where('id', 'in', idsOf(db, filter)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async stats(): Promise<OutboxStats> {
      // Only the queue's rows (the partial index's condition, written the same way): never the whole outbox.
      const rows = await db
        .selectFrom('notifications')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('created_at').as('oldest')])
        .where('status', 'in', WAITING)
        .groupBy('status')
        .execute();
      // PostgreSQL counts in bigint, which pg hands over as text unless parsed (postgres-pool.ts parses int8).
      const count = (status: NotificationStatus) => Number(rows.find((row) => row.status === status)?.count) || 0;
      const oldest = rows
        .map((row) => row.oldest as unknown)
        .filter((value): value is number | string => value !== null)
        .map(Number);
      return {
        queued: count('queued'),
        sending: count('sending'),
        ...(oldest.length === 0 ? {} : { oldestWaitingAt: toDate(Math.min(...oldest)) }),
      };
    },
  };
}

/** Removes the messages of `numbers`, in the transaction that removes their data (delete, expiry). */
export async function deleteParcelNotifications(trx: Kysely<Database>, numbers: readonly string[]): Promise<void> {
  for (const chunk of chunks(numbers)) {
    await trx.deleteFrom('notifications').where('parcel_label_number', 'in', chunk).execute();
  }
}
