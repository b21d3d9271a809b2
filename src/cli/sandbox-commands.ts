// `parcel-service sandbox reset|clock|scenario|journeys|advance|faults [inject]`: the operator's side of
// SandboxService (stage only), for an integrator's account — the same operations, checked by the same
// contract and answered with the same coded errors. A server process sees a change within
// SESSION_CACHE_SECONDS.
import { Command, InvalidArgumentError, Option } from 'commander';
import { ADVANCE_TARGETS, SCENARIOS } from '../contract/parcel-states.ts';
import {
  AdvanceParcel,
  ClearFaults,
  FAULT_BINDINGS,
  InjectFault,
  SetClock,
  SetJourneyClock,
  SetScenario,
} from '../contract/sandbox-service.ts';
import { advanceParcel } from '../domain/sandbox/advance-parcel.ts';
import { clearFaults } from '../domain/sandbox/clear-faults.ts';
import { getSandboxState } from '../domain/sandbox/get-sandbox-state.ts';
import type { FaultView } from '../domain/sandbox/fault-injection.ts';
import { injectFault } from '../domain/sandbox/inject-fault.ts';
import type { Session } from '../domain/core/outcome.ts';
import { resetAccount } from '../domain/sandbox/reset-account.ts';
import type { ClockView } from '../domain/sandbox/sandbox-time.ts';
import type { SandboxDependencies } from '../domain/dependencies.ts';
import { SessionCache } from '../domain/login/session-cache.ts';
import { setClock } from '../domain/sandbox/set-clock.ts';
import { setJourneyClock, type JourneyClockView } from '../domain/sandbox/set-journey-clock.ts';
import { setScenario } from '../domain/sandbox/set-scenario.ts';
import { systemClock } from '../domain/core/system-clock.ts';
import { notifyDependenciesOf } from '../server/jobs/notification-wiring.ts';
import { callAsAccount, checked, Refusal, valueOf } from './account-call.ts';

/** Runs `work` on the account `delisId` of stage's store, as if the account called it; prints a refusal. */
function asAccount(delisId: string, work: (deps: SandboxDependencies, session: Session) => Promise<void>): Promise<void> {
  return callAsAccount(
    delisId,
    ({ config, store, session }) =>
      // This process's own cache only: it keeps nothing, so the sandbox's "forget the account" is moot here.
      work(
        {
          ...store,
          clock: systemClock,
          sessions: new SessionCache(systemClock, 0),
          notifications: notifyDependenciesOf(store, config, systemClock),
          settings: { timeZone: config.timeZone, holidays: config.holidays },
        },
        session,
      ),
    (config) => {
      if (config.environment !== 'stage') throw new Refusal(`the sandbox is stage's; ${config.environment} has none (PARCEL_ENV=stage)`);
    },
  );
}

const describeClock = (clock: ClockView) => `now=${clock.now.toISOString()}  ${clock.fixed ? 'fixed' : `running  offset=${clock.offset}`}`;

const describeJourneys = (clock: JourneyClockView) =>
  clock.running
    ? 'journeys running'
    : clock.stoppedAt === undefined
      ? 'journeys off'
      : `journeys stopped at ${clock.stoppedAt.toISOString()}`;

const delisIdOption = () => new Option('--delis-id <delisId>', 'the account').makeOptionMandatory();

function id(value: string): number {
  if (!/^[0-9]{1,15}$/.test(value)) throw new InvalidArgumentError('give the id of a pending fault (listed by `sandbox faults`)');
  return Number(value);
}

/** A whole number of the command line (the contract checks its range). */
function whole(value: string): number {
  if (!/^[0-9]{1,9}$/.test(value)) throw new InvalidArgumentError('give a whole number');
  return Number(value);
}

interface InjectOptions {
  readonly operation: string;
  readonly binding: string;
  readonly count: number;
  readonly faultCode?: string;
  readonly message?: string;
  readonly authenticationFault?: string;
  readonly httpStatus?: number;
  readonly delayMs?: number;
  readonly dropConnection?: boolean;
}

/** One pending fault on one line: id, operation, binding, calls left, behaviour. */
const describeFault = ({ id: faultId, operation, binding, remaining, ...behaviour }: FaultView) =>
  `${faultId}  ${operation.padEnd(32)} ${binding.padEnd(4)} ${remaining}×  ${JSON.stringify(behaviour)}`;

export function sandboxCommand(): Command {
  const sandbox = new Command('sandbox').description(
    "an integrator's stage account as its tests drive it (SandboxService): reset it, move its clock, choose its parcels' journeys and let time move them, move a parcel on, see or clear injected faults",
  );

  sandbox
    .command('reset')
    .description(
      "remove the account's parcels, orders, consolidations, tracking events, stage requests and injected faults (the account, its settings, clock and token stay)",
    )
    .addOption(delisIdOption())
    .action((options: { delisId: string }) =>
      asAccount(options.delisId, async (deps, session) => {
        const removed = valueOf(await resetAccount(deps, session, {}));
        console.log(
          `reset: ${options.delisId}  ${Object.entries(removed)
            .map(([kind, count]) => `${kind}=${count}`)
            .join('  ')}`,
        );
      }),
    );

  sandbox
    .command('clock')
    .description("show the account's own clock, or fix it, move it on, or put it back on the real time")
    .addOption(delisIdOption())
    .addOption(
      new Option('--fixed-time <instant>', 'fix it at this UTC date and time, e.g. 2027-01-05T10:00:00Z').conflicts(['advanceBy', 'reset']),
    )
    .addOption(new Option('--advance-by <duration>', 'move it on by an ISO 8601 duration, e.g. P29D or PT25H').conflicts(['reset']))
    .option('--reset', 'back to the real time')
    .action((options: { delisId: string; fixedTime?: string; advanceBy?: string; reset?: boolean }) =>
      asAccount(options.delisId, async (deps, session) => {
        const { fixedTime, advanceBy, reset } = options;
        const clock =
          fixedTime === undefined && advanceBy === undefined && reset !== true
            ? valueOf(await getSandboxState(deps, session, {})).clock
            : valueOf(await setClock(deps, session, checked(SetClock, { fixedTime, advanceBy, reset })));
        console.log(`${options.delisId}  ${describeClock(clock)}`);
      }),
    );

  sandbox
    .command('scenario [scenario]')
    .description(
      `show the journey the account's parcels walk, or set it (${SCENARIOS.join(', ')}): the default of parcels stored from then on, or with --parcel one parcel's`,
    )
    .addOption(delisIdOption())
    .option('--parcel <parcelLabelNumber>', "that parcel's scenario alone")
    .action((scenario: string | undefined, options: { delisId: string; parcel?: string }) =>
      asAccount(options.delisId, async (deps, session) => {
        if (scenario === undefined) {
          const state = valueOf(await getSandboxState(deps, session, {}));
          console.log(`${options.delisId}  scenario=${state.scenario}  ${describeJourneys(state.journeyClock)}`);
          return;
        }
        const set = valueOf(await setScenario(deps, session, checked(SetScenario, { scenario, parcelLabelNumber: options.parcel })));
        console.log(`${set.parcelLabelNumber ?? options.delisId}  scenario=${set.scenario}`);
      }),
    );

  sandbox
    .command('journeys <onOrOff>')
    .description("let time move the account's parcels (on: their events appear as its clock passes them) or stop it (off)")
    .addOption(delisIdOption())
    .action((onOrOff: string, options: { delisId: string }) =>
      asAccount(options.delisId, async (deps, session) => {
        if (onOrOff !== 'on' && onOrOff !== 'off') throw new Refusal(`give on or off, not ${onOrOff}`);
        const clock = valueOf(await setJourneyClock(deps, session, checked(SetJourneyClock, { running: onOrOff === 'on' })));
        console.log(`${options.delisId}  ${describeJourneys(clock)}`);
      }),
    );

  sandbox
    .command('advance <parcelLabelNumber...>')
    .description(
      "move the account's parcels on along their journeys to a status word (or collected … delivered), each event recorded at the account's time; a day not yet closed is closed on the way",
    )
    .addOption(delisIdOption())
    .addOption(new Option('--to <status>', 'the status word (or state) to reach').choices(ADVANCE_TARGETS).makeOptionMandatory())
    .action((numbers: string[], options: { delisId: string; to: string }) =>
      asAccount(options.delisId, async (deps, session) => {
        for (const parcelLabelNumber of numbers) {
          try {
            const moved = valueOf(await advanceParcel(deps, session, checked(AdvanceParcel, { parcelLabelNumber, to: options.to })));
            const closed = moved.consolidationDate === undefined ? '' : `  (day ${moved.consolidationDate} closed on the way)`;
            console.log(
              `${moved.parcelLabelNumber}  ${moved.previousStatus} → ${moved.status}  (${moved.previousState} → ${moved.state})${closed}`,
            );
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            console.error(`error: ${error.message}`);
            process.exitCode = 1;
          }
        }
      }),
    );

  const faults = sandbox
    .command('faults')
    .description("list the account's pending injected faults, or clear them; `faults inject` adds one")
    .addOption(delisIdOption())
    .option('--clear', 'clear every pending fault')
    .addOption(new Option('--clear-id <id>', 'clear this one').argParser(id).conflicts('clear'))
    .action((options: { delisId: string; clear?: boolean; clearId?: number }) =>
      asAccount(options.delisId, async (deps, session) => {
        if (options.clear === true || options.clearId !== undefined) {
          const { cleared } = valueOf(await clearFaults(deps, session, checked(ClearFaults, { id: options.clearId })));
          console.log(`cleared ${cleared} injected ${cleared === 1 ? 'fault' : 'faults'} of ${options.delisId}`);
          return;
        }
        const { fault } = valueOf(await getSandboxState(deps, session, {}));
        if (fault.length === 0) console.error(`no injected faults pending for ${options.delisId}`);
        for (const view of fault) console.log(describeFault(view));
      }),
    );

  // `faults` takes --delis-id wherever it stands, so `inject` reads the account from it.
  faults
    .command('inject')
    .description(
      "make the account's next calls of an operation fail: a fault, an authentication fault, an HTTP status, a delay or a dropped connection (exactly one; SandboxService injectFault)",
    )
    .requiredOption('--operation <operation>', "the operation's name, e.g. storeOrders, or * for any but the sandbox's own")
    .addOption(new Option('--binding <binding>', 'only calls over this binding').choices(FAULT_BINDINGS).default('any'))
    .addOption(new Option('--count <count>', 'how many calls it applies to').argParser(whole).default(1))
    .option('--fault-code <faultCode>', 'answer a fault with this code')
    .option('--message <message>', 'the message of the fault or authentication fault (default: injected by the sandbox)')
    .option('--authentication-fault <errorCode>', 'answer an authentication fault with this error code')
    .addOption(new Option('--http-status <status>', 'answer this HTTP status').argParser(whole))
    .addOption(new Option('--delay-ms <ms>', 'wait this long, then answer as usual').argParser(whole))
    .option('--drop-connection', 'close the connection without an answer')
    .addHelpText(
      'after',
      '\nThe account: --delis-id <delisId> (required), e.g. `parcel-service sandbox faults inject --delis-id KD1 --operation storeOrders --http-status 503`.',
    )
    .action((options: InjectOptions, command: Command) => {
      const { delisId } = command.optsWithGlobals<{ delisId: string }>();
      return asAccount(delisId, async (deps, session) => {
        const message = options.message;
        const request = checked(InjectFault, {
          operation: options.operation,
          binding: options.binding,
          count: options.count,
          fault: options.faultCode === undefined ? undefined : { faultCode: options.faultCode, message },
          authenticationFault:
            options.authenticationFault === undefined ? undefined : { errorCode: options.authenticationFault, errorMessage: message },
          httpStatus: options.httpStatus,
          delayMs: options.delayMs,
          dropConnection: options.dropConnection,
        });
        console.log(`injected: ${describeFault(valueOf(await injectFault(deps, session, request)))}`);
      });
    });

  return sandbox;
}
