// What ConsoleService reads (docs/decisions.md "Console"): the print options each order's labels were
// made with (reprintLabels), each stage request's answer and an index of an account's requests
// (findStageRequests), an index of an account's parcels newest first and the references printed on
// each parcel's label (findParcels), filled here for the parcels that still keep their data.
import type { Kysely } from 'kysely';

/** Parcels read per backfill batch. */
const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('print_options', 'text').execute();
  await db.schema.alterTable('stage_requests').addColumn('answer', 'text').execute();
  // findStageRequests: one account's requests, newest first.
  await db.schema.createIndex('stage_requests_delis_id_idx').on('stage_requests').columns(['delis_id', 'id']).execute();
  // findParcels: one account's parcels, newest first.
  await db.schema.createIndex('parcels_account_id_idx').on('parcels').columns(['account_id', 'id']).execute();
  await db.schema
    .createTable('parcel_references')
    .addColumn('account_id', 'bigint', (column) => column.notNull())
    .addColumn('parcel_label_number', 'text', (column) => column.notNull().references('parcels.parcel_label_number').onDelete('cascade'))
    .addColumn('reference', 'text', (column) => column.notNull())
    // Also the index that removes a parcel's references with its data.
    .addPrimaryKeyConstraint('parcel_references_pk', ['parcel_label_number', 'reference'])
    .execute();
  await db.schema.createIndex('parcel_references_lookup_idx').on('parcel_references').columns(['account_id', 'reference']).execute();
  await backfillReferences(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('parcel_references').execute();
  await db.schema.dropIndex('parcels_account_id_idx').execute();
  await db.schema.dropIndex('stage_requests_delis_id_idx').execute();
  await db.schema.alterTable('stage_requests').dropColumn('answer').execute();
  await db.schema.alterTable('orders').dropColumn('print_options').execute();
}

/** The references a label prints (label-job.ts as of this migration), as findParcels matches them. */
function referencesOf(orderJson: string, parcelJson: string): string[] {
  const order = JSON.parse(orderJson) as { generalShipmentData?: Record<string, unknown> };
  const parcel = JSON.parse(parcelJson) as Record<string, unknown> | null;
  const gsd = order.generalShipmentData ?? {};
  const texts = [
    gsd.mpsCustomerReferenceNumber1,
    gsd.mpsCustomerReferenceNumber2,
    parcel?.customerReferenceNumber1,
    parcel?.customerReferenceNumber2,
  ];
  return [...new Set(texts.filter((text): text is string => typeof text === 'string').map((text) => text.trim().toLowerCase()))].filter(
    (key) => key !== '',
  );
}

async function backfillReferences(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Array<{
      id: number | string;
      account_id: number | string;
      parcel_label_number: string;
      data: string;
      order_data: string | null;
    }> = await db
      .selectFrom('parcels')
      .innerJoin('orders', 'orders.id', 'parcels.order_id')
      .select(['parcels.id', 'parcels.account_id', 'parcels.parcel_label_number', 'parcels.data', 'orders.data as order_data'])
      .where('parcels.id', '>', after)
      .where('parcels.data', 'is not', null)
      .orderBy('parcels.id')
      .limit(BATCH)
      .execute();
    const values = rows.flatMap((row) =>
      row.order_data === null
        ? []
        : referencesOf(row.order_data, row.data).map((reference) => ({
            account_id: row.account_id,
            parcel_label_number: row.parcel_label_number,
            reference,
          })),
    );
    if (values.length > 0) await db.insertInto('parcel_references').values(values).execute();
    if (rows.length < BATCH) return;
    after = Number(rows[rows.length - 1].id);
  }
}
