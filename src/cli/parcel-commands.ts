// `parcel-service parcels advance`: stands in for the carrier's network, moving consolidated parcels
// to collected, in_transit, out_for_delivery or delivered, so that tracking can show every state.
import { Command, InvalidArgumentError } from 'commander';
import { accountTime } from '../domain/core/account-clock.ts';
import { ADVANCE_TARGETS, advanceParcels, type CarrierState } from '../domain/parcel-life-cycle/advance-parcels.ts';
import { PARCEL_LABEL_NUMBER } from '../domain/core/parcel-number.ts';
import { notifyParcels } from '../domain/notifications/notify-parcels.ts';
import { systemClock } from '../domain/core/system-clock.ts';
import { notifyDependenciesOf } from '../server/notification-wiring.ts';
import { openConfiguredStore } from './open-configured-store.ts';

function target(value: string): CarrierState {
  if (!(ADVANCE_TARGETS as readonly string[]).includes(value)) throw new InvalidArgumentError(`give one of ${ADVANCE_TARGETS.join(', ')}`);
  return value as CarrierState;
}

function parcelLabelNumber(value: string, previous: string[] = []): string[] {
  if (!PARCEL_LABEL_NUMBER.test(value)) throw new InvalidArgumentError(`${value} is not a parcel label number (14 digits)`);
  return [...previous, value];
}

const REFUSALS = {
  unknown: () => 'is not a parcel of this account',
  deleted: () => 'was deleted: its shipment data is gone and it goes no further',
  expired: () => 'has expired: its shipment data ran out 28 days after the transfer and is no longer matched',
  not_consolidated: (state?: string) =>
    `is ${state}: only a consolidated parcel goes on (close its day with startOrdersConsolidation first)`,
  already_there: (state?: string) => `is ${state} already`,
} as const;

export function parcelsCommand(): Command {
  const parcels = new Command('parcels').description('parcels of an account, as the carrier moves them');
  parcels
    .command('advance <parcelLabelNumber...>')
    .description(
      `move consolidated parcels on, recording each state on the way (${ADVANCE_TARGETS.join(' → ')}), as the carrier's network would; tracking then shows them`,
    )
    .requiredOption('--delis-id <delisId>', 'the account the parcels belong to')
    .requiredOption('--to <state>', `the state to reach: ${ADVANCE_TARGETS.join(', ')}`, target)
    .action(async (numbers: string[], options: { delisId: string; to: CarrierState }) => {
      const checked = numbers.reduce<string[]>((all, number) => parcelLabelNumber(number, all), []);
      const { config, store } = await openConfiguredStore();
      try {
        const account = await store.accounts.findAccount(options.delisId);
        if (account === undefined) {
          console.error(`error: no account ${options.delisId}`);
          process.exitCode = 1;
          return;
        }
        // Recorded at the account's own time (SandboxService setClock), as its calls are.
        const at = accountTime(account.clock, new Date());
        const moved: string[] = [];
        for (const result of await advanceParcels(store.shipments, account.id, checked, options.to, at)) {
          if ('to' in result) {
            console.log(`${result.parcelLabelNumber}  ${result.from} → ${result.to}`);
            moved.push(result.parcelLabelNumber);
          } else {
            console.error(`error: ${result.parcelLabelNumber} ${REFUSALS[result.refused](result.state)}`);
            process.exitCode = 1;
          }
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
