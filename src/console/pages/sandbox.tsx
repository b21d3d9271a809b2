// The SandboxService's controls for the account on stage: its clock, the journeys its parcels walk
// and whether time moves them, moving a parcel on as the carrier would, injecting and clearing
// faults, and a reset that asks first.
import { useRef, useState } from 'preact/hooks';
import { ErrorMessage, StatusMessage } from '../components/alert.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useConsole } from '../console-context.ts';
import { formText as text } from '../format.ts';
import { useTexts, type TextKey } from '../i18n.ts';
import type { Route } from '../route.ts';
import { useLoad } from '../use-load.ts';
import { FAULT_OPERATIONS } from '../console-operations.ts';
import { durationInWords } from '../clock-words.ts';
import { instantOfLocal } from '../zone-time.ts';
import { SCENARIOS, STATUS_WORDS } from '../../contract/parcel-states.ts';
import type { behaviourFields } from '../../contract/sandbox-service.ts';
import type { RequestOf, ResultOf } from '../api.ts';

/** What getSandboxState answers. */
type SandboxState = ResultOf<'getSandboxState'>;
/** A pending injected fault, as getSandboxState and listFaults list it. */
type InjectedFault = NonNullable<SandboxState['fault']>[number];
/** The behaviours injectFault takes, exactly one per fault (its request's fields besides the calls it waits for). */
type Behaviour = keyof typeof behaviourFields;
/** The SandboxService operations, which the page calls. */
type SandboxOperation =
  | 'resetAccount'
  | 'setClock'
  | 'setScenario'
  | 'setJourneyClock'
  | 'advanceParcel'
  | 'injectFault'
  | 'listFaults'
  | 'clearFaults'
  | 'getSandboxState';

/** The words advanceParcel moves a parcel to (DataReceived is where every transferred parcel starts). */
const ADVANCE_WORDS = STATUS_WORDS.filter((word) => word !== 'DataReceived');

/** Each behaviour's label: one per behaviour of the contract, or this does not compile. */
const BEHAVIOUR_LABELS = {
  fault: 'behaviourFault',
  authenticationFault: 'behaviourAuthentication',
  httpStatus: 'behaviourHttp',
  delayMs: 'behaviourDelay',
  dropConnection: 'behaviourDrop',
} as const satisfies Record<Behaviour, TextKey>;
const BEHAVIOURS = Object.entries(BEHAVIOUR_LABELS) as ReadonlyArray<[Behaviour, TextKey]>;

/** Runs a control: its error or its result's message shown beside it. */
function useAction() {
  const [error, setError] = useState<Error>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      setDone(await work());
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      setBusy(false);
    }
  };
  return { error, done, busy, run };
}

/** What an injected fault does, in a few words. */
function behaviourOf(fault: InjectedFault): string {
  if (fault.fault != null) return `fault ${fault.fault.faultCode}`;
  if (fault.authenticationFault != null) return `authenticationFault ${fault.authenticationFault.errorCode}`;
  if (fault.httpStatus != null) return `HTTP ${fault.httpStatus}`;
  if (fault.delayMs != null) return `${fault.delayMs} ms`;
  return 'dropConnection';
}

export function SandboxPage({ route }: { readonly route: Route }) {
  const { call, session } = useConsole();
  const texts = useTexts();
  const { t } = texts;
  const state = useLoad(() => call('getSandboxState', {}), [call]);
  const clock = useAction();
  const journeys = useAction();
  const advance = useAction();
  const inject = useAction();
  const clear = useAction();
  const reset = useAction();
  const [behaviour, setBehaviour] = useState<Behaviour>('fault');
  const dialog = useRef<HTMLDialogElement>(null);

  const sandbox = async <K extends SandboxOperation>(operation: K, request: RequestOf<K>): Promise<ResultOf<K>> => {
    try {
      return await call(operation, request);
    } finally {
      state.reload();
    }
  };

  const setClock = (request: RequestOf<'setClock'>) =>
    clock.run(async () => {
      const answer = await sandbox('setClock', request);
      return t('clockNow', { now: texts.dateTime(answer.now) });
    });

  const onFix = (event: Event) => {
    event.preventDefault();
    const value = text(new FormData(event.currentTarget as HTMLFormElement), 'fixedTime');
    // Read in the service's zone, the one the console shows every time in.
    void setClock({ fixedTime: instantOfLocal(value, texts.timeZone) ?? value });
  };
  const onMove = (event: Event) => {
    event.preventDefault();
    void setClock({ advanceBy: text(new FormData(event.currentTarget as HTMLFormElement), 'advanceBy') });
  };
  const onAdvance = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void advance.run(async () => {
      const answer = await sandbox('advanceParcel', {
        parcelLabelNumber: text(form, 'parcelLabelNumber'),
        to: text(form, 'to'),
      });
      const moved = t('advanced', { number: answer.parcelLabelNumber, from: answer.previousStatus, to: answer.status });
      return answer.consolidationDate == null ? moved : `${moved} ${t('closedOnTheWay', { day: texts.day(answer.consolidationDate) })}`;
    });
  };
  const onScenario = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const parcelLabelNumber = text(form, 'parcelLabelNumber');
    void journeys.run(async () => {
      const answer = await sandbox('setScenario', {
        scenario: text(form, 'scenario'),
        parcelLabelNumber: parcelLabelNumber === '' ? undefined : parcelLabelNumber,
      });
      return answer.parcelLabelNumber == null
        ? t('scenarioSet', { scenario: answer.scenario })
        : t('parcelScenarioSet', { scenario: answer.scenario, number: answer.parcelLabelNumber });
    });
  };
  const setJourneys = (running: boolean) =>
    void journeys.run(async () => {
      const answer = await sandbox('setJourneyClock', { running });
      return answer.running ? t('journeysRunning') : t('journeysStopped', { at: texts.dateTime(answer.stoppedAt ?? '') });
    });
  const onInject = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const message = text(form, 'message') || undefined;
    const behaviours: Required<Pick<RequestOf<'injectFault'>, Behaviour>> = {
      fault: { faultCode: text(form, 'code'), message },
      authenticationFault: { errorCode: text(form, 'code'), errorMessage: message },
      httpStatus: Number(text(form, 'httpStatus')),
      delayMs: Number(text(form, 'delayMs')),
      dropConnection: true,
    };
    const binding = text(form, 'binding');
    void inject.run(async () => {
      const answer = await sandbox('injectFault', {
        operation: text(form, 'operation'),
        binding: binding === '' ? undefined : binding,
        count: Number(text(form, 'count')),
        [behaviour]: behaviours[behaviour],
      });
      return t('injected', { id: answer.id, count: answer.remaining });
    });
  };
  const onClear = (id?: number) =>
    void clear.run(async () => {
      const answer = await sandbox('clearFaults', id === undefined ? {} : { id });
      return t('cleared', { count: answer.cleared });
    });
  const onReset = () => {
    dialog.current?.close();
    void reset.run(async () => {
      const answer = await sandbox('resetAccount', {});
      return t('resetDone', answer);
    });
  };

  /** The running clock's lead on the real time, in words. */
  const clockLead = (offset: string | null | undefined) => {
    const words = durationInWords(offset ?? 'PT0S', texts.language);
    return words === '' ? t('clockOnRealTime') : t('clockRunning', { offset: words });
  };
  const current = state.data;
  const faults = current?.fault ?? [];
  return (
    <>
      <PageTitle>{t('sandboxTitle')}</PageTitle>
      <p>{t('sandboxIntro')}</p>
      <ErrorMessage error={state.error} />

      <section aria-labelledby="clock" class="panel">
        <h2 id="clock">{t('clock')}</h2>
        {current === undefined ? null : (
          <p>
            {t('clockNow', { now: texts.dateTime(current.clock.now) })}{' '}
            {current.clock.fixed ? t('clockFixed') : clockLead(current.clock.offset)}
          </p>
        )}
        <p class="hint">{t('clockLoginHint')}</p>
        <form onSubmit={onFix} class="inline">
          <div class="field">
            <label for="clock-fixed">{t('fixAt', { zone: texts.timeZone })}</label>
            <input id="clock-fixed" name="fixedTime" type="datetime-local" step={1} required />
          </div>
          <button type="submit" disabled={clock.busy}>
            {t('fix')}
          </button>
        </form>
        <form onSubmit={onMove} class="inline">
          <div class="field">
            <label for="clock-advance">{t('advanceBy')}</label>
            <input
              id="clock-advance"
              name="advanceBy"
              required
              maxLength={40}
              placeholder="P1D"
              aria-describedby="clock-advance-hint"
              spellcheck={false}
            />
            <p id="clock-advance-hint" class="hint">
              {t('advanceByHint')}
            </p>
          </div>
          <button type="submit" disabled={clock.busy}>
            {t('move')}
          </button>
        </form>
        <button type="button" class="secondary" disabled={clock.busy} onClick={() => void setClock({ reset: true })}>
          {t('realTime')}
        </button>
        <ErrorMessage error={clock.error} />
        <StatusMessage>{clock.done}</StatusMessage>
      </section>

      <section aria-labelledby="journeys" class="panel">
        <h2 id="journeys">{t('journeys')}</h2>
        {current === undefined ? null : (
          <p>
            {t('scenarioNow', { scenario: current.scenario })}{' '}
            {current.journeyClock.running
              ? t('journeysRunning')
              : current.journeyClock.stoppedAt == null
                ? t('journeysOff')
                : t('journeysStopped', { at: texts.dateTime(current.journeyClock.stoppedAt) })}
          </p>
        )}
        <form onSubmit={onScenario} class="inline">
          <div class="field">
            <label for="scenario">{t('scenario')}</label>
            <select id="scenario" name="scenario">
              {SCENARIOS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="scenario-number">{t('parcelNumberOptional')}</label>
            <input
              id="scenario-number"
              name="parcelLabelNumber"
              inputMode="numeric"
              pattern="[0-9]{14}"
              maxLength={14}
              aria-describedby="scenario-hint"
              spellcheck={false}
            />
            <p id="scenario-hint" class="hint">
              {t('scenarioHint')}
            </p>
          </div>
          <button type="submit" disabled={journeys.busy}>
            {t('setScenario')}
          </button>
        </form>
        <p class="hint">{t('journeyClockHint')}</p>
        <button type="button" disabled={journeys.busy || current?.journeyClock.running === true} onClick={() => setJourneys(true)}>
          {t('startJourneys')}
        </button>{' '}
        <button
          type="button"
          class="secondary"
          disabled={journeys.busy || current?.journeyClock.running !== true}
          onClick={() => setJourneys(false)}
        >
          {t('stopJourneys')}
        </button>
        <ErrorMessage error={journeys.error} />
        <StatusMessage>{journeys.done}</StatusMessage>
      </section>

      <section aria-labelledby="advance" class="panel">
        <h2 id="advance">{t('advanceParcel')}</h2>
        <p>{t('advanceParcelHint')}</p>
        <form onSubmit={onAdvance} class="inline">
          <div class="field">
            <label for="advance-number">{t('parcelNumber')}</label>
            <input
              id="advance-number"
              name="parcelLabelNumber"
              required
              inputMode="numeric"
              pattern="[0-9]{14}"
              maxLength={14}
              defaultValue={route.query.get('parcel') ?? ''}
              spellcheck={false}
            />
          </div>
          <div class="field">
            <label for="advance-to">{t('to')}</label>
            <select id="advance-to" name="to">
              {ADVANCE_WORDS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={advance.busy}>
            {t('advance')}
          </button>
        </form>
        <ErrorMessage error={advance.error} />
        <StatusMessage>{advance.done}</StatusMessage>
      </section>

      <section aria-labelledby="faults" class="panel">
        <h2 id="faults">{t('faults')}</h2>
        <h3 id="inject">{t('injectFault')}</h3>
        <form onSubmit={onInject} aria-labelledby="inject" class="fault-form">
          <div class="field">
            <label for="fault-operation">{t('operation')}</label>
            <select id="fault-operation" name="operation">
              <option value="*">{t('anyOperationStar')}</option>
              {FAULT_OPERATIONS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="fault-binding">{t('binding')}</label>
            <select id="fault-binding" name="binding">
              <option value="">{t('anyBinding')}</option>
              <option value="REST">REST</option>
              <option value="SOAP">SOAP</option>
            </select>
          </div>
          <div class="field">
            <label for="fault-count">{t('count')}</label>
            <input id="fault-count" name="count" type="number" min={1} max={100} defaultValue="1" required />
          </div>
          <fieldset>
            <legend>{t('behaviour')}</legend>
            {BEHAVIOURS.map(([value, key]) => (
              <div class="field checkbox" key={value}>
                <input
                  id={`behaviour-${value}`}
                  type="radio"
                  name="behaviour"
                  value={value}
                  checked={behaviour === value}
                  onChange={() => setBehaviour(value)}
                />
                <label for={`behaviour-${value}`}>{t(key)}</label>
              </div>
            ))}
          </fieldset>
          {behaviour === 'fault' || behaviour === 'authenticationFault' ? (
            <>
              <div class="field">
                <label for="fault-code">{t('faultCode')}</label>
                <input id="fault-code" name="code" required maxLength={64} pattern="[A-Za-z0-9_.:\-]+" spellcheck={false} />
              </div>
              <div class="field wide">
                <label for="fault-message">{t('faultMessage')}</label>
                <input id="fault-message" name="message" maxLength={500} />
              </div>
            </>
          ) : null}
          {behaviour === 'httpStatus' ? (
            <div class="field">
              <label for="fault-http">{t('httpStatus')}</label>
              <select id="fault-http" name="httpStatus">
                {[500, 502, 503, 504].map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {behaviour === 'delayMs' ? (
            <div class="field">
              <label for="fault-delay">{t('delayMs')}</label>
              <input id="fault-delay" name="delayMs" type="number" min={1} max={30000} defaultValue="1000" required />
            </div>
          ) : null}
          <div class="actions">
            <button type="submit" disabled={inject.busy}>
              {t('inject')}
            </button>
          </div>
        </form>
        <ErrorMessage error={inject.error} />
        <StatusMessage>{inject.done}</StatusMessage>

        <h3 id="pending">{t('pendingFaults')}</h3>
        {faults.length === 0 ? (
          <p>{t('noFaults')}</p>
        ) : (
          <div class="table-wrap">
            <table aria-labelledby="pending">
              <thead>
                <tr>
                  <th scope="col">id</th>
                  <th scope="col">{t('operation')}</th>
                  <th scope="col">{t('binding')}</th>
                  <th scope="col">{t('behaviour')}</th>
                  <th scope="col">{t('remaining')}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t('clear')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {faults.map((fault) => (
                  <tr key={fault.id}>
                    <td>{fault.id}</td>
                    <td>{fault.operation}</td>
                    <td>{fault.binding}</td>
                    <td>{behaviourOf(fault)}</td>
                    <td>{fault.remaining}</td>
                    <td>
                      <button type="button" class="secondary small" disabled={clear.busy} onClick={() => onClear(fault.id)}>
                        {t('clear')}
                        <span class="visually-hidden"> {fault.id}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <button type="button" class="secondary" disabled={clear.busy || faults.length === 0} onClick={() => onClear()}>
          {t('clearAll')}
        </button>
        <ErrorMessage error={clear.error} />
        <StatusMessage>{clear.done}</StatusMessage>
      </section>

      <section aria-labelledby="state" class="panel">
        <h2 id="state">{t('parcelsPerState')}</h2>
        {current === undefined || (current.parcels ?? []).length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <ul class="counts">
            {(current.parcels ?? []).map((entry) => (
              <li key={entry.state}>
                {texts.stateName(entry.state)}: {entry.count}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reset" class="panel danger">
        <h2 id="reset">{t('reset')}</h2>
        <p>{t('resetIntro')}</p>
        <button type="button" class="danger" disabled={reset.busy} onClick={() => dialog.current?.showModal()}>
          {t('resetButton')}
        </button>
        <ErrorMessage error={reset.error} />
        <StatusMessage>{reset.done}</StatusMessage>
        <dialog ref={dialog} aria-labelledby="reset-confirm-title" aria-describedby="reset-confirm-text">
          <h2 id="reset-confirm-title">{t('resetConfirmTitle')}</h2>
          <p id="reset-confirm-text">{t('resetConfirmText', { delisId: session.delisId })}</p>
          <div class="actions">
            <button type="button" class="secondary" autofocus onClick={() => dialog.current?.close()}>
              {t('cancel')}
            </button>
            <button type="button" class="danger" onClick={onReset}>
              {t('resetConfirm')}
            </button>
          </div>
        </dialog>
      </section>
    </>
  );
}
