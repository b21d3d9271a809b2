// The Pushes page (ConsoleService findPushes, resendPush): every tracking push to the account's
// receiver, newest first, a page at a time, optionally of one parcel — its code, state, pushid, tries
// and next try — and one push opened: its parameters, the address it goes to, every try with the
// receiver's answer, "copy as curl" (the exact GET the carrier sends, to replay against the receiver)
// and, for a push given up, "send again" (same pushid).
import { useState } from 'preact/hooks';
import { ErrorMessage, StatusMessage } from '../components/alert.tsx';
import { ListEnd, ListTable } from '../components/list-table.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { PUSH_REQUEST_HEADERS } from '../../contract/push-codes.ts';
import type { ResultOf } from '../api.ts';
import { useConsole } from '../console-context.ts';
import { pushCurlCommand } from '../copy-call.ts';
import { useTexts, type Texts } from '../i18n.ts';
import { href, type Route } from '../route.ts';
import { useLoad } from '../use-load.ts';

/** A push as findPushes lists it. */
export type PushEntry = NonNullable<ResultOf<'findPushes'>['push']>[number];

const PAGE_SIZE = 20;

/** The list's state as the URL holds it: a parcel, the `after` of each page before this one, the push shown. */
interface PushesQuery {
  readonly parcel?: string;
  readonly trail: readonly string[];
  readonly push?: string;
}

function queryOf(route: Route): PushesQuery {
  const value = (name: string) => route.query.get(name) ?? undefined;
  return { parcel: value('parcel'), trail: value('trail')?.split(',') ?? [], push: value('push') };
}

export function pushesHref(query: PushesQuery): string {
  return href(['pushes'], { parcel: query.parcel, trail: query.trail.join(','), push: query.push });
}

/** Where a push stands, in words: delivered, waiting (with its next try), being sent, given up. */
export function pushStateName(texts: Texts, push: PushEntry): string {
  const { t } = texts;
  if (push.state === 'delivered') return t('pushDelivered');
  if (push.state === 'sending') return t('pushSending');
  if (push.state === 'given_up') return t('pushGivenUp');
  return t('pushWaiting');
}

/** "Send again" of a push given up: resendPush, then the list loaded again. */
function SendAgain({ push, onSent }: { readonly push: PushEntry; readonly onSent: () => void }) {
  const { call } = useConsole();
  const { t } = useTexts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const [done, setDone] = useState<string>();
  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call('resendPush', { pushid: push.pushid });
      setDone(t(answer.resent > 0 ? 'sentAgain' : 'notSentAgain', { pushid: push.pushid }));
      onSent();
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {push.state === 'given_up' ? (
        <button type="button" class="small" disabled={busy} onClick={() => void send()}>
          {t('sendAgain')}
        </button>
      ) : null}
      <ErrorMessage error={error} />
      <StatusMessage>{done}</StatusMessage>
    </>
  );
}

/** One push opened: its parameters, address, tries, the curl that replays it, and "send again". */
function PushView({ push, texts, onSent }: { readonly push: PushEntry; readonly texts: Texts; readonly onSent: () => void }) {
  const { t } = texts;
  const [curl, setCurl] = useState<string>();
  const attempts = push.attempt ?? [];
  const { address } = push;
  const copy = (address: string) => {
    const command = pushCurlCommand(address, PUSH_REQUEST_HEADERS);
    setCurl(command);
    void navigator.clipboard?.writeText(command).catch(() => {});
  };
  const facts: ReadonlyArray<[string, string | undefined]> = [
    [t('parcelNumber'), push.parcelLabelNumber],
    [t('pushCode'), push.status],
    [t('when'), texts.dateTime(push.at)],
    [t('pushState'), pushStateName(texts, push)],
    [t('nextTry'), push.nextTryAt == null ? undefined : texts.dateTime(push.nextTryAt)],
    [t('givenUpReason'), push.reason ?? undefined],
    [t('pushAddress'), push.address ?? t('pushNoAddress')],
  ];
  return (
    <section aria-labelledby="push-title" class="push">
      <h2 id="push-title">{t('pushDetails', { pushid: push.pushid })}</h2>
      <dl class="facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== undefined)
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd class={term === t('pushAddress') ? 'push-address' : undefined}>{value}</dd>
            </div>
          ))}
      </dl>
      <div class="actions">
        {address == null ? null : (
          <button type="button" class="secondary small" onClick={() => copy(address)}>
            {t('copyPushCurl')}
          </button>
        )}
        <SendAgain push={push} onSent={onSent} />
      </div>
      {curl === undefined ? null : (
        <>
          <p class="hint">{t('pushCurlHint')}</p>
          <pre class="code curl" tabIndex={0}>
            {curl}
          </pre>
        </>
      )}
      <ListTable caption={t('pushParameters')} columns={[t('parameterName'), t('parameterValue')]} busy={false} className="push-parameters">
        <tbody>
          {(push.parameter ?? []).map((parameter) => (
            <tr key={parameter.name}>
              <th scope="row">{parameter.name}</th>
              <td>{parameter.value}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      {attempts.length === 0 ? (
        <p>{t('noAttempts')}</p>
      ) : (
        <ListTable
          caption={t('attemptsCaption', { pushid: push.pushid })}
          columns={[t('attemptAt'), t('attemptStatus'), t('acknowledged'), t('attemptDuration'), t('attemptAnswer')]}
          busy={false}
          className="push-attempts"
        >
          <tbody>
            {attempts.map((attempt, index) => (
              <tr key={index}>
                <td>
                  <time dateTime={attempt.at}>{texts.dateTime(attempt.at)}</time>
                </td>
                <td>{attempt.httpStatus ?? t('attemptNoAnswer')}</td>
                <td>{attempt.acknowledged ? t('yes') : t('no')}</td>
                <td>{t('attemptMs', { ms: attempt.durationMs })}</td>
                <td>
                  <code>{attempt.answer}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
    </section>
  );
}

export function PushesPage({ route }: { readonly route: Route }) {
  const { call } = useConsole();
  const texts = useTexts();
  const { t } = texts;
  const query = queryOf(route);
  const after = query.trail.at(-1);
  const list = useLoad(
    () =>
      call('findPushes', {
        parcelLabelNumber: query.parcel,
        after: after === undefined ? undefined : Number(after),
        limit: PAGE_SIZE,
      }),
    [call, query.parcel, after],
  );
  const pushes = list.data?.push ?? [];
  const last = pushes.at(-1);
  const shown = pushes.find((push) => String(push.pushid) === query.push);
  return (
    <>
      <PageTitle>{query.parcel === undefined ? t('pushesTitle') : t('pushesParcelTitle', { number: query.parcel })}</PageTitle>
      <p>{t('pushesIntro')}</p>
      {query.parcel === undefined ? null : (
        <p>
          <a href={href(['parcels', query.parcel])}>{t('backToParcel', { number: query.parcel })}</a> ·{' '}
          <a href={pushesHref({ trail: [] })}>{t('allPushes')}</a>
        </p>
      )}
      <ErrorMessage error={list.error} />
      <div class="actions">
        <button type="button" class="secondary" onClick={list.reload} aria-busy={list.loading}>
          {t('refresh')}
        </button>
      </div>
      <ListTable
        caption={t('pushesCaption')}
        columns={[
          t('when'),
          t('parcelNumber'),
          t('pushCode'),
          t('pushState'),
          t('pushid'),
          t('pushAttempts'),
          t('nextTry'),
          t('pushAction'),
        ]}
        busy={list.loading}
        className="pushes"
      >
        <tbody>
          {pushes.map((push) => (
            <tr key={push.pushid} aria-current={push === shown ? 'true' : undefined}>
              <td>
                <time dateTime={push.at}>{texts.dateTime(push.at)}</time>
              </td>
              <td>
                <a href={href(['parcels', push.parcelLabelNumber])}>{push.parcelLabelNumber}</a>
              </td>
              <td>
                <code>{push.status}</code>
              </td>
              <td>
                <span class={`state push-${push.state}`}>{pushStateName(texts, push)}</span>
              </td>
              <td>
                <a href={pushesHref({ ...query, push: String(push.pushid) })}>{push.pushid}</a>
              </td>
              <td>{(push.attempt ?? []).length}</td>
              <td>{push.nextTryAt == null ? '—' : <time dateTime={push.nextTryAt}>{texts.dateTime(push.nextTryAt)}</time>}</td>
              <td>
                <SendAgain push={push} onSent={list.reload} />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListEnd
        loading={list.loading}
        empty={pushes.length === 0 && list.error === undefined ? t('noPushes') : undefined}
        newer={query.trail.length > 0 ? pushesHref({ parcel: query.parcel, trail: query.trail.slice(0, -1) }) : undefined}
        older={
          list.data?.more === true && last !== undefined
            ? pushesHref({ parcel: query.parcel, trail: [...query.trail, String(last.pushid)] })
            : undefined
        }
      />
      {shown === undefined ? null : <PushView key={shown.pushid} push={shown} texts={texts} onSent={list.reload} />}
    </>
  );
}

/** A parcel's pushes on its page, each opening on the Pushes page. */
export function ParcelPushes({ number, texts }: { readonly number: string; readonly texts: Texts }) {
  const { call } = useConsole();
  const { t } = texts;
  const list = useLoad(() => call('findPushes', { parcelLabelNumber: number, limit: 100 }), [call, number]);
  const pushes = list.data?.push ?? [];
  return (
    <section aria-labelledby="pushes">
      <h2 id="pushes">{t('parcelPushes')}</h2>
      <ErrorMessage error={list.error} />
      {list.loading ? (
        <p role="status">{t('loading')}</p>
      ) : pushes.length === 0 && list.error === undefined ? (
        <p>{t('noParcelPushes')}</p>
      ) : (
        <ul class="pushes">
          {pushes.map((push) => (
            <li key={push.pushid}>
              <time dateTime={push.at}>{texts.dateTime(push.at)}</time> · <code>{push.status}</code> ·{' '}
              <a href={pushesHref({ parcel: number, trail: [], push: String(push.pushid) })}>{t('pushDetails', { pushid: push.pushid })}</a>{' '}
              · {pushStateName(texts, push)}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={pushesHref({ parcel: number, trail: [] })}>{t('openInPushes')}</a>
      </p>
    </section>
  );
}
