// The request log an integrator reads (issue 30): each stage request's HTTP status, duration, request
// id (X-Request-Id), client address and path, and whether it was refused before authentication (kept
// for the account it named, without its text). Rows kept before have none of these (null, flag 0).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of [
    ['status', 'integer'],
    ['duration_ms', 'integer'],
    ['request_id', 'text'],
    ['client_address', 'text'],
    ['path', 'text'],
  ] as const) {
    await db.schema.alterTable('stage_requests').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('stage_requests')
    .addColumn('refused_before_authentication', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // findStageRequests by request id: the id an answer carried, within one account.
  await db.schema.createIndex('stage_requests_request_id_idx').on('stage_requests').columns(['delis_id', 'request_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stage_requests_request_id_idx').execute();
  for (const name of ['refused_before_authentication', 'path', 'client_address', 'request_id', 'duration_ms', 'status']) {
    await db.schema.alterTable('stage_requests').dropColumn(name).execute();
  }
}
