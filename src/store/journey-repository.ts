// The JourneyRepository port: a parcel with its journey's inputs (its row, its order's places and
// options, its own scenario, its recorded events), the account's parcels on their way, a parcel's
// scenario, and the events advanceParcel forces.
import { sql, type Kysely } from 'kysely';
import type { ScenarioName } from '../contract/parcel-states.ts';
import type { JourneyAddress, JourneyOrder, JourneyParcel, JourneyRepository, RecordedEvent } from '../domain/ports/journey-ports.ts';
import type { ParcelState } from '../domain/ports/shipment-ports.ts';
import { chunks } from './chunks.ts';
import { fromFlag, toDate, toMillis } from './column-values.ts';
import { insertEvents, markJourneysDue } from './parcel-events.ts';
import type { Database, ParcelEventsTable } from './schema.ts';

/** The states of a parcel the carrier has and is still moving: the only ones time moves on. */
const MOVING: readonly ParcelState[] = ['consolidated', 'collected', 'in_transit', 'out_for_delivery'];

interface StoredOrder {
  readonly generalShipmentData?: {
    readonly sender?: Partial<Record<'zipCode' | 'city' | 'country', unknown>>;
    readonly recipient?: Partial<Record<'zipCode' | 'city' | 'country' | 'type', unknown>>;
  };
  readonly productAndServiceData?: {
    readonly saturdayDelivery?: unknown;
    readonly parcelShopDelivery?: { readonly parcelShopId?: unknown };
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function addressOf(address: Partial<Record<'zipCode' | 'city' | 'country', unknown>> | undefined): JourneyAddress {
  return { zipCode: text(address?.zipCode), city: text(address?.city), country: text(address?.country) };
}

/** What a journey reads of an order as stored (JSON); undefined once its data is gone. */
function journeyOrderOf(json: string | null): JourneyOrder | undefined {
  if (json === null) return undefined;
  const order = JSON.parse(json) as StoredOrder;
  const gsd = order.generalShipmentData;
  const psd = order.productAndServiceData;
  const shopId = Number(psd?.parcelShopDelivery?.parcelShopId);
  const type = gsd?.recipient?.type;
  return {
    sender: addressOf(gsd?.sender),
    recipient: addressOf(gsd?.recipient),
    ...(typeof type === 'string' ? { recipientType: type } : {}),
    saturdayDelivery: psd?.saturdayDelivery === true,
    ...(Number.isSafeInteger(shopId) && psd?.parcelShopDelivery !== undefined ? { parcelShopId: shopId } : {}),
  };
}

export function createJourneyRepository(db: Kysely<Database>): JourneyRepository {
  const parcelsWithInputs = (accountId: number) =>
    db
      .selectFrom('parcels')
      .innerJoin('orders', 'orders.id', 'parcels.order_id')
      .leftJoin('parcel_journeys', 'parcel_journeys.parcel_label_number', 'parcels.parcel_label_number')
      .select([
        'parcels.parcel_label_number',
        'parcels.state',
        'parcels.returns',
        'parcels.ship_date',
        'parcels.created_at',
        'parcels.transferred_at',
        'parcels.consolidated_at',
        'parcels.expires_at',
        'parcels.data as parcel_data',
        'parcels.journey_forced',
        'orders.id as order_id',
        'orders.order_type',
        'orders.mps_id',
        'orders.product',
        'orders.sending_depot',
        'orders.data',
        'parcel_journeys.scenario',
      ])
      .where('parcels.account_id', '=', accountId);
  type Row = Awaited<ReturnType<ReturnType<typeof parcelsWithInputs>['execute']>>[number];

  /**
   * `orders`: the orders read so far by this call, by id — an order of many parcels is parsed once for
   * all of them, not once per parcel (its text holds every parcel).
   */
  const journeyParcelOf = (
    row: Row,
    recorded: readonly RecordedEvent[],
    orders = new Map<number, JourneyOrder | undefined>(),
  ): JourneyParcel => {
    // A deleted or expired parcel keeps no data (its order's may still be kept for its siblings).
    if (row.parcel_data !== null && !orders.has(row.order_id)) orders.set(row.order_id, journeyOrderOf(row.data));
    const order = row.parcel_data === null ? undefined : orders.get(row.order_id);
    return {
      parcelLabelNumber: row.parcel_label_number,
      orderType: row.order_type,
      ...(row.mps_id === null ? {} : { mpsId: row.mps_id }),
      state: row.state,
      product: row.product,
      sendingDepot: row.sending_depot,
      returns: fromFlag(row.returns),
      ...(row.scenario === null ? {} : { scenario: row.scenario }),
      shipDate: row.ship_date,
      createdAt: toDate(row.created_at),
      ...(row.transferred_at === null ? {} : { transferredAt: toDate(row.transferred_at) }),
      ...(row.consolidated_at === null ? {} : { consolidatedAt: toDate(row.consolidated_at) }),
      ...(row.expires_at === null ? {} : { expiresAt: toDate(row.expires_at) }),
      ...(order === undefined ? {} : { order }),
      recorded,
      forcedCount: row.journey_forced,
    };
  };

  /** The recorded events of `numbers`, oldest first, by parcel. */
  async function recordedOf(numbers: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const events = new Map<string, RecordedEvent[]>();
    for (const chunk of chunks(numbers)) {
      const rows = await db
        .selectFrom('parcel_events')
        .select(['parcel_label_number', 'state', 'at'])
        .where('parcel_label_number', 'in', chunk)
        .orderBy('parcel_label_number')
        .orderBy('at')
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const list = events.get(row.parcel_label_number) ?? [];
        list.push({ status: row.state, at: toDate(row.at) });
        events.set(row.parcel_label_number, list);
      }
    }
    return events;
  }

  return {
    async journeyParcel(accountId, parcelLabelNumber) {
      const row = await parcelsWithInputs(accountId).where('parcels.parcel_label_number', '=', parcelLabelNumber).executeTakeFirst();
      if (row === undefined) return undefined;
      const recorded = await recordedOf([parcelLabelNumber]);
      return journeyParcelOf(row, recorded.get(parcelLabelNumber) ?? []);
    },

    async journeyParcels(accountId, parcelLabelNumbers) {
      const rows = [];
      for (const chunk of chunks([...new Set(parcelLabelNumbers)]))
        rows.push(...(await parcelsWithInputs(accountId).where('parcels.parcel_label_number', 'in', chunk).execute()));
      const recorded = await recordedOf(rows.map((row) => row.parcel_label_number));
      const orders = new Map<number, JourneyOrder | undefined>();
      return rows.map((row) => journeyParcelOf(row, recorded.get(row.parcel_label_number) ?? [], orders));
    },

    async movingParcels(accountId, now) {
      const rows = await parcelsWithInputs(accountId)
        .where('parcels.state', 'in', MOVING)
        .where((eb) => eb.or([eb('parcels.expires_at', 'is', null), eb('parcels.expires_at', '>', toMillis(now))]))
        // A literal, as the partial indexes' conditions are written (purge-expired.ts).
        .where(sql.ref('orders.order_type'), '=', sql.lit('consignment'))
        .execute();
      const recorded = await recordedOf(rows.map((row) => row.parcel_label_number));
      const orders = new Map<number, JourneyOrder | undefined>();
      return rows.map((row) => journeyParcelOf(row, recorded.get(row.parcel_label_number) ?? [], orders));
    },

    async parcelsFallingDue(accountId, horizon, now, limit) {
      const rows = await db
        .selectFrom('journey_due')
        .leftJoin('parcels', 'parcels.parcel_label_number', 'journey_due.parcel_label_number')
        .leftJoin('orders', 'orders.id', 'parcels.order_id')
        .select(['journey_due.parcel_label_number', 'parcels.state', 'parcels.expires_at', 'orders.order_type'])
        .where('journey_due.account_id', '=', accountId)
        .where('journey_due.due_at', '<=', toMillis(horizon))
        .orderBy('journey_due.due_at')
        .limit(limit)
        .execute();
      const moving = (row: (typeof rows)[number]) =>
        row.state !== null &&
        MOVING.includes(row.state) &&
        (row.expires_at === null || row.expires_at > now.getTime()) &&
        row.order_type === 'consignment';
      // A parcel no longer on its way (delivered by a forced event, deleted, expired) has no journey to look at.
      const ended = rows.filter((row) => !moving(row)).map((row) => row.parcel_label_number);
      for (const chunk of chunks(ended)) await db.deleteFrom('journey_due').where('parcel_label_number', 'in', chunk).execute();
      return { numbers: rows.filter(moving).map((row) => row.parcel_label_number), more: rows.length === limit };
    },

    async setNextDue(accountId, due) {
      if (due.length === 0) return;
      await db.transaction().execute(async (trx) => {
        const ended = due.filter((entry) => entry.next === undefined).map((entry) => entry.parcelLabelNumber);
        for (const chunk of chunks(ended))
          await trx.deleteFrom('journey_due').where('account_id', '=', accountId).where('parcel_label_number', 'in', chunk).execute();
        for (const { parcelLabelNumber, next } of due) {
          if (next === undefined) continue;
          await trx
            .updateTable('journey_due')
            .set({ due_at: toMillis(next) })
            .where('account_id', '=', accountId)
            .where('parcel_label_number', '=', parcelLabelNumber)
            .execute();
        }
      });
    },

    async setParcelScenario(accountId, parcelLabelNumber, scenario: ScenarioName) {
      return db.transaction().execute(async (trx) => {
        const parcel = await trx
          .selectFrom('parcels')
          .select('parcel_label_number')
          .where('account_id', '=', accountId)
          .where('parcel_label_number', '=', parcelLabelNumber)
          .executeTakeFirst();
        if (parcel === undefined) return false;
        await trx.deleteFrom('parcel_journeys').where('parcel_label_number', '=', parcelLabelNumber).execute();
        // `delivered` is every parcel's without a row.
        if (scenario !== 'delivered')
          await trx.insertInto('parcel_journeys').values({ parcel_label_number: parcelLabelNumber, scenario }).execute();
        // Another plan: what it passed and plans next are looked at again.
        await markJourneysDue(db, trx, [parcelLabelNumber]);
        return true;
      });
    },

    async recordJourneyEvents(accountId, parcelLabelNumber, events, change) {
      return db.transaction().execute(async (trx) => {
        // The count checked and raised in one statement: of two calls that read the same count, one moves the parcel.
        const moved = await trx
          .updateTable('parcels')
          .set({ state: change.state, journey_forced: change.forcedCount + 1 })
          .where('account_id', '=', accountId)
          .where('parcel_label_number', '=', parcelLabelNumber)
          .where('journey_forced', '=', change.forcedCount)
          .returning('id')
          .executeTakeFirst();
        if (moved === undefined) return false;
        await insertEvents(
          db,
          trx,
          events.map((event) => ({
            parcel_label_number: parcelLabelNumber,
            state: event.status as ParcelEventsTable['state'],
            at: toMillis(event.at),
          })),
        );
        return true;
      });
    },
  };
}
