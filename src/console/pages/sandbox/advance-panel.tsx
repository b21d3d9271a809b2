// Moving a parcel on as the carrier would (advanceParcel).
import { ErrorMessage, StatusMessage } from '../../components/alert.tsx';
import { STATUS_WORDS } from '../../../contract/parcel-states.ts';
import { formText as text } from '../../format.ts';
import { useTexts } from '../../i18n.ts';
import type { Route } from '../../route.ts';
import { useAction, type PanelProps } from './sandbox-controls.ts';

/** The words advanceParcel moves a parcel to (DataReceived is where every transferred parcel starts). */
const ADVANCE_WORDS = STATUS_WORDS.filter((word) => word !== 'DataReceived');

export function AdvancePanel({ sandbox, route }: Pick<PanelProps, 'sandbox'> & { readonly route: Route }) {
  const texts = useTexts();
  const { t } = texts;
  const advance = useAction();
  const onAdvance = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void advance.run(async () => {
      const answer = await sandbox('advanceParcel', {
        parcelLabelNumber: text(form, 'parcelLabelNumber'),
        to: text(form, 'to'),
      });
      const moved = t('advanced', { number: answer.parcelLabelNumber, from: answer.previousStatus, to: answer.status });
      return answer.consolidationDate == null ? moved : `${moved} ${t('closedOnTheWay', { day: texts.day(answer.consolidationDate) })}`;
    });
  };
  return (
    <section aria-labelledby="advance" class="panel">
      <h2 id="advance">{t('advanceParcel')}</h2>
      <p>{t('advanceParcelHint')}</p>
      <form onSubmit={onAdvance} class="inline">
        <div class="field">
          <label for="advance-number">{t('parcelNumber')}</label>
          <input
            id="advance-number"
            name="parcelLabelNumber"
            required
            inputMode="numeric"
            pattern="[0-9]{14}"
            maxLength={14}
            defaultValue={route.query.get('parcel') ?? ''}
            spellcheck={false}
          />
        </div>
        <div class="field">
          <label for="advance-to">{t('to')}</label>
          <select id="advance-to" name="to">
            {ADVANCE_WORDS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={advance.busy}>
          {t('advance')}
        </button>
      </form>
      <ErrorMessage error={advance.error} />
      <StatusMessage>{advance.done}</StatusMessage>
    </section>
  );
}
