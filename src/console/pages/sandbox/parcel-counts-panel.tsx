// How many of the account's parcels are in each state.
import { useTexts } from '../../i18n.ts';
import type { PanelProps } from './sandbox-controls.ts';

export function ParcelCountsPanel({ current }: Pick<PanelProps, 'current'>) {
  const texts = useTexts();
  const { t } = texts;
  return (
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
  );
}
