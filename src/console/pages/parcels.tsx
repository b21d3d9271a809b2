// The account's parcels, newest first, a page at a time (ConsoleService findParcels): filtered by
// state and ship date, searched by parcel number or reference. The filters and the page live in the
// URL, so the browser's back button returns to the same list.
import { PARCEL_STATES } from '../../contract/parcel-states.ts';
import { ErrorMessage } from '../components/alert.tsx';
import { ListEnd, ListTable } from '../components/list-table.tsx';
import { PageTitle } from '../components/page-title.tsx';
import type { ResultOf } from '../api.ts';
import { useConsole } from '../console-context.ts';
import { dayNumber, formText, isoDay } from '../format.ts';
import { useTexts } from '../i18n.ts';
import { href, type Route } from '../route.ts';
import { useLoad } from '../use-load.ts';

/** A parcel as findParcels lists it. */
export type ParcelSummary = NonNullable<ResultOf<'findParcels'>['parcel']>[number];

const PAGE_SIZE = 20;

/** The list's filters as the URL holds them; `trail` is the `after` of each page before this one. */
interface Filters {
  readonly state?: string;
  readonly from?: string;
  readonly to?: string;
  readonly q?: string;
  readonly trail: readonly string[];
}

function filtersOf(route: Route): Filters {
  const value = (name: string) => route.query.get(name) ?? undefined;
  return { state: value('state'), from: value('from'), to: value('to'), q: value('q'), trail: value('trail')?.split(',') ?? [] };
}

function listHref(filters: Filters): string {
  return href(['parcels'], { state: filters.state, from: filters.from, to: filters.to, q: filters.q, trail: filters.trail.join(',') });
}

export function ParcelsPage({ route }: { readonly route: Route }) {
  const { call } = useConsole();
  const texts = useTexts();
  const { t } = texts;
  const filters = filtersOf(route);
  const after = filters.trail.at(-1);
  const list = useLoad(
    () =>
      call('findParcels', {
        state: filters.state,
        shipDateFrom: filters.from,
        shipDateTo: filters.to,
        search: filters.q,
        after,
        limit: PAGE_SIZE,
      }),
    [call, filters.state, filters.from, filters.to, filters.q, after],
  );

  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => formText(form, name) || undefined;
    location.hash = listHref({
      state: text('state'),
      from: dayNumber(text('from') ?? ''),
      to: dayNumber(text('to') ?? ''),
      q: text('q'),
      trail: [],
    });
  };

  const parcels = list.data?.parcel ?? [];
  const last = parcels.at(-1);
  return (
    <>
      <PageTitle>{t('parcelsTitle')}</PageTitle>
      {/* Keyed by the URL's query: a new list (Clear, back) starts from a fresh form with its filters. */}
      <form key={route.query.toString()} class="filters" onSubmit={apply} aria-label={t('filters')}>
        <div class="field">
          <label for="filter-state">{t('state')}</label>
          <select id="filter-state" name="state">
            <option value="">{t('anyState')}</option>
            {PARCEL_STATES.map((state) => (
              <option key={state} value={state} selected={state === filters.state}>
                {texts.stateName(state)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-from">{t('shipDateFrom')}</label>
          <input id="filter-from" name="from" type="date" defaultValue={isoDay(filters.from)} />
        </div>
        <div class="field">
          <label for="filter-to">{t('shipDateTo')}</label>
          <input id="filter-to" name="to" type="date" defaultValue={isoDay(filters.to)} />
        </div>
        <div class="field wide">
          <label for="filter-q">{t('search')}</label>
          <input id="filter-q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={35} aria-describedby="filter-q-hint" />
          <p id="filter-q-hint" class="hint">
            {t('searchHint')}
          </p>
        </div>
        <div class="actions">
          <button type="submit">{t('apply')}</button>
          <a class="button secondary" href={href(['parcels'])}>
            {t('clearFilters')}
          </a>
        </div>
      </form>
      <ErrorMessage error={list.error} />
      <ListTable
        caption={t('parcelsCaption')}
        columns={[t('parcelNumber'), t('state'), t('shipDate'), t('recipient'), t('references'), t('product')]}
        busy={list.loading}
      >
        <tbody>
          {parcels.map((parcel) => (
            <tr key={parcel.parcelLabelNumber}>
              <td>
                <a href={href(['parcels', parcel.parcelLabelNumber])}>{parcel.parcelLabelNumber}</a>
              </td>
              <td>
                <span class={`state state-${parcel.state}`}>{texts.stateName(parcel.state)}</span>
              </td>
              <td>{texts.day(parcel.shipDate)}</td>
              <td>{[parcel.recipientName, parcel.recipientCity, parcel.recipientCountry].filter(Boolean).join(', ')}</td>
              <td>{(parcel.reference ?? []).join(', ')}</td>
              <td>{parcel.product}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListEnd
        loading={list.loading}
        empty={parcels.length === 0 && list.error === undefined ? t('noParcels') : undefined}
        newer={filters.trail.length > 0 ? listHref({ ...filters, trail: filters.trail.slice(0, -1) }) : undefined}
        older={
          list.data?.more === true && last !== undefined
            ? listHref({ ...filters, trail: [...filters.trail, last.parcelLabelNumber] })
            : undefined
        }
      />
    </>
  );
}
