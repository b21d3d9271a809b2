// The account's logged calls on stage (ConsoleService findStageRequests): when, which binding and
// operation, how each ended (HTTP status, duration, request id), found by parcel number, reference,
// request id and time, and — opened — the masked request, the answer and its messages, the call as
// curl (copy-call.ts) and a replay after a confirmation. Above the list, today's refused calls that
// named the account (counted, never logged one by one), with each address's last.
import { useRef, useState } from 'preact/hooks';
import { curlCommand, isResendable, replayCall, type ReplayAnswer } from '../copy-call.ts';
import { answerMessages } from '../answer-messages.ts';
import { LOGGED_OPERATIONS } from '../console-operations.ts';
import { ErrorMessage } from '../components/alert.tsx';
import { ListEnd, ListTable } from '../components/list-table.tsx';
import { PageTitle } from '../components/page-title.tsx';
import type { ResultOf } from '../api.ts';
import { useConsole } from '../console-context.ts';
import { formText, readable } from '../format.ts';
import { useTexts } from '../i18n.ts';
import { instantOfLocal, localOfInstant } from '../zone-time.ts';
import { href, type Route } from '../route.ts';
import { useLoad } from '../use-load.ts';

/** A logged call as findStageRequests answers it. */
type StageRequest = NonNullable<ResultOf<'findStageRequests'>['stageRequest']>[number];
/** Today's refused calls naming the account, as findStageRequests answers them. */
type RefusedCalls = NonNullable<ResultOf<'findStageRequests'>['refusedCalls']>;

/** "4,812 refused calls naming you from 37 addresses today", and each address's last one. */
function RefusedCallsToday({ refused }: { readonly refused: RefusedCalls }) {
  const texts = useTexts();
  const { t } = texts;
  if (refused.count === 0) return null;
  const number = (value: number) => value.toLocaleString(texts.language);
  return (
    <section class="refused-calls" aria-label={t('refusedCallsCaption')}>
      <p>{t('refusedCallsToday', { count: number(refused.count), addresses: number(refused.addresses), day: refused.day })}</p>
      {refused.moreAddresses ? <p>{t('refusedCallsMoreAddresses', { addresses: number(refused.addresses) })}</p> : null}
      <ListTable
        caption={t('refusedCallsCaption')}
        columns={[t('time'), t('address'), t('calls'), t('operation'), t('errorCode'), t('httpStatus')]}
        busy={false}
      >
        <tbody>
          {(refused.example ?? []).map((example) => (
            <tr key={example.clientAddress}>
              <td>
                <time dateTime={example.at}>{texts.dateTime(example.at)}</time>
              </td>
              <td>{example.clientAddress}</td>
              <td>{number(example.count)}</td>
              <td>{example.operation}</td>
              <td>{example.errorCode}</td>
              <td>{example.httpStatus}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
    </section>
  );
}

const PAGE_SIZE = 25;

/** The curl command of a call and the replay, both with the console's own login (stage). */
function SendAgain({ entry }: { readonly entry: StageRequest }) {
  const { session } = useConsole();
  const { t } = useTexts();
  const dialog = useRef<HTMLDialogElement>(null);
  const [curl, setCurl] = useState<string | undefined>(undefined);
  const [replayed, setReplayed] = useState<ReplayAnswer | undefined>(undefined);
  const [failure, setFailure] = useState<Error | undefined>(undefined);
  const copy = () => {
    const command = curlCommand(entry, location.origin, session);
    setCurl(command);
    void navigator.clipboard?.writeText(command).catch(() => {});
  };
  const replay = async () => {
    dialog.current?.close();
    try {
      setReplayed(await replayCall(entry, location.origin, session));
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return (
    <div class="send-again">
      <div class="actions">
        <button type="button" class="secondary small" onClick={copy}>
          {entry.binding === 'SOAP' ? t('copySoap') : t('copyCurl')}
        </button>
        <button type="button" class="secondary small" onClick={() => dialog.current?.showModal()}>
          {t('replay')}
        </button>
      </div>
      {curl === undefined ? null : (
        <pre class="code curl" tabIndex={0}>
          {curl}
        </pre>
      )}
      <ErrorMessage error={failure} />
      {replayed === undefined ? null : (
        <p role="status" class="replayed">
          {t('replayAnswer', { status: replayed.status, requestId: replayed.requestId ?? '' })}
        </p>
      )}
      <dialog ref={dialog} aria-labelledby={`replay-title-${entry.id}`} aria-describedby={`replay-text-${entry.id}`}>
        <h2 id={`replay-title-${entry.id}`}>{t('replayConfirmTitle')}</h2>
        <p id={`replay-text-${entry.id}`}>{t('replayConfirmText', { operation: entry.operation })}</p>
        <div class="actions">
          <button type="button" class="secondary" autofocus onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </button>
          <button type="button" onClick={() => void replay()}>
            {t('replayConfirm')}
          </button>
        </div>
      </dialog>
    </div>
  );
}

function RequestDetails({ entry }: { readonly entry: StageRequest }) {
  const { t } = useTexts();
  const messages = answerMessages(entry.operation, entry.answer ?? undefined);
  return (
    <div class="request-details">
      {entry.refusedBeforeAuthentication ? <p>{t('refusedBeforeAuthentication')}</p> : null}
      {isResendable(entry) ? <SendAgain entry={entry} /> : null}
      {messages.length > 0 ? (
        <section aria-labelledby={`messages-${entry.id}`}>
          <h3 id={`messages-${entry.id}`}>{t('messages')}</h3>
          <ul class="messages">
            {messages.map((message, index) => (
              <li key={index}>
                {message.code === '' ? null : <code>{message.code}</code>} {message.text}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div class="texts">
        <section aria-labelledby={`request-${entry.id}`}>
          <h3 id={`request-${entry.id}`}>{t('request')}</h3>
          <pre class="code" tabIndex={0} aria-labelledby={`request-${entry.id}`}>
            {readable(entry.request)}
          </pre>
        </section>
        <section aria-labelledby={`answer-${entry.id}`}>
          <h3 id={`answer-${entry.id}`}>{t('answer')}</h3>
          {entry.answer == null ? (
            <p>{t('noAnswer')}</p>
          ) : (
            <pre class="code" tabIndex={0} aria-labelledby={`answer-${entry.id}`}>
              {readable(entry.answer)}
            </pre>
          )}
        </section>
      </div>
    </div>
  );
}

export function RequestsPage({ route }: { readonly route: Route }) {
  const { call } = useConsole();
  const texts = useTexts();
  const { t } = texts;
  const operation = route.query.get('operation') ?? undefined;
  const failedOnly = route.query.get('failed') === '1';
  const includeConsole = route.query.get('console') === '1';
  const trail = route.query.get('trail')?.split(',') ?? [];
  const before = trail.at(-1);
  const search = route.query.get('search') ?? undefined;
  const requestId = route.query.get('requestId') ?? undefined;
  const from = route.query.get('timeFrom') ?? undefined;
  const to = route.query.get('timeTo') ?? undefined;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const list = useLoad(
    () =>
      call('findStageRequests', {
        operation,
        failedOnly: failedOnly || undefined,
        includeConsole: includeConsole || undefined,
        before: before === undefined ? undefined : Number(before),
        search,
        requestId,
        from,
        to,
        limit: PAGE_SIZE,
      }),
    [call, operation, failedOnly, includeConsole, before, search, requestId, from, to],
  );
  const pageHref = (pages: readonly string[]) =>
    href(['requests'], {
      operation,
      failed: failedOnly ? '1' : undefined,
      console: includeConsole ? '1' : undefined,
      search,
      requestId,
      from,
      to,
      trail: pages.join(','),
    });

  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    location.hash = href(['requests'], {
      operation: formText(form, 'operation') || undefined,
      failed: form.get('failed') === null ? undefined : '1',
      console: form.get('console') === null ? undefined : '1',
      search: formText(form, 'search') || undefined,
      requestId: formText(form, 'requestId') || undefined,
      from: instantOfLocal(formText(form, 'from'), texts.timeZone),
      to: instantOfLocal(formText(form, 'to'), texts.timeZone),
    });
  };
  const toggle = (id: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const entries = list.data?.stageRequest ?? [];
  const last = entries.at(-1);
  return (
    <>
      <PageTitle>{t('requestsTitle')}</PageTitle>
      <p>{t('requestsIntro')}</p>
      <form key={route.query.toString()} class="filters" onSubmit={apply} aria-label={t('filters')}>
        <div class="field">
          <label for="filter-operation">{t('operation')}</label>
          <select id="filter-operation" name="operation">
            <option value="">{t('anyOperation')}</option>
            {LOGGED_OPERATIONS.map((name) => (
              <option key={name} value={name} selected={name === operation}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-search">{t('search')}</label>
          <input id="filter-search" name="search" type="search" maxLength={35} defaultValue={search ?? ''} />
        </div>
        <div class="field">
          <label for="filter-request-id">{t('requestId')}</label>
          <input id="filter-request-id" name="requestId" type="text" maxLength={64} defaultValue={requestId ?? ''} />
        </div>
        <div class="field">
          <label for="filter-from">{t('timeFrom')}</label>
          <input id="filter-from" name="from" type="datetime-local" defaultValue={localOfInstant(from, texts.timeZone)} />
        </div>
        <div class="field">
          <label for="filter-to">{t('timeTo')}</label>
          <input id="filter-to" name="to" type="datetime-local" defaultValue={localOfInstant(to, texts.timeZone)} />
        </div>
        <div class="field checkbox">
          <input id="filter-failed" name="failed" type="checkbox" defaultChecked={failedOnly} />
          <label for="filter-failed">{t('failedOnly')}</label>
        </div>
        <div class="field checkbox">
          <input id="filter-console" name="console" type="checkbox" defaultChecked={includeConsole} />
          <label for="filter-console">{t('includeConsole')}</label>
        </div>
        <div class="actions">
          <button type="submit">{t('apply')}</button>
          <button type="button" class="secondary" onClick={list.reload}>
            {t('refresh')}
          </button>
        </div>
      </form>
      <ErrorMessage error={list.error} />
      {list.data?.refusedCalls == null ? null : <RefusedCallsToday refused={list.data.refusedCalls} />}
      <ListTable
        caption={t('requestsCaption')}
        columns={[
          t('time'),
          t('binding'),
          t('operation'),
          t('outcome'),
          t('errorCode'),
          t('httpStatus'),
          t('duration'),
          t('requestId'),
          t('details'),
        ]}
        busy={list.loading}
        className="requests"
      >
        {entries.map((entry) => {
          const expanded = open.has(entry.id);
          return (
            <tbody key={entry.id}>
              <tr class={entry.errorCode === undefined ? 'ok' : 'failed'}>
                <td>
                  <time dateTime={entry.at}>{texts.dateTime(entry.at)}</time>
                </td>
                <td>{entry.binding}</td>
                <td>{entry.operation}</td>
                <td>
                  <span class={`outcome outcome-${entry.errorCode === undefined ? 'ok' : 'failed'}`}>
                    {entry.errorCode === undefined ? t('ok') : t('failed')}
                  </span>
                </td>
                <td>{entry.errorCode === undefined ? null : <code>{entry.errorCode}</code>}</td>
                <td>{entry.httpStatus ?? null}</td>
                <td>{entry.durationMs == null ? null : t('milliseconds', { ms: entry.durationMs })}</td>
                <td>{entry.requestId == null ? null : <code class="request-id">{entry.requestId}</code>}</td>
                <td>
                  <button
                    type="button"
                    class="secondary small"
                    aria-expanded={expanded}
                    aria-controls={`request-${entry.id}-details`}
                    onClick={() => toggle(entry.id)}
                  >
                    {expanded ? t('hide') : t('show')}
                    <span class="visually-hidden">
                      {' '}
                      {entry.operation} {texts.dateTime(entry.at)}
                    </span>
                  </button>
                </td>
              </tr>
              <tr id={`request-${entry.id}-details`} hidden={!expanded}>
                <td colSpan={9}>{expanded ? <RequestDetails entry={entry} /> : null}</td>
              </tr>
            </tbody>
          );
        })}
      </ListTable>
      <ListEnd
        loading={list.loading}
        empty={entries.length === 0 && list.error === undefined ? t('noRequests') : undefined}
        newer={trail.length > 0 ? pageHref(trail.slice(0, -1)) : undefined}
        older={list.data?.more === true && last !== undefined ? pageHref([...trail, String(last.id)]) : undefined}
      />
    </>
  );
}
