// An account the operator disabled (`parcel-service accounts set --disabled`): it cannot log in, and its
// tokens are refused. 0 for every account there is.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('disabled', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}
