// Operator commands on the data: purge, stage-log, consolidations, consolidate.
import { Command, InvalidArgumentError, Option } from 'commander';
import { purge } from '../domain/operator/purge.ts';
import { openConfiguredStore } from './open-configured-store.ts';
import { StartOrdersConsolidation } from '../contract/shipment-service/shipment-requests.ts';
import { startOrdersConsolidation } from '../domain/shipment/start-orders-consolidation.ts';
import { callAsAccount, checked, Refusal, valueOf } from './account-call.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest look back: STAGE_LOG_RETENTION_DAYS's maximum (a longer one made an invalid date). */
const MAX_SINCE_DAYS = 3650;

function duration(value: string): number {
  const match = /^(\d+)(h|d)$/.exec(value);
  const ms = match === null ? NaN : Number(match[1]) * (match[2] === 'h' ? 60 * 60 * 1000 : DAY_MS);
  if (!(ms <= MAX_SINCE_DAYS * DAY_MS)) throw new InvalidArgumentError(`give a duration such as 24h or 7d, at most ${MAX_SINCE_DAYS}d`);
  return ms;
}

export function purgeCommand(): Command {
  return new Command('purge')
    .description('remove expired shipment data (28 days after transfer), old stage requests, dead tokens and old failed logins now')
    .action(async () => {
      const { config, store } = await openConfiguredStore();
      try {
        const result = await purge(store, new Date(), config.stageLogRetentionDays * DAY_MS);
        console.log(
          `purged ${result.parcels} parcels' data, ${result.stageRequests} stage requests, ${result.tokens} tokens, ${result.loginFailures} failed logins (${config.environment})`,
        );
      } finally {
        await store.close();
      }
    });
}

export function stageLogCommand(): Command {
  return new Command('stage-log')
    .description('stage requests per operation and error code (stage keeps them for metrics, masked)')
    .addOption(new Option('--since <duration>', 'how far back, e.g. 24h or 7d').argParser(duration).default(DAY_MS, '24h'))
    .action(async (options: { since: number }) => {
      const { config, store } = await openConfiguredStore();
      try {
        if (config.environment !== 'stage') {
          console.error(`error: ${config.environment} keeps no request log; the stage log is stage's (PARCEL_ENV=stage)`);
          process.exitCode = 1;
          return;
        }
        const counts = await store.stageRequests.counts(new Date(Date.now() - options.since));
        if (counts.length === 0) console.error('no stage requests in that period');
        for (const row of counts) console.log(`${String(row.count).padStart(8)}  ${row.operation.padEnd(34)} ${row.errorCode ?? 'ok'}`);
      } finally {
        await store.close();
      }
    });
}

export function consolidationsCommand(): Command {
  return new Command('consolidations')
    .description('list the closed days (startOrdersConsolidation), newest first')
    .option('--delis-id <delisId>', 'only this account')
    .action(async (options: { delisId?: string }) => {
      const { store } = await openConfiguredStore();
      try {
        const account = options.delisId === undefined ? undefined : await store.accounts.findAccount(options.delisId);
        if (options.delisId !== undefined && account === undefined) {
          console.error(`error: no account ${options.delisId}`);
          process.exitCode = 1;
          return;
        }
        const accounts = new Map((await store.accounts.listAccounts()).map((a) => [a.id, a.delisId]));
        const all = await store.shipments.listConsolidations(account?.id);
        if (all.length === 0) console.error('no consolidations');
        for (const c of all)
          console.log(
            `${c.consolidationDate}  ${accounts.get(c.accountId) ?? c.accountId}  ${c.parcelLabelNumbers.length} parcels  ${c.createdAt.toISOString()}`,
          );
      } finally {
        await store.close();
      }
    });
}

/** YYYY-MM-DD (or YYYYMMDD) as the operation's consolidationDate, YYYYMMDD. */
function day(value: string): number {
  const match = /^([0-9]{4})-?([0-9]{2})-?([0-9]{2})$/.exec(value);
  if (match === null) throw new InvalidArgumentError('give a day such as 2026-11-23');
  return Number(`${match[1]}${match[2]}${match[3]}`);
}

export function consolidateCommand(): Command {
  return new Command('consolidate')
    .description(
      "close an account's day as startOrdersConsolidation does: its transferred parcels of that ship date become consolidated (again for the same day: closes parcels transferred since)",
    )
    .requiredOption('--delis-id <delisId>', 'the account')
    .addOption(new Option('--date <YYYY-MM-DD>', 'the ship date to close (not after today)').argParser(day).makeOptionMandatory())
    .action((options: { delisId: string; date: number }) =>
      callAsAccount(options.delisId, async ({ config, store, session }) => {
        const request = checked(StartOrdersConsolidation, { consolidationDate: options.date });
        valueOf(await startOrdersConsolidation({ shipments: store.shipments, settings: config }, session, request));
        const closed = (await store.shipments.listConsolidations(session.account.id)).find(
          (consolidation) => consolidation.consolidationDate === options.date,
        );
        if (closed === undefined) throw new Refusal(`day ${options.date} of ${options.delisId} was not recorded closed`);
        const count = closed.parcelLabelNumbers.length;
        console.log(
          `closed (${config.environment}): ${options.delisId}  day ${options.date}  ${count} ${count === 1 ? 'parcel' : 'parcels'}`,
        );
        for (const number of closed.parcelLabelNumbers) console.log(`  ${number}`);
      }),
    );
}
