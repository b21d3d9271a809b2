// Magic parcel numbers (stage; README "Magic values"): fixed numbers that getTrackingData answers for
// any account with a whole journey of one scenario, as EasyPost's test trackers do — for a shop that
// tests its tracking page without storing anything. Nothing is stored for them: the journey is planned
// from a parcel made up on the spot (B2C from Amsterdam to Rotterdam; to Zürich for customs_hold; PSD
// for parcel_shop_delivery), consolidated 21 days before the account's time at 11:00, so every event has
// happened and its times are those of the scenario tables. The numbers lie at the top of depot 0522's
// stage range (serial 99999999xx), which the account numbers never reach.
import { SCENARIOS, type ScenarioName } from '../../contract/parcel-states.ts';
import { addDays, dateInZone, zonedInstant } from '../../rules/calendar.ts';
import type { JourneyParcel } from '../ports/journey-ports.ts';

/** The depot and serial prefix of every magic number. */
const MAGIC_PREFIX = '052299999999';

/** Days before the account's time the made-up parcel was consolidated: long enough for every scenario to end. */
const DAYS_BACK = 21;

/** The magic number of each scenario: its place in this list, from 01 (stable: a new scenario is added at the end). */
const MAGIC_ORDER: readonly ScenarioName[] = Object.freeze([
  'delivered',
  'not_home_then_delivered',
  'not_home_to_parcel_shop',
  'refused_returned',
  'parcel_shop_delivery',
  'lost',
  'customs_hold',
  'damaged',
  'no_pickup_by_consignee',
  'error_pickup',
] as const satisfies readonly ScenarioName[]);

/** Every magic parcel number with the scenario it answers, in number order. */
export const MAGIC_PARCEL_NUMBERS: ReadonlyMap<string, ScenarioName> = new Map(
  [...MAGIC_ORDER, ...SCENARIOS.filter((scenario) => !MAGIC_ORDER.includes(scenario))].map((scenario, i) => [
    `${MAGIC_PREFIX}${String(i + 1).padStart(2, '0')}`,
    scenario,
  ]),
);

/** The scenario a magic number answers; undefined for any other number. */
export function magicScenarioOf(parcelLabelNumber: string): ScenarioName | undefined {
  return MAGIC_PARCEL_NUMBERS.get(parcelLabelNumber);
}

const AMSTERDAM = { zipCode: '1015CJ', city: 'Amsterdam', country: 'NL' } as const;
const ROTTERDAM = { zipCode: '3011AD', city: 'Rotterdam', country: 'NL' } as const;
const ZURICH = { zipCode: '8001', city: 'Zürich', country: 'CH' } as const;

/** The made-up parcel a magic number's journey is planned from, at the account's time `now`. */
export function magicParcel(parcelLabelNumber: string, scenario: ScenarioName, now: Date, timeZone: string): JourneyParcel {
  const shipDate = addDays(dateInZone(now, timeZone), -DAYS_BACK);
  const consolidatedAt = zonedInstant(shipDate, '11:00:00', timeZone);
  const psd = scenario === 'parcel_shop_delivery';
  return {
    parcelLabelNumber,
    orderType: 'consignment',
    mpsId: `MPS${parcelLabelNumber}${shipDate}`,
    state: 'consolidated',
    product: psd ? 'PSD' : 'B2C',
    sendingDepot: '0522',
    returns: false,
    scenario,
    shipDate,
    createdAt: consolidatedAt,
    transferredAt: consolidatedAt,
    consolidatedAt,
    expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    order: {
      sender: AMSTERDAM,
      recipient: scenario === 'customs_hold' ? ZURICH : ROTTERDAM,
      recipientType: 'P',
      saturdayDelivery: false,
    },
    recorded: [],
    forcedCount: 0,
  };
}
