// The two lists of the console (Parcels, Requests) in one form: a captioned table with its column
// headers, then whether it is loading or empty, and the links to the newer and older pages.
import type { ComponentChildren } from 'preact';
import { useTexts } from '../i18n.ts';

export function ListTable(props: {
  readonly caption: string;
  readonly columns: readonly string[];
  readonly busy: boolean;
  readonly className?: string;
  /** The table's body or bodies. */
  readonly children: ComponentChildren;
}) {
  return (
    <div class="table-wrap" aria-busy={props.busy}>
      <table class={props.className}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {props.children}
      </table>
    </div>
  );
}

/** Below a list: "loading" or its empty text, and the newer and older pages where there are any. */
export function ListEnd(props: {
  readonly loading: boolean;
  /** The text when the list is empty; undefined when it is not (or failed). */
  readonly empty?: string;
  readonly newer?: string;
  readonly older?: string;
}) {
  const { t } = useTexts();
  return (
    <>
      {props.loading ? <p role="status">{t('loading')}</p> : props.empty === undefined ? null : <p role="status">{props.empty}</p>}
      <nav class="pages" aria-label={t('pageNavigation')}>
        {props.newer === undefined ? null : (
          <a class="button secondary" href={props.newer}>
            {t('newer')}
          </a>
        )}
        {props.older === undefined ? null : (
          <a class="button secondary" href={props.older}>
            {t('older')}
          </a>
        )}
      </nav>
    </>
  );
}
