// A stage store in a fresh data directory with one account, for tests that run the CLI as a real
// process on it and look into the store directly.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../src/store/open-database.ts';
import { runCli } from './server-process.ts';

export interface CliStage {
  /** The environment the CLI runs with: the data directory. */
  readonly env: Record<string, string>;
  /** Runs `parcel-service <args>` and gives its output (rejects on a non-zero exit). */
  cli(...args: string[]): Promise<string>;
  /** Opens the store for `work` and closes it after. */
  withStore<T>(work: (store: Store) => Promise<T>): Promise<T>;
  /** The account's id in the store. */
  accountId(): Promise<number>;
  dispose(): Promise<void>;
}

/** A fresh data directory whose stage store has the account `delisId` (depot 0522), made by the CLI. */
export async function openCliStage(delisId: string): Promise<CliStage> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parcel-cli-stage-'));
  const env = { DATA_DIR: dataDir };
  const cli = (...args: string[]) => runCli(args, env);
  const withStore = async <T>(work: (store: Store) => Promise<T>): Promise<T> => {
    const store = await openStore({ sqlitePath: join(dataDir, 'stage.sqlite') });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  };
  await cli('accounts', 'add', '--delis-id', delisId, '--password', 'secret-pass', '--depot', '0522');
  return {
    env,
    cli,
    withStore,
    accountId: () => withStore(async (store) => (await store.accounts.findAccount(delisId))!.id),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}
