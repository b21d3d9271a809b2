// `parcel-service accounts add|list|set|remove`: the operator manages accounts and their switches.
import { accountTime } from '../domain/core/account-clock.ts';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { MessageLanguage } from '../contract/error-catalogue.ts';
import { hashPassword } from '../domain/login/password.ts';
import type { AccountChanges } from '../domain/ports/account-ports.ts';
import { DuplicateAccountError } from '../domain/core/domain-errors.ts';
import { openConfiguredStore } from './open-configured-store.ts';

/** Spaces, control and invisible characters: a login could not send them back, and `accounts list` splits on spaces. */
const NOT_IN_DELIS_ID = /[\p{White_Space}\p{Cc}\u200B-\u200D\u2060\uFEFF]/u;

/** A delisId the login accepts: 8 to 10 characters counted as the login counts them (code points). */
function delisId(value: string): string {
  const length = [...value].length;
  if (length < 8 || length > 10 || !value.isWellFormed() || NOT_IN_DELIS_ID.test(value)) {
    throw new InvalidArgumentError('a delisId has 8 to 10 characters, none of them spaces, control or invisible characters');
  }
  return value;
}

function depot(value: string, previous: string[] = []): string[] {
  const depots = value.split(',').map((d) => d.trim());
  for (const d of depots)
    if (!/^[0-9]{4}$/.test(d))
      throw new InvalidArgumentError(`"${d}" is not a depot: 4 digits, leading zeros kept (e.g. 0522), as it starts every parcel number`);
  return [...previous, ...depots];
}

function password(value: string): string {
  if (value.length < 8 || value.length > 128) throw new InvalidArgumentError('a password has 8 to 128 characters');
  if (value.trim() === '') throw new InvalidArgumentError('a password of only spaces is no password');
  return value;
}

/**
 * The password from `--password`, or from standard input with `--password-stdin` (its first line),
 * which keeps it out of the process list and the shell's history. Undefined when neither is given.
 */
async function passwordOf(options: { password?: string; passwordStdin?: boolean }): Promise<string | undefined> {
  if (options.password !== undefined && options.passwordStdin === true)
    throw new InvalidArgumentError('give --password or --password-stdin, not both');
  // Checked here rather than by commander, whose message would repeat the refused password on stderr.
  if (options.passwordStdin !== true) return options.password === undefined ? undefined : password(options.password);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return password(Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]);
}

/** Prints a wrong input the way commander prints its own, and fails the command. */
function refuse(error: unknown): void {
  if (!(error instanceof InvalidArgumentError)) throw error;
  console.error(`error: ${error.message}`);
  process.exitCode = 1;
}

const languageOption = () => new Option('--language <language>', 'message language').choices(['en_US', 'nl_NL']);

async function withStore<T>(
  work: (store: Awaited<ReturnType<typeof openConfiguredStore>>['store'], environment: string) => Promise<T>,
): Promise<T> {
  const { config, store } = await openConfiguredStore();
  try {
    return await work(store, config.environment);
  } finally {
    await store.close();
  }
}

function describe(account: {
  delisId: string;
  depots: readonly string[];
  messageLanguage: string;
  lateExport: boolean;
  pickupApproved: boolean;
  disabled?: boolean;
  push?: { readonly url: string };
}): string {
  const disabled = account.disabled === true ? '  disabled' : '';
  // The URL without its query: a receiver's token is not printed.
  const push = account.push === undefined ? '' : `  push=${account.push.url.split('?')[0]}`;
  return `${account.delisId}  depots=${account.depots.join(',')}  language=${account.messageLanguage}  lateExport=${account.lateExport}  pickupApproved=${account.pickupApproved}${disabled}${push}`;
}

/** `--push-url`: an http or https URL with a host (where it may reach is checked when a push leaves). */
function pushUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.hostname === '' || value.length > 2000)
    throw new InvalidArgumentError(`${value} is not a push URL: http or https with a host`);
  return value;
}

export function accountsCommand(): Command {
  const accounts = new Command('accounts').description('manage customer accounts of this environment');

  accounts
    .command('add')
    .description('add an account')
    .requiredOption('--delis-id <delisId>', 'user id, 8 to 10 characters', delisId)
    .option('--password <password>', 'password, 8 to 128 characters')
    .option('--password-stdin', 'read the password from standard input instead (keeps it out of ps and the shell history)')
    .requiredOption('--depot <depot>', 'sending depot (repeat or comma-separate for several)', depot)
    .option('--late-export', 'queue shipment data until exportOrders', false)
    .option('--pickup-approved', 'allow pickup orders and collection requests on live', false)
    .addOption(languageOption().default('en_US'))
    .action(
      async (options: {
        delisId: string;
        password?: string;
        passwordStdin?: boolean;
        depot: string[];
        lateExport: boolean;
        pickupApproved: boolean;
        language: MessageLanguage;
      }) => {
        let secret: string | undefined;
        try {
          secret = await passwordOf(options);
          if (secret === undefined) throw new InvalidArgumentError('give the password with --password or --password-stdin');
        } catch (error) {
          return refuse(error);
        }
        const passwordHash = await hashPassword(secret);
        await withStore(async (store, environment) => {
          try {
            const account = await store.accounts.addAccount({
              delisId: options.delisId,
              passwordHash,
              depots: [...new Set(options.depot)],
              messageLanguage: options.language,
              lateExport: options.lateExport,
              pickupApproved: options.pickupApproved,
            });
            console.log(`added (${environment}): ${describe(account)}`);
          } catch (error) {
            if (!(error instanceof DuplicateAccountError)) throw error;
            console.error(`error: ${error.message}; change it with "accounts set ${options.delisId} ..."`);
            process.exitCode = 1;
          }
        });
      },
    );

  accounts
    .command('list')
    .description('list the accounts')
    .action(async () => {
      await withStore(async (store, environment) => {
        const all = await store.accounts.listAccounts();
        // The hint on stderr: a script reading the list sees no row.
        if (all.length === 0) console.error(`no accounts in ${environment}; add one with "accounts add"`);
        for (const account of all) console.log(describe(account));
      });
    });

  accounts
    .command('set')
    .description('change an account')
    .argument('<delisId>', 'the account', delisId)
    .option('--password <password>', 'new password, 8 to 128 characters')
    .option('--password-stdin', 'read the new password from standard input instead')
    .option('--depot <depot>', 'replace the depots (repeat or comma-separate)', depot)
    .option('--late-export', 'queue shipment data until exportOrders')
    .option('--no-late-export', 'transfer shipment data when the label is created')
    .option('--pickup-approved', 'allow pickup orders and collection requests on live')
    .option('--no-pickup-approved', 'refuse pickup orders and collection requests on live')
    .option('--disabled', 'disable the account: it cannot log in, and its tokens end')
    .option('--no-disabled', 'enable it again')
    .option('--push-url <url>', 'push its parcels\' scans to this http or https URL (README "Tracking push")', pushUrl)
    .option('--no-push-url', "stop pushing its parcels' scans")
    .addOption(languageOption())
    .action(
      async (
        id: string,
        options: {
          password?: string;
          passwordStdin?: boolean;
          depot?: string[];
          lateExport?: boolean;
          pickupApproved?: boolean;
          disabled?: boolean;
          language?: MessageLanguage;
          pushUrl?: string | false;
        },
      ) => {
        const changes: { -readonly [K in keyof AccountChanges]: AccountChanges[K] } = {};
        let secret: string | undefined;
        try {
          secret = await passwordOf(options);
        } catch (error) {
          return refuse(error);
        }
        if (secret !== undefined) changes.passwordHash = await hashPassword(secret);
        if (options.depot !== undefined) changes.depots = [...new Set(options.depot)];
        if (options.lateExport !== undefined) changes.lateExport = options.lateExport;
        if (options.pickupApproved !== undefined) changes.pickupApproved = options.pickupApproved;
        if (options.language !== undefined) changes.messageLanguage = options.language;
        if (options.disabled !== undefined) changes.disabled = options.disabled;
        if (options.pushUrl === false) changes.pushUrl = null;
        if (Object.keys(changes).length === 0 && options.pushUrl === undefined) {
          console.error('error: nothing to change; give at least one option (see --help)');
          process.exitCode = 1;
          return;
        }
        await withStore(async (store, environment) => {
          // Events from the account's time of setting on are pushed (its own clock on stage).
          if (typeof options.pushUrl === 'string') {
            const before = await store.accounts.findAccount(id);
            changes.pushUrl = { url: options.pushUrl, since: accountTime(before?.clock, new Date()) };
          }
          const account = await store.accounts.updateAccount(id, changes);
          if (account === undefined) {
            console.error(`error: no account ${id} in ${environment}; add it with "accounts add"`);
            process.exitCode = 1;
            return;
          }
          console.log(`changed (${environment}): ${describe(account)}`);
          // The approval is for live (README "Operator commands"); given without PARCEL_ENV=live it changes nothing there.
          if (changes.pickupApproved === true && environment === 'stage') {
            console.error(
              'note: stage takes pickup orders and collection requests from every account; the approval counts on live (PARCEL_ENV=live)',
            );
          }
        });
      },
    );
  accounts
    .command('remove')
    .description('remove an account, its depots and tokens; one with parcels or orders only with --with-data, which removes them too')
    .argument('<delisId>', 'the account', delisId)
    .option('--with-data', 'also remove its parcels, orders, consolidations, tracking events, stage requests and injected faults')
    .action(async (id: string, options: { withData?: boolean }) => {
      await withStore(async (store, environment) => {
        const result = await store.accounts.removeAccount(id, options.withData === true);
        if (result.removed) {
          const data = Object.entries(result.data)
            .map(([kind, count]) => `${kind}=${count}`)
            .join('  ');
          console.log(`removed (${environment}): ${id}  ${data}`);
          return;
        }
        process.exitCode = 1;
        if (result.reason === 'not found') console.error(`error: no account ${id} in ${environment}`);
        else
          console.error(
            `error: ${id} holds ${result.data.parcels} parcels and ${result.data.orders} orders in ${environment}; remove them with it: "accounts remove ${id} --with-data"`,
          );
      });
    });
  return accounts;
}
