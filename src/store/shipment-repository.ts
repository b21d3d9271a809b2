// Orders, parcels and their life cycle, consolidations, parcel serials: the ShipmentRepository port.
import type { Kysely } from 'kysely';
import type { ShipmentRepository } from '../domain/ports/shipment-ports.ts';
import { consolidate, listConsolidations } from './consolidations.ts';
import { findParcels } from './stored-parcel-rows.ts';
import { readParcelEvents } from './parcel-events.ts';
import { readParcelRecipient } from './parcel-recipient.ts';
import { purgeExpired } from './purge-expired.ts';
import type { GroupCommitter } from './committer.ts';
import { createOrderWriter } from './save-orders.ts';
import type { Database } from './schema.ts';
import type { SerialSource } from './serial-source.ts';
import { transitionParcels } from './transition-parcels.ts';

/** Shipments kept in `db`, parcel serials from `serials`, new orders written through `writes`. */
export function createShipmentRepository(db: Kysely<Database>, serials: SerialSource, writes: GroupCommitter): ShipmentRepository {
  const insertOrders = createOrderWriter(db);
  return {
    reserveSerials: (count) => serials.reserve(count),
    saveOrders: (accountId, orders, at) => writes.run((trx) => insertOrders(trx, accountId, orders, at)),
    findParcels: (accountId, numbers) => findParcels(db, accountId, numbers),
    transitionParcels: (accountId, numbers, change) => transitionParcels(db, accountId, numbers, change),
    consolidate: (accountId, consolidationDate, at) => consolidate(db, accountId, consolidationDate, at),
    listConsolidations: (accountId) => listConsolidations(db, accountId),
    purgeExpired: (now, scope) => purgeExpired(db, now, scope),
    parcelEvents: (accountId, parcelLabelNumber) => readParcelEvents(db, accountId, parcelLabelNumber),
    parcelRecipient: (accountId, parcelLabelNumber) => readParcelRecipient(db, accountId, parcelLabelNumber),
  };
}
