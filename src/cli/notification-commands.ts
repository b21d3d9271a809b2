// `parcel-service notifications list|resend|purge`: the operator's view of the outbox — what was sent
// to receivers, what waits and why — and its two repairs: queue messages again (after a relay was
// configured or mended) and remove messages.
import { Command, InvalidArgumentError, Option } from 'commander';
import { PARCEL_LABEL_NUMBER } from '../domain/core/parcel-number.ts';
import { NOTIFICATION_STATUSES, type NotificationFilter, type NotificationStatus } from '../domain/ports/notification-ports.ts';
import { openConfiguredStore } from './open-configured-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHANNELS: Readonly<Record<number, string>> = { 1: 'e-mail', 2: 'telephone', 3: 'SMS' };

interface FilterOptions {
  readonly delisId?: string;
  readonly parcel?: string;
  readonly status?: NotificationStatus;
  readonly id?: number;
  readonly olderThan?: number;
}

const parcelNumber = (value: string) => {
  if (!PARCEL_LABEL_NUMBER.test(value)) throw new InvalidArgumentError(`${value} is not a parcel label number (14 digits)`);
  return value;
};
const wholeNumber = (what: string) => (value: string) => {
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`give ${what}, a whole number from 1`);
  return Number(value);
};

function withFilters(command: Command): Command {
  return command
    .option('--delis-id <delisId>', "only this account's messages")
    .option('--parcel <parcelLabelNumber>', "only this parcel's messages", parcelNumber)
    .addOption(new Option('--status <status>', 'only messages in this state').choices(NOTIFICATION_STATUSES))
    .option('--id <id>', 'only this message', wholeNumber('a message id'))
    .option('--older-than <days>', 'only messages made more than this many days ago', wholeNumber('a number of days'));
}

/** Runs `work` with the store and the filter the options describe; an unknown account is an error. */
async function withFilter(
  options: FilterOptions,
  work: (store: Awaited<ReturnType<typeof openConfiguredStore>>, filter: NotificationFilter) => Promise<void>,
) {
  const opened = await openConfiguredStore();
  try {
    const account = options.delisId === undefined ? undefined : await opened.store.accounts.findAccount(options.delisId);
    if (options.delisId !== undefined && account === undefined) {
      console.error(`error: no account ${options.delisId}`);
      process.exitCode = 1;
      return;
    }
    await work(opened, {
      ...(account === undefined ? {} : { accountId: account.id }),
      ...(options.parcel === undefined ? {} : { parcelLabelNumber: options.parcel }),
      ...(options.status === undefined ? {} : { status: options.status }),
      ...(options.id === undefined ? {} : { id: options.id }),
      ...(options.olderThan === undefined ? {} : { createdBefore: new Date(Date.now() - options.olderThan * DAY_MS) }),
    });
  } finally {
    await opened.store.close();
  }
}

export function notificationsCommand(): Command {
  const notifications = new Command('notifications').description(
    'the receiver notifications the parcels produced (the outbox): captured on stage, sent from a queue on live',
  );
  withFilters(
    notifications
      .command('list')
      .description('list messages, newest first, with the queue (how many wait, and for how long)')
      .option('--limit <count>', 'how many at most (default 50)', wholeNumber('a count'), 50),
  ).action(async (options: FilterOptions & { limit: number }) =>
    withFilter(options, async ({ store, config }, filter) => {
      const accounts = new Map((await store.accounts.listAccounts()).map((a) => [a.id, a.delisId]));
      const found = await store.outbox.findForOperator(filter, options.limit);
      if (found.length === 0) console.error('no notifications');
      for (const n of found) {
        const sent = n.sentAt === undefined ? '' : ` sent ${n.sentAt.toISOString()}`;
        const reason = n.statusReason === undefined ? '' : ` (${n.statusReason})`;
        console.log(
          `${String(n.id).padStart(6)}  ${n.createdAt.toISOString()}  ${accounts.get(n.accountId) ?? n.accountId}  ${n.parcelLabelNumber}  ${n.source} ${n.eventStatus}  ${CHANNELS[n.channel] ?? n.channel} ${n.recipient}  ${n.status} ×${n.attempts}${sent}${reason}`,
        );
      }
      const stats = await store.outbox.stats();
      const age = stats.oldestWaitingAt === undefined ? '' : `, the oldest made ${stats.oldestWaitingAt.toISOString()}`;
      console.error(`queue (${config.environment}): ${stats.queued} queued, ${stats.sending} being sent${age}`);
    }),
  );
  withFilters(
    notifications
      .command('resend')
      .description(
        'queue messages again (live): attempts from 0, due now; e.g. --status unsent after configuring SMTP_URL, --status failed after mending the relay',
      ),
  ).action(async (options: FilterOptions) =>
    withFilter(options, async ({ store, config }, filter) => {
      if (config.environment !== 'live') {
        console.error(`error: ${config.environment} never sends: its messages are captured only (PARCEL_ENV=live sends)`);
        process.exitCode = 1;
        return;
      }
      if (Object.keys(filter).length === 0) {
        console.error('error: say which messages: --status, --delis-id, --parcel, --id or --older-than');
        process.exitCode = 1;
        return;
      }
      const count = await store.outbox.requeue(filter, new Date());
      console.log(`${count} notification${count === 1 ? '' : 's'} queued again; the serving process sends them at its next round`);
    }),
  );
  withFilters(
    notifications
      .command('purge')
      .description('remove messages from the outbox (they also go with their parcel’s data: 28 days, purge, resetAccount)')
      .option('--all', 'every message (when no other option narrows them)'),
  ).action(async (options: FilterOptions & { all?: boolean }) =>
    withFilter(options, async ({ store, config }, filter) => {
      if (Object.keys(filter).length === 0 && options.all !== true) {
        console.error('error: say which messages (--status, --delis-id, --parcel, --id, --older-than), or --all');
        process.exitCode = 1;
        return;
      }
      const count = await store.outbox.removeNotifications(filter);
      console.log(`removed ${count} notification${count === 1 ? '' : 's'} (${config.environment})`);
    }),
  );
  return notifications;
}
