// What the notification producer reads from the store (the NotificationSources port): a parcel with its
// order's data, a shop of the directory, the tracking events recorded after its cursor, and the cursor.
import type { Kysely } from 'kysely';
import type { OrderData } from '../contract/shipment-service/shipment-requests.ts';
import type { ParcelShopEntryData } from '../contract/parcel-shop-finder-service.ts';
import type { NotificationSources, NotifiedParcel } from '../domain/ports/notification-ports.ts';
import { chunks } from './chunks.ts';
import type { JourneyAccount } from '../domain/notifications/notify-parcels.ts';
import { accountClockOf, journeyClockOf } from './account-clock-columns.ts';
import { fromFlag } from './column-values.ts';
import type { Database, Flag } from './schema.ts';
import { pushTargetOf } from './push-queue-repository.ts';

const ACCOUNT_CLOCK_COLUMNS = [
  'id',
  'clock_offset_ms',
  'clock_fixed_at',
  'journeys_running',
  'journeys_stopped_at',
  'push_url',
  'push_mode',
  'push_since',
] as const;

function journeyAccountOf(row: {
  id: number;
  clock_offset_ms: number;
  clock_fixed_at: number | null;
  journeys_running: Flag;
  journeys_stopped_at: number | null;
  push_url: string | null;
  push_mode: string | null;
  push_since: number | null;
}): JourneyAccount {
  const clock = accountClockOf(row);
  const journeyClock = journeyClockOf(row);
  const push = pushTargetOf(row);
  return {
    id: row.id,
    ...(clock === undefined ? {} : { clock }),
    ...(journeyClock === undefined ? {} : { journeyClock }),
    ...(push === undefined ? {} : { push }),
  };
}

/** The cursor's row: the producer's place in parcel_events. */
const CURSOR = 'events';

export function createNotificationSources(db: Kysely<Database>): NotificationSources {
  return {
    async notifiedParcels(accountId, parcelLabelNumbers) {
      const parcels = new Map<string, NotifiedParcel>();
      for (const chunk of chunks([...new Set(parcelLabelNumbers)])) {
        const rows = await db
          .selectFrom('parcels')
          .innerJoin('orders', 'orders.id', 'parcels.order_id')
          .select([
            'parcels.parcel_label_number',
            'parcels.returns',
            'parcels.service_code',
            'parcels.weight',
            'parcels.data as parcel_data',
            'orders.id as order_id',
            'orders.mps_id',
            'orders.order_type',
            'orders.sending_depot',
            'orders.data',
          ])
          .where('parcels.account_id', '=', accountId)
          .where('parcels.parcel_label_number', 'in', chunk)
          // Deleted and expired parcels keep no data, and so no recipient to tell.
          .where('parcels.data', 'is not', null)
          .execute();
        // Parcels of one order share its data: read once.
        const orders = new Map<number, OrderData>();
        for (const row of rows) {
          if (row.data === null || row.order_type !== 'consignment') continue;
          let order = orders.get(row.order_id);
          if (order === undefined) orders.set(row.order_id, (order = JSON.parse(row.data) as OrderData));
          // What its pushes say of it (README "Tracking push").
          const ref =
            row.parcel_data === null
              ? undefined
              : (JSON.parse(row.parcel_data) as { customerReferenceNumber1?: string }).customerReferenceNumber1;
          parcels.set(row.parcel_label_number, {
            parcelLabelNumber: row.parcel_label_number,
            ...(row.mps_id === null ? {} : { mpsId: row.mps_id }),
            returns: fromFlag(row.returns),
            order,
            serviceCode: row.service_code,
            weight: row.weight,
            sendingDepot: row.sending_depot,
            ...(ref === undefined ? {} : { ref }),
          });
        }
      }
      return parcels;
    },

    async parcelShop(parcelShopId) {
      const row = await db.selectFrom('parcel_shops').select('data').where('parcel_shop_id', '=', parcelShopId).executeTakeFirst();
      if (row === undefined) return undefined;
      const shop = JSON.parse(row.data) as ParcelShopEntryData;
      return {
        company: shop.company,
        street: shop.street,
        ...(shop.houseNo === undefined ? {} : { houseNo: shop.houseNo }),
        zipCode: shop.zipCode,
        city: shop.city,
        country: shop.country,
        openingHours: shop.openingHours ?? [],
      };
    },

    async parcelsWithEventsAfter(after, limit) {
      const rows = await db
        .selectFrom('parcel_events')
        .innerJoin('parcels', 'parcels.parcel_label_number', 'parcel_events.parcel_label_number')
        .select(['parcel_events.id', 'parcels.account_id', 'parcels.parcel_label_number'])
        .where('parcel_events.id', '>', after)
        .orderBy('parcel_events.id')
        .limit(limit)
        .execute();
      const parcels = new Map<string, { accountId: number; parcelLabelNumber: string }>();
      for (const row of rows)
        parcels.set(row.parcel_label_number, { accountId: row.account_id, parcelLabelNumber: row.parcel_label_number });
      return { lastEventId: rows.length === 0 ? after : rows[rows.length - 1].id, parcels: [...parcels.values()] };
    },

    async journeyAccounts(accountIds) {
      const rows =
        accountIds.length === 0
          ? []
          : await db
              .selectFrom('accounts')
              .select(ACCOUNT_CLOCK_COLUMNS)
              .where('id', 'in', [...accountIds])
              .execute();
      return new Map(rows.map((row) => [row.id, journeyAccountOf(row)]));
    },

    async runningJourneyAccounts() {
      const rows = await db.selectFrom('accounts').select(ACCOUNT_CLOCK_COLUMNS).where('journeys_running', '=', 1).execute();
      return rows.map(journeyAccountOf);
    },

    async readCursor() {
      const row = await db.selectFrom('notification_cursor').select('last_event_id').where('name', '=', CURSOR).executeTakeFirst();
      return row?.last_event_id ?? 0;
    },

    async writeCursor(lastEventId) {
      await db
        .insertInto('notification_cursor')
        .values({ name: CURSOR, last_event_id: lastEventId })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ last_event_id: lastEventId }))
        .execute();
    },
  };
}
