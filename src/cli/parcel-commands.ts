// `parcel-service parcels list|show`: an account's parcels as the console lists and shows them
// (ConsoleService findParcels, getParcelData). `parcel-service parcels advance`: stands in for the carrier's network, moving parcels along their
// journeys to a status word (or one of the older states collected … delivered), each event on the way
// recorded, so that tracking shows it. A parcel whose day is not closed is consolidated on the way.
import { Command, InvalidArgumentError, Option } from 'commander';
import { formatMessage } from '../contract/error-catalogue.ts';
import { ADVANCE_TARGETS } from '../contract/parcel-states.ts';
import { accountTime } from '../domain/core/account-clock.ts';
import { PARCEL_LABEL_NUMBER } from '../domain/core/parcel-number.ts';
import { advanceParcel } from '../domain/parcel-life-cycle/advance-parcels.ts';
import { advanceRefusal } from '../domain/sandbox/advance-parcel.ts';
import { moveClockOnTo } from '../domain/sandbox/sandbox-time.ts';
import { notifyParcels } from '../domain/notifications/notify-parcels.ts';
import { systemClock } from '../domain/core/system-clock.ts';
import { notifyDependenciesOf } from '../server/jobs/notification-wiring.ts';
import { openConfiguredStore } from './open-configured-store.ts';
import { FindParcels, GetParcelData } from '../contract/console-service.ts';
import { findParcels, type ParcelSummary } from '../domain/console/find-parcels.ts';
import { getParcelData, type ParcelDetails } from '../domain/console/get-parcel-data.ts';
import { callAsAccount, checked, valueOf, type AccountCall } from './account-call.ts';

/** What the console's reads need from the store, with the service's calendar. */
const readDependencies = ({ config, store }: AccountCall) => ({
  ...store,
  settings: { timeZone: config.timeZone, holidays: config.holidays },
});

/** One row of `parcels list`: number, state, ship date, product, recipient, references. */
function parcelRow(parcel: ParcelSummary): string {
  const recipient = [parcel.recipientName, parcel.recipientCity, parcel.recipientCountry].filter((part) => part !== undefined).join(', ');
  return [
    parcel.parcelLabelNumber,
    parcel.state.padEnd(16),
    String(parcel.shipDate),
    parcel.product.padEnd(5),
    (recipient === '' ? '-' : recipient).padEnd(32),
    (parcel.reference ?? []).join(' / '),
  ]
    .join('  ')
    .trimEnd();
}

/** `parcels show`: the parcel's facts, the states it entered and its tracking events, a line each. */
function parcelLines(parcel: ParcelDetails): string[] {
  const recipient = parcel.order?.generalShipmentData.recipient;
  const facts: [string, string | number | boolean | undefined][] = [
    ['parcelLabelNumber', parcel.parcelLabelNumber],
    ['state', parcel.state],
    ['shipDate', parcel.shipDate],
    ['createdAt', parcel.createdAt.toISOString()],
    ['mpsId', parcel.mpsId],
    ['parcel', `${parcel.sequence} of ${parcel.parcelCount}`],
    ['product', parcel.order?.generalShipmentData.product],
    ['serviceCode', parcel.serviceCode],
    ['weight', parcel.weight === undefined ? 'none given' : `${parcel.weight} dag`],
    ['returns', parcel.returns],
    [
      'recipient',
      recipient === undefined
        ? undefined
        : [recipient.name1, recipient.street, recipient.zipCode, recipient.city, recipient.country].join(', '),
    ],
    ['expiresAt', parcel.expiresAt?.toISOString()],
  ];
  return [
    ...facts.filter(([, value]) => value !== undefined).map(([name, value]) => `${name.padEnd(18)} ${String(value)}`),
    'states:',
    ...parcel.event.map((event) => `  ${event.at.toISOString()}  ${event.state}`),
    parcel.trackingEvent.length === 0 ? 'tracking: no events yet' : 'tracking:',
    ...parcel.trackingEvent.map(
      (event) => `  ${event.at.toISOString()}  ${event.status.padEnd(16)} ${event.location}  ${event.description}`,
    ),
  ];
}

function limit(value: string): number {
  if (!/^[0-9]{1,3}$/.test(value)) throw new InvalidArgumentError('give a whole number of parcels');
  return Number(value);
}

function target(value: string): string {
  if (!ADVANCE_TARGETS.includes(value)) throw new InvalidArgumentError(`give one of ${ADVANCE_TARGETS.join(', ')}`);
  return value;
}

function parcelLabelNumber(value: string, previous: string[] = []): string[] {
  if (!PARCEL_LABEL_NUMBER.test(value)) throw new InvalidArgumentError(`${value} is not a parcel label number (14 digits)`);
  return [...previous, value];
}

export function parcelsCommand(): Command {
  const parcels = new Command('parcels').description("an account's parcels: list them, show one, move them on as the carrier would");
  parcels
    .command('list')
    .description("the account's parcels, newest first, as the console lists them (state as its journey stands)")
    .requiredOption('--delis-id <delisId>', 'the account')
    .addOption(new Option('--limit <count>', 'at most this many (1 to 100)').argParser(limit).default(20))
    .option('--reference <reference>', 'only the parcels with this reference printed on the label (or this parcel label number)')
    .action((options: { delisId: string; limit: number; reference?: string }) =>
      callAsAccount(options.delisId, async (call) => {
        const request = checked(FindParcels, { limit: options.limit, search: options.reference });
        const found = valueOf(await findParcels(readDependencies(call), call.session, request));
        if (found.parcel.length === 0)
          console.error(`no parcels of ${options.delisId}${options.reference === undefined ? '' : ` with ${options.reference}`}`);
        for (const parcel of found.parcel) console.log(parcelRow(parcel));
        if (found.more) console.error(`more than ${options.limit}: give a larger --limit (at most 100) or a --reference`);
      }),
    );
  parcels
    .command('show <parcelLabelNumber>')
    .description('one parcel of the account, as the console shows it: its facts, the states it entered, its tracking events')
    .requiredOption('--delis-id <delisId>', 'the account')
    .action((number: string, options: { delisId: string }) =>
      callAsAccount(options.delisId, async (call) => {
        const request = checked(GetParcelData, { parcelLabelNumber: number });
        const { parcel } = valueOf(await getParcelData(readDependencies(call), call.session, request));
        for (const line of parcelLines(parcel)) console.log(line);
      }),
    );
  parcels
    .command('advance <parcelLabelNumber...>')
    .description(
      "move parcels on along their journeys, recording each event on the way, as the carrier's network would (a day not yet closed is closed on the way); tracking then shows them",
    )
    .requiredOption('--delis-id <delisId>', 'the account the parcels belong to')
    .requiredOption(
      '--to <status>',
      `a status word of the parcel's journey (PickedUp, BetweenDepots, Depot, Courier, DeliveryFailure, Delivered, …) or a state: collected, in_transit, out_for_delivery, delivered`,
      target,
    )
    .action(async (numbers: string[], options: { delisId: string; to: string }) => {
      const checked = numbers.reduce<string[]>((all, number) => parcelLabelNumber(number, all), []);
      const { config, store } = await openConfiguredStore();
      try {
        let account = await store.accounts.findAccount(options.delisId);
        if (account === undefined) {
          console.error(`error: no account ${options.delisId}`);
          process.exitCode = 1;
          return;
        }
        const deps = { ...store, settings: { timeZone: config.timeZone, holidays: config.holidays } };
        const moved: string[] = [];
        for (const number of new Set(checked)) {
          // Recorded at the account's own time (SandboxService setClock), as its calls are.
          const result = await advanceParcel(deps, account, number, options.to, accountTime(account.clock, new Date()));
          if ('refused' in result) {
            const refusal = advanceRefusal({ language: 'en_US' }, number, options.to, result);
            console.error(`error: ${formatMessage(refusal.fault.code, 'en_US', refusal.fault.params)}`);
            process.exitCode = 1;
            continue;
          }
          // Each event at its planned time: the account's clock moves on to the last one, as SandboxService advanceParcel's does.
          const clock = await moveClockOnTo({ ...store, clock: systemClock }, account.delisId, result.lastEventAt);
          if (clock?.moved === true) account = (await store.accounts.findAccount(options.delisId)) ?? account;
          const closed = result.consolidationDate === undefined ? '' : `  (day ${result.consolidationDate} closed on the way)`;
          const onTo = clock?.moved === true ? `  (the account's clock moved on to ${clock.now.toISOString()})` : '';
          console.log(
            `${number}  ${result.previousStatus} → ${result.status}  (${result.previousState} → ${result.state})${closed}${onTo}`,
          );
          moved.push(number);
        }
        // The receivers' messages of these events, as the carrier's network would send them: the
        // serving process sends them (live) at its next round; it would also find the events itself.
        const made = await notifyParcels(
          notifyDependenciesOf(store, config, systemClock),
          moved.map((parcelLabelNumber) => ({ account, parcelLabelNumber })),
        );
        if (made > 0)
          console.log(`${made} receiver notification${made === 1 ? '' : 's'} in the outbox (parcel-service notifications list)`);
      } finally {
        await store.close();
      }
    });
  return parcels;
}
