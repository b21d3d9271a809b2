// The journeys the account's parcels walk (the scenario, for all or one parcel) and whether time moves them.
import { ErrorMessage, StatusMessage } from '../../components/alert.tsx';
import { SCENARIOS } from '../../../contract/parcel-states.ts';
import { formText as text } from '../../format.ts';
import { useTexts } from '../../i18n.ts';
import { useAction, type PanelProps } from './sandbox-controls.ts';

export function JourneysPanel({ sandbox, current }: PanelProps) {
  const texts = useTexts();
  const { t } = texts;
  const journeys = useAction();
  const onScenario = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const parcelLabelNumber = text(form, 'parcelLabelNumber');
    void journeys.run(async () => {
      const answer = await sandbox('setScenario', {
        scenario: text(form, 'scenario'),
        parcelLabelNumber: parcelLabelNumber === '' ? undefined : parcelLabelNumber,
      });
      return answer.parcelLabelNumber == null
        ? t('scenarioSet', { scenario: answer.scenario })
        : t('parcelScenarioSet', { scenario: answer.scenario, number: answer.parcelLabelNumber });
    });
  };
  const setJourneys = (running: boolean) =>
    void journeys.run(async () => {
      const answer = await sandbox('setJourneyClock', { running });
      return answer.running ? t('journeysRunning') : t('journeysStopped', { at: texts.dateTime(answer.stoppedAt ?? '') });
    });
  return (
    <section aria-labelledby="journeys" class="panel">
      <h2 id="journeys">{t('journeys')}</h2>
      {current === undefined ? null : (
        <p>
          {t('scenarioNow', { scenario: current.scenario })}{' '}
          {current.journeyClock.running
            ? t('journeysRunning')
            : current.journeyClock.stoppedAt == null
              ? t('journeysOff')
              : t('journeysStopped', { at: texts.dateTime(current.journeyClock.stoppedAt) })}
        </p>
      )}
      <form onSubmit={onScenario} class="inline">
        <div class="field">
          <label for="scenario">{t('scenario')}</label>
          <select id="scenario" name="scenario">
            {SCENARIOS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="scenario-number">{t('parcelNumberOptional')}</label>
          <input
            id="scenario-number"
            name="parcelLabelNumber"
            inputMode="numeric"
            pattern="[0-9]{14}"
            maxLength={14}
            aria-describedby="scenario-hint"
            spellcheck={false}
          />
          <p id="scenario-hint" class="hint">
            {t('scenarioHint')}
          </p>
        </div>
        <button type="submit" disabled={journeys.busy}>
          {t('setScenario')}
        </button>
      </form>
      <p class="hint">{t('journeyClockHint')}</p>
      <button type="button" disabled={journeys.busy || current?.journeyClock.running === true} onClick={() => setJourneys(true)}>
        {t('startJourneys')}
      </button>{' '}
      <button
        type="button"
        class="secondary"
        disabled={journeys.busy || current?.journeyClock.running !== true}
        onClick={() => setJourneys(false)}
      >
        {t('stopJourneys')}
      </button>
      <ErrorMessage error={journeys.error} />
      <StatusMessage>{journeys.done}</StatusMessage>
    </section>
  );
}
