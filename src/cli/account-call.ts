// Runs an operation of the domain for one account from the command line, as if the account called it:
// the request checked by the contract, the account's own clock, and a refusal printed on one line
// (`error: …`, exit code 1) in the operation's own words.
import { decode, validValue } from '../contract/schema/decode.ts';
import { formatMessage } from '../contract/error-catalogue.ts';
import type { Infer, ObjectType } from '../contract/schema/model.ts';
import { accountClock } from '../domain/core/account-clock.ts';
import type { Outcome, Session } from '../domain/core/outcome.ts';
import { systemClock } from '../domain/core/system-clock.ts';
import type { Config } from '../server/config/config.ts';
import type { Store } from '../store/open-database.ts';
import { openConfiguredStore } from './open-configured-store.ts';

/** A failure the command reports on one line (`error: …`, exit 1). */
export class Refusal extends Error {}

/** The value of an operation's answer, or its fault's message as a Refusal. */
export function valueOf<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const reason = outcome.fault.params?.reason;
  throw new Refusal(typeof reason === 'string' ? reason : formatMessage(outcome.fault.code, 'en_US', outcome.fault.params));
}

/** `input` checked as the contract's `type`, as the bindings check a request; the first problem refuses it. */
export function checked<T extends ObjectType>(type: T, input: Record<string, unknown>): Infer<T> {
  const decoded = decode(type, input, { binding: 'rest', source: 'json' });
  const value = validValue(decoded);
  if (value !== undefined) return value;
  const first = decoded.violations[0];
  throw new Refusal(first === undefined ? 'the request is not valid' : formatMessage(first.code, 'en_US', first.params));
}

/** What a command's work gets: the configuration, the open store and the account's session. */
export interface AccountCall {
  readonly config: Config;
  readonly store: Store;
  readonly session: Session;
}

/**
 * Runs `work` for the account `delisId` of the configured store (after `check` of the configuration,
 * which may refuse); prints a Refusal and sets exit code 1; closes the store.
 */
export async function callAsAccount(
  delisId: string,
  work: (call: AccountCall) => Promise<void>,
  check: (config: Config) => void = () => undefined,
): Promise<void> {
  const { config, store } = await openConfiguredStore();
  try {
    check(config);
    const account = await store.accounts.findAccount(delisId);
    if (account === undefined) throw new Refusal(`no account ${delisId} in ${config.environment}`);
    await work({ config, store, session: { account, language: 'en_US', clock: accountClock(systemClock, account.clock) } });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}
