// The account's logged calls on stage (ConsoleService findStageRequests): when, which binding and
// operation, how each ended, and — opened — the masked request, the answer and its messages.
import { useState } from 'preact/hooks';
import { answerMessages } from '../answer-messages.ts';
import { LOGGED_OPERATIONS } from '../console-operations.ts';
import { ErrorMessage } from '../components/alert.tsx';
import { ListEnd, ListTable } from '../components/list-table.tsx';
import { PageTitle } from '../components/page-title.tsx';
import type { ResultOf } from '../api.ts';
import { useConsole } from '../console-context.ts';
import { formText, readable } from '../format.ts';
import { useTexts } from '../i18n.ts';
import { href, type Route } from '../route.ts';
import { useLoad } from '../use-load.ts';

/** A logged call as findStageRequests answers it. */
type StageRequest = NonNullable<ResultOf<'findStageRequests'>['stageRequest']>[number];

const PAGE_SIZE = 25;

function RequestDetails({ entry }: { readonly entry: StageRequest }) {
  const { t } = useTexts();
  const messages = answerMessages(entry.operation, entry.answer ?? undefined);
  return (
    <div class="request-details">
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
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const list = useLoad(
    () =>
      call('findStageRequests', {
        operation,
        failedOnly: failedOnly || undefined,
        includeConsole: includeConsole || undefined,
        before: before === undefined ? undefined : Number(before),
        limit: PAGE_SIZE,
      }),
    [call, operation, failedOnly, includeConsole, before],
  );
  const pageHref = (pages: readonly string[]) =>
    href(['requests'], {
      operation,
      failed: failedOnly ? '1' : undefined,
      console: includeConsole ? '1' : undefined,
      trail: pages.join(','),
    });

  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    location.hash = href(['requests'], {
      operation: formText(form, 'operation') || undefined,
      failed: form.get('failed') === null ? undefined : '1',
      console: form.get('console') === null ? undefined : '1',
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
      <ListTable
        caption={t('requestsCaption')}
        columns={[t('time'), t('binding'), t('operation'), t('outcome'), t('errorCode'), t('details')]}
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
                <td colSpan={6}>{expanded ? <RequestDetails entry={entry} /> : null}</td>
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
