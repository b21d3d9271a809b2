// The command table of `parcel-service`.
import { Command } from 'commander';
import { ConfigError, ENVIRONMENT_VARIABLES, readConfig } from '../server/config/config.ts';
import { start } from '../server/start.ts';
import { accountsCommand } from './account-commands.ts';
import { consolidateCommand, consolidationsCommand, purgeCommand, stageLogCommand } from './data-commands.ts';
import { openConfiguredStore } from './open-configured-store.ts';
import { depotsCommand } from './depot-commands.ts';
import { notificationsCommand } from './notification-commands.ts';
import { pushesCommand } from './push-commands.ts';
import { manifestCommand } from './manifest-commands.ts';
import { parcelsCommand } from './parcel-commands.ts';
import { sandboxCommand } from './sandbox-commands.ts';
import { shopsCommand } from './shop-commands.ts';

// What the service creates (the database files, DATA_DIR, the token secret) is for its own user only:
// the files hold password and token hashes and recipients' addresses.
process.umask(0o077);

const program = new Command('parcel-service').description(
  'Parcel shipment service (Shipment Service V3.5, REST and SOAP). Configuration comes from the environment: see README.',
);

/** Every environment variable with its default, for `--help`: the list readConfig takes its defaults from. */
function environmentHelp(): string {
  const rows = Object.entries(ENVIRONMENT_VARIABLES).map(([name, variable]) => ({
    name,
    value: variable.default === undefined ? `unset: ${variable.unset ?? 'none'}` : `default ${variable.default}`,
    meaning: variable.meaning,
  }));
  const width = Math.max(...rows.map((row) => row.name.length));
  return [
    '',
    'Environment variables (README "Configuration"):',
    ...rows.map((row) => `  ${row.name.padEnd(width)}  ${row.value}; ${row.meaning}`),
  ].join('\n');
}
program.addHelpText('after', environmentHelp());

program
  .command('serve')
  .description('serve the configured environment (PARCEL_ENV) on HOST:PORT')
  .option('--port <port>', 'listen on this port instead of PORT')
  .option('--host <host>', 'listen on this address instead of HOST')
  .addHelpText('after', environmentHelp())
  // npm sets npm_lifecycle_event for what it runs (`npm start`, `npx`): see server/parent-watch.ts.
  .action(async (options: { port?: string; host?: string }) =>
    start(
      readConfig({
        ...process.env,
        ...(options.port === undefined ? {} : { PORT: options.port }),
        ...(options.host === undefined ? {} : { HOST: options.host }),
      }),
      { stopWithParent: process.env.npm_lifecycle_event !== undefined },
    ),
  );

program
  .command('migrate')
  .description('create or update the database schema')
  .action(async () => {
    const { config, store } = await openConfiguredStore();
    await store.close();
    console.log(`schema up to date (${config.environment}, ${store.dialect})`);
  });

program.addCommand(accountsCommand());
program.addCommand(purgeCommand());
program.addCommand(stageLogCommand());
program.addCommand(consolidationsCommand());
program.addCommand(consolidateCommand());
program.addCommand(shopsCommand());
program.addCommand(depotsCommand());
program.addCommand(parcelsCommand());
program.addCommand(manifestCommand());
program.addCommand(sandboxCommand());
program.addCommand(notificationsCommand());
program.addCommand(pushesCommand());

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`configuration error: ${error.message}`);
    process.exit(2);
  }
  // What stopped the command, with its causes, on one line (the stack only with LOG_LEVEL=debug):
  // an unreachable database, a port in use, an unwritable DATA_DIR.
  console.error(`error: ${causesOf(error)}`);
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
}

function causesOf(error: unknown): string {
  const messages: string[] = [];
  for (let current: unknown = error; current !== undefined && messages.length < 5; current = (current as { cause?: unknown }).cause) {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- whatever else was thrown, shown as String() shows it
    messages.push(current instanceof Error ? current.message : String(current));
    if (!(current instanceof Error)) break;
  }
  return messages.join(': ');
}
