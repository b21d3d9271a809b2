// When each moving parcel's journey next needs a look (issue 41): the instant its next planned event
// falls due, indexed by account and instant, so that a notification round reads the parcels whose
// events the account's clock has passed — in proportion to those events, not to every parcel on its
// way. A parcel gets a row due at once (0) when an event is recorded for it or its scenario is set;
// the round moves the row to the next planned event, and removes it once the journey has no more.
// Parcels on their way when this runs are due at once.
import { sql, type Kysely } from 'kysely';

/** The states of a parcel the carrier has and is still moving (journey-repository.ts). */
const MOVING = ['consolidated', 'collected', 'in_transit', 'out_for_delivery'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journey_due')
    .addColumn('parcel_label_number', 'text', (column) => column.primaryKey().references('parcels.parcel_label_number').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (column) => column.notNull())
    .addColumn('due_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('journey_due_account_due_idx').on('journey_due').columns(['account_id', 'due_at']).execute();
  await db
    .insertInto('journey_due')
    .columns(['parcel_label_number', 'account_id', 'due_at'])
    .expression(
      db
        .selectFrom('parcels')
        .select(['parcel_label_number', 'account_id', sql.lit(0).as('due_at')])
        .where('state', 'in', MOVING),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journey_due').execute();
}
