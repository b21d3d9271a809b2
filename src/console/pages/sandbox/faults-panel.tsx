// Injecting faults into the account's next calls, the faults still pending, and clearing them.
import { useState } from 'preact/hooks';
import { ErrorMessage, StatusMessage } from '../../components/alert.tsx';
import type { RequestOf } from '../../api.ts';
import { FAULT_OPERATIONS } from '../../console-operations.ts';
import { formText as text } from '../../format.ts';
import { useTexts, type TextKey } from '../../i18n.ts';
import type { behaviourFields } from '../../../contract/sandbox-service.ts';
import { useAction, type PanelProps, type SandboxState } from './sandbox-controls.ts';

/** A pending injected fault, as getSandboxState and listFaults list it. */
type InjectedFault = NonNullable<SandboxState['fault']>[number];
/** The behaviours injectFault takes, exactly one per fault (its request's fields besides the calls it waits for). */
type Behaviour = keyof typeof behaviourFields;

/** Each behaviour's label: one per behaviour of the contract, or this does not compile. */
const BEHAVIOUR_LABELS = {
  fault: 'behaviourFault',
  authenticationFault: 'behaviourAuthentication',
  httpStatus: 'behaviourHttp',
  delayMs: 'behaviourDelay',
  dropConnection: 'behaviourDrop',
} as const satisfies Record<Behaviour, TextKey>;
const BEHAVIOURS = Object.entries(BEHAVIOUR_LABELS) as ReadonlyArray<[Behaviour, TextKey]>;

/** What an injected fault does, in a few words. */
function behaviourOf(fault: InjectedFault): string {
  if (fault.fault != null) return `fault ${fault.fault.faultCode}`;
  if (fault.authenticationFault != null) return `authenticationFault ${fault.authenticationFault.errorCode}`;
  if (fault.httpStatus != null) return `HTTP ${fault.httpStatus}`;
  if (fault.delayMs != null) return `${fault.delayMs} ms`;
  return 'dropConnection';
}

export function FaultsPanel({ sandbox, current }: PanelProps) {
  const { t } = useTexts();
  const inject = useAction();
  const clear = useAction();
  const [behaviour, setBehaviour] = useState<Behaviour>('fault');
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
  const faults = current?.fault ?? [];
  return (
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
  );
}
