// The stage log finds validateOrders (and storeOrders) calls by the references they carried: each call
// is kept with keyed digests of its references (domain/operator/stage-log-search.ts), since the
// references themselves are masked in the text it keeps. Calls kept before have none (null).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stage_requests').addColumn('search_keys', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stage_requests').dropColumn('search_keys').execute();
}
