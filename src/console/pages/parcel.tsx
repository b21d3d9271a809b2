// One parcel (ConsoleService getParcelData, findNotifications and reprintLabels): its order data, its
// tracking timeline, the messages to its receiver and its label, reprinted in the format it was first
// printed in.
import { ErrorMessage } from '../components/alert.tsx';
import { LabelView } from '../components/label-view.tsx';
import { PageTitle } from '../components/page-title.tsx';
import type { ResultOf } from '../api.ts';
import { useConsole } from '../console-context.ts';
import { useTexts, type Texts } from '../i18n.ts';
import { href } from '../route.ts';
import { useLoad } from '../use-load.ts';
import { channelName, kindName, outboxHref, statusName } from './outbox.tsx';
import { ParcelPushes } from './pushes.tsx';

/** The parcel's messages to its receiver (findNotifications), each linked to the outbox that shows it. */
function Notifications({ number, texts }: { readonly number: string; readonly texts: Texts }) {
  const { call } = useConsole();
  const { t } = texts;
  const list = useLoad(() => call('findNotifications', { parcelLabelNumber: number, limit: 100 }), [call, number]);
  const messages = list.data?.notification ?? [];
  return (
    <section aria-labelledby="notifications">
      <h2 id="notifications">{t('notifications')}</h2>
      <ErrorMessage error={list.error} />
      {list.loading ? (
        <p role="status">{t('loading')}</p>
      ) : messages.length === 0 && list.error === undefined ? (
        <p>{t('noParcelNotifications')}</p>
      ) : (
        <ul class="notifications">
          {messages.map((message) => (
            <li key={message.id}>
              <time dateTime={message.at}>{texts.dateTime(message.at)}</time> · {kindName(texts, message)} · {message.event} ·{' '}
              {channelName(texts, message.channel)} <span class="recipient">{message.value}</span> ·{' '}
              <a href={outboxHref({ parcel: number, trail: [], message: String(message.id) })}>{message.subject}</a> ·{' '}
              {statusName(texts, message.status)}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={outboxHref({ parcel: number, trail: [] })}>{t('openInOutbox')}</a>
      </p>
    </section>
  );
}

/** A parcel as getParcelData answers it. */
type ParcelData = ResultOf<'getParcelData'>['parcel'];

/** An address of a parcel's order, as getParcelData answers it. */
type Address = NonNullable<NonNullable<ParcelData['order']>['generalShipmentData']['sender']>;

function AddressBlock({ title, address }: { readonly title: string; readonly address: Address }) {
  const street = [address.street, address.houseNo].filter(Boolean).join(' ');
  const place = [address.zipCode, address.city].filter(Boolean).join(' ');
  const lines = [address.name1, address.name2, street, address.street2, place, [address.state, address.country].filter(Boolean).join(' ')];
  const contact = [address.contact, address.phone, address.email];
  return (
    <div class="address">
      <h3>{title}</h3>
      <address>
        {[...lines, ...contact]
          .filter((line): line is string => line !== undefined && line !== '')
          .map((line, index) => (
            <span key={index} class="line">
              {line}
            </span>
          ))}
      </address>
    </div>
  );
}

function OrderData({ parcel, texts }: { readonly parcel: ParcelData; readonly texts: Texts }) {
  const { t } = texts;
  const gsd = parcel.order?.generalShipmentData;
  const own = parcel.order?.parcels?.[parcel.sequence - 1];
  const references = [
    gsd?.mpsCustomerReferenceNumber1,
    gsd?.mpsCustomerReferenceNumber2,
    own?.customerReferenceNumber1,
    own?.customerReferenceNumber2,
  ];
  const { printOptions } = parcel;
  const facts: ReadonlyArray<[string, string | undefined]> = [
    [t('state'), texts.stateName(parcel.state)],
    [t('shipDate'), texts.day(parcel.shipDate)],
    [t('product'), gsd?.product],
    [t('serviceCode'), parcel.serviceCode],
    [t('weight'), parcel.weight == null ? t('weightNone') : t('weightKg', { kg: (parcel.weight / 100).toLocaleString(texts.language) })],
    [
      t('inOrder'),
      [t('parcelOf', { sequence: parcel.sequence, count: parcel.parcelCount }), parcel.returns ? t('returnParcel') : undefined]
        .filter(Boolean)
        .join(' · '),
    ],
    [t('mpsId'), parcel.mpsId ?? undefined],
    [t('references'), references.filter(Boolean).join(', ') || undefined],
    [
      t('printOptions'),
      [
        printOptions.printerLanguage,
        printOptions.paperFormat,
        printOptions.dropOffType,
        printOptions.printerResolution && `${printOptions.printerResolution} dpi`,
      ]
        .filter(Boolean)
        .join(' · '),
    ],
    [t('expires'), parcel.expiresAt == null ? undefined : texts.dateTime(parcel.expiresAt)],
  ];
  return (
    <section aria-labelledby="order-data">
      <h2 id="order-data">{t('orderData')}</h2>
      <dl class="facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {gsd === undefined ? (
        <p>{t('dataRemoved', { state: texts.stateName(parcel.state) })}</p>
      ) : (
        <div class="addresses">
          <AddressBlock title={t('sender')} address={gsd.sender} />
          {gsd.senderMaskingAddress == null ? null : <AddressBlock title={t('maskingAddress')} address={gsd.senderMaskingAddress} />}
          <AddressBlock title={t('recipient')} address={gsd.recipient} />
        </div>
      )}
    </section>
  );
}

function Timeline({ parcel, texts, onRefresh }: { readonly parcel: ParcelData; readonly texts: Texts; readonly onRefresh: () => void }) {
  const { t } = texts;
  const events = parcel.trackingEvent ?? [];
  const states = parcel.event ?? [];
  return (
    <section aria-labelledby="tracking">
      <h2 id="tracking">{t('tracking')}</h2>
      {events.length === 0 ? (
        <p>{t('noTrackingEvents')}</p>
      ) : (
        <ol class="timeline" aria-label={t('trackingCaption')}>
          {events.map((event, index) => (
            <li key={`${event.status}-${index}`} aria-current={index === events.length - 1 ? 'step' : undefined}>
              <span class="timeline-state">{event.status}</span> <span class="timeline-place">{event.location}</span>{' '}
              <time dateTime={event.at}>{texts.dateTime(event.at)}</time>
              <br />
              <span class="timeline-text">
                {event.label}: {event.description}
              </span>
            </li>
          ))}
        </ol>
      )}
      <h3 id="states">{t('statesCaption')}</h3>
      <ol class="states" aria-labelledby="states">
        {states.map((event, index) => (
          <li key={`${event.state}-${index}`}>
            {texts.stateName(event.state)} <time dateTime={event.at}>{texts.dateTime(event.at)}</time>
          </li>
        ))}
      </ol>
      <button type="button" class="secondary" onClick={onRefresh}>
        {t('refresh')}
      </button>
    </section>
  );
}

export function ParcelPage({ number }: { readonly number: string }) {
  const { call, environment } = useConsole();
  const texts = useTexts();
  const { t } = texts;
  const details = useLoad(() => call('getParcelData', { parcelLabelNumber: number }), [call, number]);
  const parcel = details.data?.parcel;
  const printable = parcel?.order !== undefined;
  const labels = useLoad(
    () => (printable ? call('reprintLabels', { parcelLabelNumber: [number] }) : Promise.resolve<ResultOf<'reprintLabels'>>({ label: [] })),
    [call, number, printable],
  );
  const label = labels.data?.label?.[0];
  return (
    <>
      <p>
        <a href={href(['parcels'])}>{t('backToParcels')}</a>
      </p>
      <PageTitle>{t('parcelTitle', { number })}</PageTitle>
      <ErrorMessage error={details.error} />
      {parcel === undefined ? (
        details.loading ? (
          <p role="status">{t('loading')}</p>
        ) : null
      ) : (
        <>
          <OrderData parcel={parcel} texts={texts} />
          <Timeline parcel={parcel} texts={texts} onRefresh={details.reload} />
          <Notifications number={number} texts={texts} />
          <ParcelPushes number={number} texts={texts} />
          {environment === 'stage' ? (
            <p>
              <a href={href(['sandbox'], { parcel: number })}>{t('advanceInSandbox')}</a>
              {' · '}
              <a href={href(['requests'], { operation: 'storeOrders', search: number })}>{t('createdBy')}</a>
            </p>
          ) : null}
          <section aria-labelledby="label">
            <h2 id="label">{t('label')}</h2>
            <ErrorMessage error={labels.error} />
            {label !== undefined ? (
              <LabelView label={label} resolution={parcel.printOptions.printerResolution ?? 203} />
            ) : labels.loading ? (
              <p role="status">{t('loading')}</p>
            ) : (
              <p>{t('noLabel')}</p>
            )}
          </section>
        </>
      )}
    </>
  );
}
