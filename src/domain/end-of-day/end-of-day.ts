// EndOfDayService endOfDay: the manifest of a period — the account's consignment parcels whose data was
// transferred to the carrier within it (with late export: at exportOrders), deleted and expired ones
// left out — as one PDF. The period is wall-clock time in the service's time zone; a period without
// parcels answers a manifest that says so (docs/decisions.md, "End of day").
import type { EndOfDayData, PeriodData } from '../../contract/end-of-day-service.ts';
import type { AddressData, OrderData, ParcelData } from '../../contract/shipment-service/shipment-requests.ts';
import { formatPeriodPoint } from '../../labels/design-manifest.ts';
import type { ManifestJob, ManifestParcel } from '../../labels/manifest-input.ts';
import { addDays, readDate, zonedFields, zonedInstant } from '../../rules/calendar.ts';
import { refuse } from '../core/invalid-request.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { Dependencies, DomainSettings } from '../dependencies.ts';
import type { TransferredParcel } from '../ports/end-of-day-ports.ts';
import { labelReferencesOf } from '../shipment/label-job.ts';

/** The longest period one manifest covers, in days (a week: a day end after a long weekend fits). */
export const MAX_PERIOD_DAYS = 7;
/** The most parcels one manifest lists (about 420 A4 pages). */
export const MAX_MANIFEST_PARCELS = 10_000;

/** What endOfDay reads (the CLI's `manifest` hands in these alone). */
export type EndOfDayDependencies = Pick<Dependencies, 'manifests' | 'labels'> & {
  readonly settings: Pick<DomainSettings, 'timeZone' | 'environment'>;
};

/** A period read: its instants, and the request's values. */
export interface ReadPeriod {
  readonly from: Date;
  readonly to: Date;
  readonly period: PeriodData;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** Whether hhmm is a clock time: minutes under 60, hours to 24, `2400` only as itself. */
const isClockTime = (time: number) => Number.isInteger(time) && time >= 0 && time <= 2400 && time % 100 < 60;

/** The instant at `time` (hhmm, 2400: the next day's midnight) on `date` in `timeZone`. */
function instantOf(date: number, time: number, timeZone: string): Date {
  const [day, clock] = time === 2400 ? [addDays(date, 1), 0] : [date, time];
  return zonedInstant(day, `${pad(Math.floor(clock / 100), 2)}:${pad(clock % 100, 2)}:00`, timeZone);
}

/** The request's period as instants, or the refusal of its first problem. */
export function readPeriod(session: Pick<Session, 'language'>, period: PeriodData, timeZone: string): Outcome<ReadPeriod> {
  for (const key of ['dateFrom', 'dateTo'] as const) {
    if (readDate(period[key]) === undefined) return refuse(session, 'error_invalid_date', { path: `period.${key}`, value: period[key] });
  }
  for (const key of ['timeFrom', 'timeTo'] as const) {
    if (!isClockTime(period[key])) return refuse(session, 'error_invalid_time', { path: `period.${key}`, value: period[key] });
  }
  const from = instantOf(period.dateFrom, period.timeFrom, timeZone);
  const to = instantOf(period.dateTo, period.timeTo, timeZone);
  const fromText = formatPeriodPoint(period.dateFrom, period.timeFrom);
  const toText = formatPeriodPoint(period.dateTo, period.timeTo);
  if (to.getTime() <= from.getTime()) return refuse(session, 'error_period_reversed', { path: 'period', from: fromText, to: toText });
  // A week of wall-clock time: a period across a daylight-saving change is as long as the clock says.
  if (to.getTime() > instantOf(addDays(period.dateFrom, MAX_PERIOD_DAYS), period.timeFrom, timeZone).getTime()) {
    return refuse(session, 'error_period_too_long', { path: 'period', from: fromText, to: toText, max: MAX_PERIOD_DAYS });
  }
  return succeed({ from, to, period });
}

/** `YYYY-MM-DD hh:mm` of an instant in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): string {
  const f = zonedFields(instant, timeZone);
  return `${pad(f.year, 4)}-${pad(f.month, 2)}-${pad(f.day, 2)} ${pad(f.hour, 2)}:${pad(f.minute, 2)}`;
}

/** An address's street and town lines as the manifest's shipper block prints them. */
function addressLines(address: AddressData): string[] {
  const street = [address.street, address.houseNo].filter((part) => part !== undefined && part !== '').join(' ');
  return [street, address.street2 ?? '', `${address.country}-${address.zipCode} ${address.city}`].filter((line) => line !== '');
}

/** One stored parcel as its manifest line. */
function manifestParcel(record: TransferredParcel): ManifestParcel {
  const order = record.order as OrderData;
  const gsd = order.generalShipmentData;
  const data: Partial<ParcelData> = order.parcels?.[record.position] ?? {};
  // A return parcel goes to the customer's own address (label-job.ts): that is its receiver.
  const receiver = record.returns ? gsd.sender : gsd.recipient;
  const cod = data.cod;
  return {
    parcelLabelNumber: record.parcelLabelNumber,
    order: record.mpsId ?? `order ${record.orderId}`,
    reference: labelReferencesOf(order, data)[0],
    receiverName: receiver.name1,
    zipCode: receiver.zipCode,
    city: receiver.city,
    country: receiver.country,
    product: record.product,
    serviceCode: record.serviceCode,
    weight: record.weight,
    cod: cod === undefined ? undefined : { amount: cod.amount, currency: cod.currency },
    returns: record.returns,
  };
}

/** The manifest of `parcels` for the session's account. */
export function manifestJobOf(
  deps: Pick<EndOfDayDependencies, 'settings'>,
  session: Session,
  read: ReadPeriod,
  parcels: readonly TransferredParcel[],
): ManifestJob {
  const { timeZone, environment } = deps.settings;
  const first = parcels[0]?.order as OrderData | undefined;
  const sender = first?.generalShipmentData.sender;
  const depots = [...new Set(parcels.map((parcel) => parcel.sendingDepot))];
  return {
    shipper: sender === undefined ? { name: session.account.delisId, address: [] } : { name: sender.name1, address: addressLines(sender) },
    delisId: session.account.delisId,
    depots: depots.length > 0 ? depots : session.account.depots,
    period: { ...read.period, timeZone },
    madeAt: wallClock(session.clock.now(), timeZone),
    parcels: parcels.map(manifestParcel),
    stage: environment === 'stage',
  };
}

/** The period's parcels, or the refusal of a period with more than one manifest holds. */
export async function periodParcels(deps: EndOfDayDependencies, session: Session, read: ReadPeriod): Promise<Outcome<TransferredParcel[]>> {
  const parcels = await deps.manifests.transferredParcels(session.account.id, read.from, read.to, MAX_MANIFEST_PARCELS + 1);
  if (parcels.length > MAX_MANIFEST_PARCELS)
    return refuse(session, 'error_manifest_too_many_parcels', { path: 'period', max: MAX_MANIFEST_PARCELS });
  return succeed(parcels);
}

/** A manifest made: the PDF, and how many parcels and orders it lists. */
export interface Manifest {
  readonly manifestPDF: Uint8Array;
  readonly parcels: number;
  readonly orders: number;
}

/** The manifest of `period` for the session's account (endOfDay, and the CLI's `manifest`). */
export async function makeManifest(deps: EndOfDayDependencies, session: Session, period: PeriodData): Promise<Outcome<Manifest>> {
  const read = readPeriod(session, period, deps.settings.timeZone);
  if (!read.ok) return read;
  const parcels = await periodParcels(deps, session, read.value);
  if (!parcels.ok) return parcels;
  const job = manifestJobOf(deps, session, read.value, parcels.value);
  const manifestPDF = await deps.labels.renderManifest(job);
  return succeed({ manifestPDF, parcels: job.parcels.length, orders: new Set(job.parcels.map((parcel) => parcel.order)).size });
}

/** EndOfDayService endOfDay: the manifest of the request's period (its print options name PDF, the one language). */
export async function endOfDay(
  deps: EndOfDayDependencies,
  session: Session,
  request: EndOfDayData,
): Promise<Outcome<{ manifestPDF: Uint8Array }>> {
  const made = await makeManifest(deps, session, request.period);
  return made.ok ? succeed({ manifestPDF: made.value.manifestPDF }) : made;
}
