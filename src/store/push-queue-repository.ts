// The PushQueue port: pushes kept once per parcel and event, read newest first with their tries, and
// leased one try at a time to the process that sends them (a conditional update: one taker, also
// across processes on one PostgreSQL database or one SQLite file). A try is recorded with what comes
// next in one transaction, and only by the lease that took it.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { PushCode, PushMode, PushState } from '../contract/push-codes.ts';
import type {
  LeasedPush,
  NewPush,
  PushAttempt,
  PushParameters,
  PushQueue,
  PushTarget,
  StoredPush,
  PushTransfer,
} from '../domain/ports/push-ports.ts';
import { accountClockOf } from './account-clock-columns.ts';
import { chunks } from './chunks.ts';
import { toDate, toFlag, toMillis, toText } from './column-values.ts';
import type { Database, PushAttemptsTable, PushesTable } from './schema.ts';

/** The queue's states as literals: the partial index's condition, which a bound value would not match (SQLite). */
const QUEUED = [sql.lit<PushState>('waiting'), sql.lit<PushState>('sending')];
/** Rows one insert statement carries. */
const INSERT_BATCH = 500;
/** The producer's row in notification_cursor. */
const CURSOR = 'push-parcels';

/** An account row's push target; undefined without a URL. */
export function pushTargetOf(row: {
  readonly push_url: string | null;
  readonly push_mode: string | null;
  readonly push_since: number | null;
}): PushTarget | undefined {
  if (row.push_url === null) return undefined;
  return { url: row.push_url, mode: (row.push_mode ?? 'immediate') as PushMode, since: toDate(row.push_since ?? 0) };
}

function toRow(push: NewPush) {
  return {
    account_id: push.accountId,
    parcel_label_number: push.parcelLabelNumber,
    event_key: push.eventKey,
    code: push.code,
    event_at: toMillis(push.eventAt),
    parameters: toText(JSON.stringify(push.parameters)),
    state: 'waiting' as const,
    next_try_at: toMillis(push.dueAt),
    sort_key: push.sortKey,
    sends_left: push.sends,
    created_at: toMillis(push.createdAt),
  };
}

const attemptOf = (row: Selectable<PushAttemptsTable>): PushAttempt => ({
  at: toDate(row.at),
  ...(row.http_status === null ? {} : { httpStatus: row.http_status }),
  answer: row.answer,
  durationMs: row.duration_ms,
  acknowledged: row.acknowledged === 1,
});

function fromRow(row: Selectable<PushesTable>, attempts: readonly PushAttempt[]): StoredPush {
  return {
    pushid: String(row.id),
    accountId: row.account_id,
    parcelLabelNumber: row.parcel_label_number,
    eventKey: row.event_key,
    code: row.code as PushCode,
    eventAt: toDate(row.event_at),
    parameters: JSON.parse(row.parameters) as PushParameters,
    state: row.state,
    ...(row.next_try_at === null || (row.state !== 'waiting' && row.state !== 'sending') ? {} : { nextTryAt: toDate(row.next_try_at) }),
    sendsLeft: row.sends_left,
    ...(row.reason === null ? {} : { reason: row.reason }),
    attempts,
    createdAt: toDate(row.created_at),
  };
}

const pushidOf = (pushid: string) => {
  const id = Number(pushid);
  return Number.isSafeInteger(id) && id > 0 ? id : -1;
};

export function createPushQueue(db: Kysely<Database>): PushQueue {
  return {
    async addPushes(pushes) {
      let added = 0;
      for (const chunk of chunks(pushes, INSERT_BATCH)) {
        const result = await db
          .insertInto('pushes')
          .values(chunk.map(toRow))
          .onConflict((conflict) => conflict.columns(['parcel_label_number', 'event_key']).doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      return added;
    },

    async duePushes(realNow, limit, exceptAccounts) {
      const now = toMillis(realNow);
      let query = db
        .selectFrom('pushes')
        .innerJoin('accounts', 'accounts.id', 'pushes.account_id')
        .select(['pushes.id', 'pushes.account_id', 'pushes.parcel_label_number'])
        .where('pushes.state', 'in', QUEUED)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('pushes.state', '=', 'waiting'),
              // Due by the account's own clock (stage): where it stands still, or the real time moved on.
              eb(
                'pushes.next_try_at',
                '<=',
                sql<number>`coalesce(${sql.ref('accounts.clock_fixed_at')}, ${now} + ${sql.ref('accounts.clock_offset_ms')})`,
              ),
            ]),
            eb.and([eb('pushes.state', '=', 'sending'), eb('pushes.lease_until', '<=', now)]),
          ]),
        );
      if (exceptAccounts.length > 0) query = query.where('pushes.account_id', 'not in', [...exceptAccounts]);
      const rows = await query.orderBy('pushes.next_try_at').orderBy('pushes.sort_key').orderBy('pushes.id').limit(limit).execute();
      return rows.map((row) => ({ pushid: String(row.id), accountId: row.account_id, parcelLabelNumber: row.parcel_label_number }));
    },

    async lease(pushid, realNow, leaseUntil) {
      const token = randomUUID();
      const row = await db
        .updateTable('pushes')
        .set({ state: 'sending', lease: token, lease_until: toMillis(leaseUntil) })
        .where('id', '=', pushidOf(pushid))
        .where((eb) =>
          eb.or([eb('state', '=', 'waiting'), eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', toMillis(realNow))])]),
        )
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const account = await db
        .selectFrom('accounts')
        .select(['push_url', 'push_mode', 'push_since', 'clock_offset_ms', 'clock_fixed_at'])
        .where('id', '=', row.account_id)
        .executeTakeFirst();
      const clock = account === undefined ? undefined : accountClockOf(account);
      const url = account?.push_url ?? undefined;
      return {
        pushid: String(row.id),
        accountId: row.account_id,
        parcelLabelNumber: row.parcel_label_number,
        code: row.code as PushCode,
        eventAt: toDate(row.event_at),
        parameters: JSON.parse(row.parameters) as PushParameters,
        sendsLeft: row.sends_left,
        ...(url === undefined ? {} : { url }),
        ...(clock === undefined ? {} : { clock }),
        lease: token,
      } satisfies LeasedPush;
    },

    async settle(push: LeasedPush, attempt, next) {
      return db.transaction().execute(async (trx) => {
        const values =
          next.state === 'delivered'
            ? { state: 'delivered' as const, next_try_at: null, sends_left: 0 }
            : next.state === 'waiting'
              ? {
                  state: 'waiting' as const,
                  next_try_at: toMillis(next.nextTryAt),
                  sends_left: attempt.acknowledged ? push.sendsLeft - 1 : push.sendsLeft,
                }
              : { state: 'given_up' as const, next_try_at: null, reason: next.reason };
        const result = await trx
          .updateTable('pushes')
          .set({ ...values, lease: null, lease_until: null })
          .where('id', '=', pushidOf(push.pushid))
          .where('state', '=', 'sending')
          .where('lease', '=', push.lease)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('push_attempts')
          .values({
            push_id: pushidOf(push.pushid),
            at: toMillis(attempt.at),
            http_status: attempt.httpStatus ?? null,
            answer: toText(attempt.answer),
            duration_ms: attempt.durationMs,
            acknowledged: toFlag(attempt.acknowledged),
          })
          .execute();
        return true;
      });
    },

    async listPushes(query) {
      let select = db.selectFrom('pushes').selectAll();
      if (query.accountId !== undefined) select = select.where('account_id', '=', query.accountId);
      if (query.parcelLabelNumber !== undefined) select = select.where('parcel_label_number', '=', query.parcelLabelNumber);
      if (query.state !== undefined) select = select.where('state', '=', query.state);
      if (query.pushid !== undefined) select = select.where('id', '=', pushidOf(query.pushid));
      if (query.after !== undefined) select = select.where('id', '<', pushidOf(query.after));
      const rows = await select
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const page = rows.slice(0, query.limit);
      const attempts = new Map<number, PushAttempt[]>();
      for (const chunk of chunks(page.map((row) => row.id))) {
        const tries = await db.selectFrom('push_attempts').selectAll().where('push_id', 'in', chunk).orderBy('id').execute();
        for (const row of tries) attempts.set(row.push_id, [...(attempts.get(row.push_id) ?? []), attemptOf(row)]);
      }
      return { pushes: page.map((row) => fromRow(row, attempts.get(row.id) ?? [])), more: rows.length > query.limit };
    },

    async resend(filter, dueAt) {
      let select = db.selectFrom('pushes').select(['id', 'account_id']).where('state', '=', 'given_up');
      if (filter.accountId !== undefined) select = select.where('account_id', '=', filter.accountId);
      if (filter.pushid !== undefined) select = select.where('id', '=', pushidOf(filter.pushid));
      if (filter.parcelLabelNumber !== undefined) select = select.where('parcel_label_number', '=', filter.parcelLabelNumber);
      let count = 0;
      for (const row of await select.execute()) {
        const result = await db
          .updateTable('pushes')
          .set({ state: 'waiting', next_try_at: toMillis(await dueAt(row.account_id)), reason: null, sends_left: 1 })
          .where('id', '=', row.id)
          .where('state', '=', 'given_up')
          .executeTakeFirst();
        count += Number(result.numUpdatedRows);
      }
      return count;
    },

    async stats() {
      const row = await db
        .selectFrom('pushes')
        .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('created_at').as('oldest')])
        .where('state', 'in', QUEUED)
        .executeTakeFirst();
      const oldest = row?.oldest === null || row?.oldest === undefined ? undefined : row.oldest;
      return { queued: Number(row?.count) || 0, ...(oldest === undefined ? {} : { oldestQueuedAt: toDate(oldest) }) };
    },

    async transfersAfter(after, limit) {
      const rows = await db
        .selectFrom('parcels')
        .innerJoin('accounts', 'accounts.id', 'parcels.account_id')
        .innerJoin('orders', 'orders.id', 'parcels.order_id')
        .select([
          'parcels.id',
          'parcels.account_id',
          'parcels.parcel_label_number',
          'parcels.transferred_at',
          'parcels.weight',
          'parcels.service_code',
          'parcels.data',
          'orders.sending_depot',
          'orders.order_type',
          'accounts.push_url',
          'accounts.push_mode',
          'accounts.push_since',
        ])
        .where('parcels.id', '>', after)
        .orderBy('parcels.id')
        .limit(limit)
        .execute();
      const parcels: PushTransfer[] = [];
      for (const row of rows) {
        const target = pushTargetOf(row);
        if (target === undefined || row.transferred_at === null || row.data === null || row.order_type !== 'consignment') continue;
        const ref = (JSON.parse(row.data) as { customerReferenceNumber1?: string }).customerReferenceNumber1;
        parcels.push({
          id: row.id,
          accountId: row.account_id,
          target,
          parcelLabelNumber: row.parcel_label_number,
          transferredAt: toDate(row.transferred_at),
          sendingDepot: row.sending_depot,
          serviceCode: row.service_code,
          weight: row.weight,
          ...(ref === undefined ? {} : { ref }),
        });
      }
      return { lastId: rows.length === 0 ? after : rows[rows.length - 1].id, parcels };
    },

    async readCursor() {
      const row = await db.selectFrom('notification_cursor').select('last_event_id').where('name', '=', CURSOR).executeTakeFirst();
      return row?.last_event_id ?? 0;
    },

    async writeCursor(lastId) {
      await db
        .insertInto('notification_cursor')
        .values({ name: CURSOR, last_event_id: lastId })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ last_event_id: lastId }))
        .execute();
    },
  };
}

/** Removes the pushes (and their tries) of `numbers`, in the transaction that removes their data (delete, expiry, reset). */
export async function deleteParcelPushes(trx: Kysely<Database>, numbers: readonly string[]): Promise<void> {
  for (const chunk of chunks(numbers)) {
    const ids = trx.selectFrom('pushes').select('id').where('parcel_label_number', 'in', chunk);
    await trx.deleteFrom('push_attempts').where('push_id', 'in', ids).execute();
    await trx.deleteFrom('pushes').where('parcel_label_number', 'in', chunk).execute();
  }
}
