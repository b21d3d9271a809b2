// `parcel-service parcels advance`: stands in for the carrier's network, moving parcels along their
// journeys to a status word (or one of the older states collected … delivered), each event on the way
// recorded, so that tracking shows it. A parcel whose day is not closed is consolidated on the way.
import { Command, InvalidArgumentError } from 'commander';
import { formatMessage } from '../contract/error-catalogue.ts';
import { ADVANCE_TARGETS } from '../contract/parcel-states.ts';
import { accountTime } from '../domain/core/account-clock.ts';
import { PARCEL_LABEL_NUMBER } from '../domain/core/parcel-number.ts';
import { advanceParcel } from '../domain/parcel-life-cycle/advance-parcels.ts';
import { advanceRefusal } from '../domain/sandbox/advance-parcel.ts';
import { notifyParcels } from '../domain/notifications/notify-parcels.ts';
import { systemClock } from '../domain/core/system-clock.ts';
import { notifyDependenciesOf } from '../server/notification-wiring.ts';
import { openConfiguredStore } from './open-configured-store.ts';

function target(value: string): string {
  if (!ADVANCE_TARGETS.includes(value)) throw new InvalidArgumentError(`give one of ${ADVANCE_TARGETS.join(', ')}`);
  return value;
}

function parcelLabelNumber(value: string, previous: string[] = []): string[] {
  if (!PARCEL_LABEL_NUMBER.test(value)) throw new InvalidArgumentError(`${value} is not a parcel label number (14 digits)`);
  return [...previous, value];
}

export function parcelsCommand(): Command {
  const parcels = new Command('parcels').description('parcels of an account, as the carrier moves them');
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
        const account = await store.accounts.findAccount(options.delisId);
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
            const reason = refusal.fault.params?.reason;
            console.error(`error: ${typeof reason === 'string' ? reason : formatMessage(refusal.fault.code, 'en_US')}`);
            process.exitCode = 1;
            continue;
          }
          const closed = result.consolidationDate === undefined ? '' : `  (day ${result.consolidationDate} closed on the way)`;
          console.log(`${number}  ${result.previousStatus} → ${result.status}  (${result.previousState} → ${result.state})${closed}`);
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
