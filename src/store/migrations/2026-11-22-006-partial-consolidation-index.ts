// A parcel has no consolidation until startOrdersConsolidation gives it one, yet every new parcel
// was entered in the index of parcels by consolidation, under NULL: one more index entry per parcel
// and one more index page per group commit, for rows no lookup ever asks for (lookups are
// `consolidation_id = ?` or `in (...)`, which imply IS NOT NULL, so the partial index serves them).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('parcels_consolidation_idx').execute();
  await db.schema
    .createIndex('parcels_consolidation_idx')
    .on('parcels')
    .column('consolidation_id')
    .where(sql.ref('consolidation_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('parcels_consolidation_idx').execute();
  await db.schema.createIndex('parcels_consolidation_idx').on('parcels').column('consolidation_id').execute();
}
