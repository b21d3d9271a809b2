// `parcel-service pushes list|resend`: the operator's view of the Tracking Push Service's queue — what
// was pushed to the shops' receivers, what waits for its next try and why, what was given up — and its
// repair: send given-up pushes again (after a shop mended its receiver), with their own pushids.
import { Command, InvalidArgumentError, Option } from 'commander';
import { PUSH_STATES, type PushState } from '../contract/push-codes.ts';
import { PARCEL_LABEL_NUMBER } from '../domain/core/parcel-number.ts';
import { accountTime } from '../domain/core/account-clock.ts';
import type { PushQuery } from '../domain/ports/push-ports.ts';
import { openConfiguredStore } from './open-configured-store.ts';

interface FilterOptions {
  readonly delisId?: string;
  readonly parcel?: string;
  readonly state?: PushState;
  readonly pushid?: number;
}

const parcelNumber = (value: string) => {
  if (!PARCEL_LABEL_NUMBER.test(value)) throw new InvalidArgumentError(`${value} is not a parcel label number (14 digits)`);
  return value;
};
const wholeNumber = (what: string) => (value: string) => {
  if (!/^[0-9]{1,15}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`give ${what}, a whole number from 1`);
  return Number(value);
};

function withFilters(command: Command): Command {
  return command
    .option('--delis-id <delisId>', "only this account's pushes")
    .option('--parcel <parcelLabelNumber>', "only this parcel's pushes", parcelNumber)
    .addOption(new Option('--state <state>', 'only pushes in this state').choices(PUSH_STATES))
    .option('--pushid <pushid>', 'only this push', wholeNumber('a pushid'));
}

async function withFilter(
  options: FilterOptions,
  work: (opened: Awaited<ReturnType<typeof openConfiguredStore>>, filter: Omit<PushQuery, 'limit'>) => Promise<void>,
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
      ...(options.state === undefined ? {} : { state: options.state }),
      ...(options.pushid === undefined ? {} : { pushid: String(options.pushid) }),
    });
  } finally {
    await opened.store.close();
  }
}

export function pushesCommand(): Command {
  const pushes = new Command('pushes').description('the Tracking Push Service\'s pushes to the shops\' receivers (README "Tracking push")');
  withFilters(
    pushes
      .command('list')
      .description('list pushes, newest first, with their tries, and the queue (how many wait, and for how long)')
      .option('--limit <count>', 'how many at most (default 50)', wholeNumber('a count'), 50),
  ).action(async (options: FilterOptions & { limit: number }) =>
    withFilter(options, async ({ store, config }, filter) => {
      const accounts = new Map((await store.accounts.listAccounts()).map((a) => [a.id, a.delisId]));
      const { pushes: found } = await store.pushes.listPushes({ ...filter, limit: options.limit });
      if (found.length === 0) console.error('no pushes');
      for (const push of found) {
        const next = push.nextTryAt === undefined ? '' : ` next try ${push.nextTryAt.toISOString()}`;
        const reason = push.reason === undefined ? '' : ` (${push.reason})`;
        console.log(
          `${push.pushid.padStart(8)}  ${push.eventAt.toISOString()}  ${accounts.get(push.accountId) ?? push.accountId}  ${push.parcelLabelNumber}  ${push.code}  ${push.state} ×${push.attempts.length}${next}${reason}`,
        );
        for (const attempt of push.attempts) {
          console.log(
            `          ${attempt.at.toISOString()}  ${attempt.httpStatus ?? '—'}  ${attempt.durationMs} ms  ${attempt.acknowledged ? 'acknowledged' : JSON.stringify(attempt.answer.slice(0, 80))}`,
          );
        }
      }
      const stats = await store.pushes.stats();
      const age = stats.oldestQueuedAt === undefined ? '' : `, the oldest made ${stats.oldestQueuedAt.toISOString()}`;
      console.error(`queue (${config.environment}): ${stats.queued} to send${age}`);
    }),
  );
  withFilters(
    pushes
      .command('resend')
      .description('send given-up pushes again, due now (same pushids); the serving process sends them at its next round'),
  ).action(async (options: FilterOptions) =>
    withFilter(options, async ({ store }, filter) => {
      if (filter.accountId === undefined && filter.parcelLabelNumber === undefined && filter.pushid === undefined) {
        console.error('error: say which pushes: --delis-id, --parcel or --pushid');
        process.exitCode = 1;
        return;
      }
      const accounts = new Map((await store.accounts.listAccounts()).map((a) => [a.id, a]));
      const count = await store.pushes.resend(filter, async (accountId) => accountTime(accounts.get(accountId)?.clock, new Date()));
      console.log(`${count} push${count === 1 ? '' : 'es'} queued again`);
    }),
  );
  return pushes;
}
