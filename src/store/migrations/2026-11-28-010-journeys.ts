// Journeys (docs/decisions.md "Journeys"): an account's default scenario and its journey clock on its
// row (read with the account at every authentication, as its own clock is), a parcel's own scenario
// beside it (written only for parcels whose scenario is not the default `delivered`, so storeOrders
// writes nothing more for accounts that never chose one), a count of the events forced on each parcel
// (what advanceParcel checks no other call moved the parcel meanwhile), and the operator's depot
// directory (one document; none until imported: the built-in one applies).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('accounts').addColumn('journey_scenario', 'text').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('journeys_running', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('accounts').addColumn('journeys_stopped_at', 'bigint').execute();
  await db.schema
    .alterTable('parcels')
    .addColumn('journey_forced', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('parcel_journeys')
    .addColumn('parcel_label_number', 'text', (column) => column.primaryKey().references('parcels.parcel_label_number').onDelete('cascade'))
    .addColumn('scenario', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('depot_directory')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    // Raised by every import: a process reads the document again only when it changed.
    .addColumn('version', 'bigint', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('imported_at', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('depot_directory').execute();
  await db.schema.dropTable('parcel_journeys').execute();
  await db.schema.alterTable('parcels').dropColumn('journey_forced').execute();
  for (const column of ['journeys_stopped_at', 'journeys_running', 'journey_scenario']) {
    await db.schema.alterTable('accounts').dropColumn(column).execute();
  }
}
