// The Day end page (ConsoleService getDayEnds, EndOfDayService endOfDay): for a day or a few (up to a
// manifest's week, the account's last seven days at first), the parcels whose data was transferred to
// the carrier each day, their orders and weight, whether startOrdersConsolidation closed the day, and
// the end-of-day manifest of a day or of the whole period, made by endOfDay itself and downloaded as
// its PDF.
import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage, StatusMessage } from '../components/alert.tsx';
import { ListTable } from '../components/list-table.tsx';
import { PageTitle } from '../components/page-title.tsx';
import type { ResultOf } from '../api.ts';
import { useConsole } from '../console-context.ts';
import { bytesOf, dayNumber, formText, isoDay } from '../format.ts';
import { useTexts, type Texts } from '../i18n.ts';
import { href, type Route } from '../route.ts';
import { useLoad } from '../use-load.ts';
import { localOfInstant } from '../zone-time.ts';

type DayEnds = ResultOf<'getDayEnds'>;
type Counts = Pick<DayEnds, 'parcels' | 'weight' | 'unweighed'>;

/** YYYYMMDD `days` after (or before) `day`. */
function addDays(day: string, days: number): string {
  const at = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)) + days));
  return at.toISOString().slice(0, 10).replaceAll('-', '');
}

export function dayEndHref(from: string, to: string): string {
  return href(['day-end'], { from, to });
}

/** A weight in decagrams as kilograms, and how many parcels were not weighed. */
function weightText(texts: Texts, counts: Counts): string {
  const kg = (counts.weight / 100).toLocaleString(texts.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return counts.unweighed > 0 ? texts.t('weightWithUnweighed', { kg, count: counts.unweighed }) : texts.t('weightKg', { kg });
}

/** A manifest made: its file name and an object URL of its PDF (revoked when another is made or the page goes). */
interface MadeManifest {
  readonly file: string;
  readonly url: string;
  readonly message: string;
}

/** Makes and offers the manifest of from–to (endOfDay, whole days). */
function useManifest() {
  const { call } = useConsole();
  const texts = useTexts();
  const [made, setMade] = useState<MadeManifest>();
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState<string>();
  useEffect(
    () => () => {
      if (made !== undefined) URL.revokeObjectURL(made.url);
    },
    [made],
  );
  const make = async (from: string, to: string, parcels: number) => {
    setBusy(`${from}-${to}`);
    setError(undefined);
    try {
      const answer = await call('endOfDay', {
        period: { dateFrom: from, timeFrom: 0, dateTo: to, timeTo: 2400 },
        printOptions: { printerLanguage: 'PDF' },
      });
      const url = URL.createObjectURL(new Blob([bytesOf(answer.manifestPDF ?? '')], { type: 'application/pdf' }));
      const file = from === to ? `manifest-${from}.pdf` : `manifest-${from}-${to}.pdf`;
      setMade({ file, url, message: texts.t('manifestReady', { from: texts.day(Number(from)), to: texts.day(Number(to)), parcels }) });
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      setBusy(undefined);
    }
  };
  return { made, error, busy, make };
}

function DayEndTable({ from, to, texts }: { readonly from: string; readonly to: string; readonly texts: Texts }) {
  const { call } = useConsole();
  const { t } = texts;
  const counts = useLoad(() => call('getDayEnds', { period: { dateFrom: from, dateTo: to } }), [call, from, to]);
  const manifest = useManifest();
  const days = counts.data?.day ?? [];
  return (
    <>
      <ErrorMessage error={counts.error} />
      <ListTable
        caption={t('dayEndCaption', { from: texts.day(Number(from)), to: texts.day(Number(to)) })}
        columns={[t('day'), t('parcelsCount'), t('ordersCount'), t('weight'), t('dayClosed'), t('manifest')]}
        busy={counts.loading}
        className="day-end"
      >
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{texts.day(day.date)}</th>
              <td>{day.parcels}</td>
              <td>{day.orders}</td>
              <td>{weightText(texts, day)}</td>
              <td>
                {day.closedAt == null ? (
                  t('dayOpen')
                ) : (
                  <span class="state state-delivered">
                    {t('dayClosedAt', { at: texts.dateTime(day.closedAt), count: day.closedParcels ?? 0 })}
                  </span>
                )}
              </td>
              <td>
                <button
                  type="button"
                  class="secondary small"
                  disabled={manifest.busy !== undefined}
                  aria-label={t('makeManifestOf', { day: texts.day(day.date) })}
                  onClick={() => void manifest.make(String(day.date), String(day.date), day.parcels)}
                >
                  {t('makeManifest')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
        {counts.data === undefined ? null : (
          <tfoot>
            <tr>
              <th scope="row">{t('periodTotal')}</th>
              <td>{counts.data.parcels}</td>
              <td>{counts.data.orders}</td>
              <td>{weightText(texts, counts.data)}</td>
              <td />
              <td>
                <button
                  type="button"
                  class="small"
                  disabled={manifest.busy !== undefined}
                  onClick={() => void manifest.make(from, to, counts.data?.parcels ?? 0)}
                >
                  {t('makePeriodManifest')}
                </button>
              </td>
            </tr>
          </tfoot>
        )}
      </ListTable>
      {counts.loading ? <p role="status">{t('loading')}</p> : null}
      <ErrorMessage error={manifest.error} />
      {manifest.made === undefined ? null : (
        <div class="manifest-made">
          <StatusMessage>{manifest.made.message}</StatusMessage>
          <a class="button" href={manifest.made.url} download={manifest.made.file}>
            {t('download', { file: manifest.made.file })}
          </a>
        </div>
      )}
    </>
  );
}

export function DayEndPage({ route }: { readonly route: Route }) {
  const { call } = useConsole();
  const texts = useTexts();
  const { t } = texts;
  const asked = { from: route.query.get('from') ?? undefined, to: route.query.get('to') ?? undefined };
  // At first: the account's last seven days, ending on its today (its own clock on stage).
  const account = useLoad(
    () => (asked.from !== undefined && asked.to !== undefined ? Promise.resolve(undefined) : call('getAccount', {})),
    [call, asked.from, asked.to],
  );
  const today = account.data === undefined ? undefined : dayNumber(localOfInstant(account.data.now, texts.timeZone).slice(0, 10));
  const to = asked.to ?? today;
  const from = asked.from ?? (to === undefined ? undefined : addDays(to, -6));
  const onShow = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const chosenFrom = dayNumber(formText(form, 'from'));
    const chosenTo = dayNumber(formText(form, 'to')) ?? chosenFrom;
    if (chosenFrom !== undefined && chosenTo !== undefined) location.hash = dayEndHref(chosenFrom, chosenTo);
  };
  return (
    <>
      <PageTitle>{t('dayEndTitle')}</PageTitle>
      <p>{t('dayEndIntro')}</p>
      <ErrorMessage error={account.error} />
      {from === undefined || to === undefined ? (
        account.loading ? (
          <p role="status">{t('loading')}</p>
        ) : null
      ) : (
        <>
          <form class="inline" onSubmit={onShow} key={`${from}-${to}`}>
            <div class="field">
              <label for="day-end-from">{t('dayEndFrom')}</label>
              <input id="day-end-from" name="from" type="date" required defaultValue={isoDay(from)} />
            </div>
            <div class="field">
              <label for="day-end-to">{t('dayEndTo')}</label>
              <input id="day-end-to" name="to" type="date" defaultValue={isoDay(to)} />
            </div>
            <button type="submit">{t('show')}</button>
          </form>
          <DayEndTable from={from} to={to} texts={texts} />
        </>
      )}
    </>
  );
}
