// Refused calls naming an account, counted (issue 41): one row per account, UTC day and client address
// (as the login throttle keys it: an IPv6 client's /64), holding how many and the last such call as its
// example. Whoever sends them — 4,000 wrong passwords and tokens from 40 addresses — adds at most 40
// rows a day to the account, none to its request log, and nothing to the text it keeps.
import { sql, type Kysely } from 'kysely';
import { clientAddressKey } from '../domain/login/login-throttle.ts';
import type { RefusedCalls, StageRequest } from '../domain/ports/stage-log-ports.ts';
import { toMillis, toText } from './column-values.ts';
import type { Database } from './schema.ts';
import type { QueryExecutor } from './transactor.ts';

/** Most addresses an account's day counts each on its own row; the refusals from any further address share the row `*`. */
export const REFUSAL_ADDRESSES_PER_DAY = 1000;
/** The address row of the refusals past REFUSAL_ADDRESSES_PER_DAY. */
export const OTHER_ADDRESSES = '*';
/** How many examples an account's day shows: its addresses' last refusals, the newest first. */
export const REFUSAL_EXAMPLES = 5;

/** The UTC day of an instant, YYYY-MM-DD: the day a refusal is counted on. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** A row's key: account, day, address. */
interface Counted {
  readonly delisId: string;
  readonly day: string;
  readonly address: string;
  count: number;
  last: StageRequest;
}

/**
 * Adds `refused` (calls refused before authentication, each naming an existing account) to the counts,
 * in the caller's transaction: one upsert per account, day and address.
 */
export async function countRefusals(db: Kysely<Database>, executor: QueryExecutor, refused: readonly StageRequest[]): Promise<void> {
  const counted = new Map<string, Counted>();
  for (const request of refused) {
    if (request.delisId === undefined) continue;
    const day = utcDay(request.at);
    const address =
      request.clientAddress === undefined ? OTHER_ADDRESSES : toText(clientAddressKey(request.clientAddress).slice('ip:'.length));
    const key = `${request.delisId}\0${day}\0${address}`;
    const row = counted.get(key);
    if (row === undefined) counted.set(key, { delisId: toText(request.delisId), day, address, count: 1, last: request });
    else {
      row.count += 1;
      if (request.at >= row.last.at) row.last = request;
    }
  }
  for (const rows of groupByAccountDay(counted.values())) {
    const { delisId, day } = rows[0];
    const known = await executor.executeQuery<{ client_address: string }>(
      db.selectFrom('stage_refusals').select('client_address').where('delis_id', '=', delisId).where('day', '=', day).compile(),
    );
    const present = new Set(known.rows.map((row) => row.client_address));
    let room = REFUSAL_ADDRESSES_PER_DAY - present.size;
    for (const row of rows) {
      let address = row.address;
      if (!present.has(address)) {
        if (room > 0) room -= 1;
        else address = OTHER_ADDRESSES;
      }
      const { last } = row;
      const values = {
        delis_id: delisId,
        day,
        client_address: address,
        count: row.count,
        last_at: toMillis(last.at),
        binding: last.binding,
        operation: last.operation,
        error_code: last.errorCode ?? null,
        status: last.status ?? null,
        path: last.path === undefined ? null : toText(last.path),
      };
      await executor.executeQuery(
        db
          .insertInto('stage_refusals')
          .values(values)
          .onConflict((conflict) =>
            conflict.columns(['delis_id', 'day', 'client_address']).doUpdateSet({
              count: sql`stage_refusals.count + excluded.count`,
              last_at: sql`excluded.last_at`,
              binding: sql`excluded.binding`,
              operation: sql`excluded.operation`,
              error_code: sql`excluded.error_code`,
              status: sql`excluded.status`,
              path: sql`excluded.path`,
            }),
          )
          .compile(),
      );
    }
  }
}

/** The counted rows, grouped by account and day. */
function groupByAccountDay(rows: Iterable<Counted>): Counted[][] {
  const groups = new Map<string, Counted[]>();
  for (const row of rows) {
    const key = `${row.delisId}\0${row.day}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  return [...groups.values()];
}

/** The refused calls naming `delisId` on `day`: how many, from how many addresses, and the newest examples. */
export async function refusedCallsOn(db: Kysely<Database>, delisId: string, day: string): Promise<RefusedCalls> {
  const [totals, examples] = await Promise.all([
    db
      .selectFrom('stage_refusals')
      .select([sql<string | number | null>`sum(count)`.as('count'), sql<string | number>`count(*)`.as('rows')])
      .select(sql<string | number>`sum(case when client_address = ${OTHER_ADDRESSES} then 1 else 0 end)`.as('other'))
      .where('delis_id', '=', delisId)
      .where('day', '=', day)
      .executeTakeFirst(),
    db
      .selectFrom('stage_refusals')
      .selectAll()
      .where('delis_id', '=', delisId)
      .where('day', '=', day)
      .where('client_address', '!=', OTHER_ADDRESSES)
      .orderBy('last_at', 'desc')
      .limit(REFUSAL_EXAMPLES)
      .execute(),
  ]);
  const other = Number(totals?.other ?? 0);
  return {
    day,
    count: Number(totals?.count ?? 0),
    addresses: Number(totals?.rows ?? 0) - other,
    moreAddresses: other > 0,
    examples: examples.map((row) => ({
      at: new Date(row.last_at),
      binding: row.binding,
      operation: row.operation,
      ...(row.error_code === null ? {} : { errorCode: row.error_code }),
      ...(row.status === null ? {} : { status: row.status }),
      ...(row.path === null ? {} : { path: row.path }),
      clientAddress: row.client_address,
      count: row.count,
    })),
  };
}

/** Removes the counts of days before `before`'s; returns how many rows. */
export async function purgeRefusalsBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('stage_refusals').where('day', '<', utcDay(before)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
