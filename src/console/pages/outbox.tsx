// The outbox (ConsoleService findNotifications): what the account's parcels' receivers were told — on
// stage, what they would have been told — newest first, a page at a time, optionally of one parcel;
// and one message as its receiver sees it: an e-mail's HTML in a sandboxed frame (no script, no
// origin, under the console's own Content-Security-Policy), an SMS as its text, a call as what it reads.
import { ErrorMessage } from '../components/alert.tsx';
import { ListEnd, ListTable } from '../components/list-table.tsx';
import { PageTitle } from '../components/page-title.tsx';
import type { ResultOf } from '../api.ts';
import { useConsole } from '../console-context.ts';
import { useTexts, type Texts } from '../i18n.ts';
import { href, type Route } from '../route.ts';
import { useLoad } from '../use-load.ts';

/** A message as findNotifications lists it. */
export type NotificationEntry = NonNullable<ResultOf<'findNotifications'>['notification']>[number];

const PAGE_SIZE = 20;

/** The list's state as the URL holds it: a parcel, the `after` of each page before this one, the message shown. */
interface OutboxQuery {
  readonly parcel?: string;
  readonly trail: readonly string[];
  readonly message?: string;
}

function queryOf(route: Route): OutboxQuery {
  const value = (name: string) => route.query.get(name) ?? undefined;
  return { parcel: value('parcel'), trail: value('trail')?.split(',') ?? [], message: value('message') };
}

export function outboxHref(query: OutboxQuery): string {
  return href(['outbox'], { parcel: query.parcel, trail: query.trail.join(','), message: query.message });
}

/** The channel's name: 1 e-mail, 2 telephone, 3 SMS. */
export function channelName(texts: Texts, channel: number): string {
  return channel === 1 ? texts.t('channelEmail') : channel === 2 ? texts.t('channelTelephone') : texts.t('channelSms');
}

/** Which of the order's fields the message answers. */
export function kindName(texts: Texts, message: NotificationEntry): string {
  if (message.kind === 'predict') return texts.t('kindPredict');
  if (message.kind === 'parcelShopNotification') return texts.t('kindParcelShop');
  return texts.t('kindProactive', { rule: message.rule ?? '' });
}

export function statusName(texts: Texts, status: string): string {
  const key = (
    {
      captured: 'statusCaptured',
      queued: 'statusQueued',
      sending: 'statusSending',
      sent: 'statusSent',
      failed: 'statusFailed',
      unsent: 'statusUnsent',
    } as const
  )[status];
  return key === undefined ? status : texts.t(key);
}

/** One message as its receiver gets it, with what the outbox knows of it. */
export function MessageView({ message, texts }: { readonly message: NotificationEntry; readonly texts: Texts }) {
  const { t } = texts;
  const facts: ReadonlyArray<[string, string | undefined]> = [
    [t('recipientTo'), message.value],
    [t('channel'), channelName(texts, message.channel)],
    [t('kind'), kindName(texts, message)],
    [t('event'), message.event],
    [t('parcelNumber'), message.parcelLabelNumber],
    [
      t('messageLanguage'),
      message.textLanguage === message.language.toLowerCase() ? message.language : `${message.language} → ${message.textLanguage}`,
    ],
    [t('when'), texts.dateTime(message.at)],
    [t('status'), statusName(texts, message.status)],
    [t('statusReason'), message.statusReason ?? undefined],
    [t('attempts'), message.attempts == null ? undefined : String(message.attempts)],
    [t('sentAt'), message.sentAt == null ? undefined : texts.dateTime(message.sentAt)],
  ];
  return (
    <section aria-labelledby="message-title" class="message">
      <h2 id="message-title">{message.subject}</h2>
      <dl class="facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== undefined)
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <h3>{t('asReceived')}</h3>
      {message.html != null ? (
        <>
          {/* sandbox="": no script, no form, no origin of its own; the page's CSP applies inside too. */}
          <iframe class="message-frame" sandbox="" srcdoc={message.html} title={t('emailFrame', { subject: message.subject })} />
          <details>
            <summary>{t('textPart')}</summary>
            <pre class="message-text">{message.text}</pre>
          </details>
        </>
      ) : message.channel === 3 ? (
        <>
          <p class="sms">{message.text}</p>
          <p class="hint">{t('smsLength', { count: message.text.length })}</p>
        </>
      ) : (
        <>
          <p class="hint">{t('voiceText')}</p>
          <blockquote class="voice">{message.text}</blockquote>
        </>
      )}
    </section>
  );
}

export function OutboxPage({ route }: { readonly route: Route }) {
  const { call, environment } = useConsole();
  const texts = useTexts();
  const { t } = texts;
  const query = queryOf(route);
  const after = query.trail.at(-1);
  const list = useLoad(
    () =>
      call('findNotifications', {
        parcelLabelNumber: query.parcel,
        after: after === undefined ? undefined : Number(after),
        limit: PAGE_SIZE,
      }),
    [call, query.parcel, after],
  );
  const messages = list.data?.notification ?? [];
  const last = messages.at(-1);
  const shown = messages.find((message) => String(message.id) === query.message);
  return (
    <>
      <PageTitle>{query.parcel === undefined ? t('outboxTitle') : t('outboxParcelTitle', { number: query.parcel })}</PageTitle>
      <p>{environment === 'stage' ? t('outboxIntroStage') : t('outboxIntroLive')}</p>
      {query.parcel === undefined ? null : (
        <p>
          <a href={href(['parcels', query.parcel])}>{t('backToParcel', { number: query.parcel })}</a> ·{' '}
          <a href={outboxHref({ trail: [] })}>{t('allMessages')}</a>
        </p>
      )}
      <ErrorMessage error={list.error} />
      <ListTable
        caption={t('outboxCaption')}
        columns={[t('when'), t('parcelNumber'), t('kind'), t('event'), t('channel'), t('recipientTo'), t('subject'), t('status')]}
        busy={list.loading}
        className="outbox"
      >
        <tbody>
          {messages.map((message) => (
            <tr key={message.id} aria-current={message === shown ? 'true' : undefined}>
              <td>
                <time dateTime={message.at}>{texts.dateTime(message.at)}</time>
              </td>
              <td>
                <a href={href(['parcels', message.parcelLabelNumber])}>{message.parcelLabelNumber}</a>
              </td>
              <td>{kindName(texts, message)}</td>
              <td>{message.event}</td>
              <td>{channelName(texts, message.channel)}</td>
              <td class="recipient">{message.value}</td>
              <td>
                <a href={outboxHref({ ...query, message: String(message.id) })}>{message.subject}</a>
              </td>
              <td>
                <span class={`status status-${message.status}`}>{statusName(texts, message.status)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListEnd
        loading={list.loading}
        empty={messages.length === 0 && list.error === undefined ? t('noNotifications') : undefined}
        newer={query.trail.length > 0 ? outboxHref({ parcel: query.parcel, trail: query.trail.slice(0, -1) }) : undefined}
        older={
          list.data?.more === true && last !== undefined
            ? outboxHref({ parcel: query.parcel, trail: [...query.trail, String(last.id)] })
            : undefined
        }
      />
      {shown === undefined ? null : <MessageView message={shown} texts={texts} />}
    </>
  );
}
