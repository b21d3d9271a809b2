// The ParcelReader port (ConsoleService): an account's parcels a page at a time, newest first, and one
// parcel with its order's documents. Only consignments' parcels: a collection request's numbers are the
// driver's, and a pickup order has none.
import { sql, type Kysely } from 'kysely';
import type { OrderParcel, ParcelQuery, ParcelReader, ParcelRecord } from '../domain/ports/console-ports.ts';
import { fromFlag } from './column-values.ts';
import { fromWeightColumn } from './weight-column.ts';
import { STORED_PARCEL_COLUMNS, toStoredParcel, type ParcelRow } from './stored-parcel-rows.ts';
import type { Database } from './schema.ts';

const COLUMNS = [
  ...STORED_PARCEL_COLUMNS,
  'parcels.id',
  'parcels.position',
  'parcels.returns',
  'parcels.weight',
  'parcels.service_code',
  'orders.product',
  'orders.mps_id',
  'orders.data',
  'orders.print_options',
] as const;

type Row = ParcelRow<typeof COLUMNS>;

/** The parcels of `db` as ConsoleService reads them. */
export function createParcelReader(db: Kysely<Database>): ParcelReader {
  const consignmentParcels = (accountId: number) =>
    db
      .selectFrom('parcels')
      .innerJoin('orders', 'orders.id', 'parcels.order_id')
      .select(COLUMNS)
      .where('parcels.account_id', '=', accountId)
      // A literal, as the partial indexes' conditions are written (purge-expired.ts).
      .where(sql.ref('orders.order_type'), '=', sql.lit('consignment'));

  return {
    async listParcels(accountId: number, query: ParcelQuery) {
      let select = consignmentParcels(accountId);
      if (query.state !== undefined) {
        const { state, journeyStates } = query;
        const { plus = [], minus = [] } = journeyStates ?? {};
        select = select.where((eb) =>
          eb.or([
            minus.length === 0
              ? eb('parcels.state', '=', state)
              : eb.and([eb('parcels.state', '=', state), eb('parcels.parcel_label_number', 'not in', minus)]),
            ...(plus.length === 0 ? [] : [eb('parcels.parcel_label_number', 'in', plus)]),
          ]),
        );
      }
      if (query.shipDateFrom !== undefined) select = select.where('parcels.ship_date', '>=', query.shipDateFrom);
      if (query.shipDateTo !== undefined) select = select.where('parcels.ship_date', '<=', query.shipDateTo);
      if (query.parcelLabelNumber !== undefined) select = select.where('parcels.parcel_label_number', '=', query.parcelLabelNumber);
      if (query.reference !== undefined) {
        const reference = query.reference;
        select = select.where('parcels.parcel_label_number', 'in', (eb) =>
          eb
            .selectFrom('parcel_references')
            .select('parcel_references.parcel_label_number')
            .where('parcel_references.account_id', '=', accountId)
            .where('parcel_references.reference', '=', reference),
        );
      }
      if (query.after !== undefined) {
        const after = query.after;
        // A number that is not the account's selects no id, and so no page.
        select = select.where('parcels.id', '<', (eb) =>
          eb
            .selectFrom('parcels as last')
            .select('last.id')
            .where('last.account_id', '=', accountId)
            .where('last.parcel_label_number', '=', after),
        );
      }
      const rows = await select
        .orderBy('parcels.id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const documents = new Map<number, unknown>();
      return { parcels: rows.slice(0, query.limit).map((row) => toParcelRecord(row, documents)), more: rows.length > query.limit };
    },

    async readParcel(accountId: number, parcelLabelNumber: string) {
      const row = await consignmentParcels(accountId).where('parcels.parcel_label_number', '=', parcelLabelNumber).executeTakeFirst();
      if (row === undefined) return undefined;
      const siblings = await db
        .selectFrom('parcels')
        .select(['parcel_label_number', 'position', 'returns', 'weight', 'service_code'])
        .where('order_id', '=', row.order_id)
        .orderBy('position')
        .execute();
      const orderParcels: OrderParcel[] = siblings.map((sibling) => ({
        parcelLabelNumber: sibling.parcel_label_number,
        position: sibling.position,
        returns: fromFlag(sibling.returns),
        weight: fromWeightColumn(sibling.weight),
        serviceCode: sibling.service_code,
      }));
      return { parcel: toParcelRecord(row, new Map()), orderParcels };
    },
  };
}

/** A row as a record; `documents` parses each order's JSON once per page (an order may have many parcels). */
function toParcelRecord(row: Row, documents: Map<number, unknown>): ParcelRecord {
  let order = documents.get(row.order_id);
  if (order === undefined && row.data !== null) {
    order = JSON.parse(row.data);
    documents.set(row.order_id, order);
  }
  return {
    ...toStoredParcel(row),
    product: row.product,
    ...(row.mps_id === null ? {} : { mpsId: row.mps_id }),
    position: row.position,
    returns: fromFlag(row.returns),
    weight: fromWeightColumn(row.weight),
    serviceCode: row.service_code,
    ...(order === undefined ? {} : { order }),
    ...(row.print_options === null ? {} : { printOptions: JSON.parse(row.print_options) as unknown }),
  };
}
