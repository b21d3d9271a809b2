// The sandbox's clock: fixed at a time, moved on by a duration, or back on the real time.
import { ErrorMessage, StatusMessage } from '../../components/alert.tsx';
import type { RequestOf } from '../../api.ts';
import { durationInWords } from '../../clock-words.ts';
import { formText as text } from '../../format.ts';
import { useTexts } from '../../i18n.ts';
import { instantOfLocal } from '../../zone-time.ts';
import { useAction, type PanelProps } from './sandbox-controls.ts';

export function ClockPanel({ sandbox, current }: PanelProps) {
  const texts = useTexts();
  const { t } = texts;
  const clock = useAction();
  const setClock = (request: RequestOf<'setClock'>) =>
    clock.run(async () => {
      const answer = await sandbox('setClock', request);
      return t('clockNow', { now: texts.dateTime(answer.now) });
    });
  const onFix = (event: Event) => {
    event.preventDefault();
    const value = text(new FormData(event.currentTarget as HTMLFormElement), 'fixedTime');
    // Read in the service's zone, the one the console shows every time in.
    void setClock({ fixedTime: instantOfLocal(value, texts.timeZone) ?? value });
  };
  const onMove = (event: Event) => {
    event.preventDefault();
    void setClock({ advanceBy: text(new FormData(event.currentTarget as HTMLFormElement), 'advanceBy') });
  };
  /** The running clock's lead on the real time, in words. */
  const clockLead = (offset: string | null | undefined) => {
    const words = durationInWords(offset ?? 'PT0S', texts.language);
    return words === '' ? t('clockOnRealTime') : t('clockRunning', { offset: words });
  };
  return (
    <section aria-labelledby="clock" class="panel">
      <h2 id="clock">{t('clock')}</h2>
      {current === undefined ? null : (
        <p>
          {t('clockNow', { now: texts.dateTime(current.clock.now) })}{' '}
          {current.clock.fixed ? t('clockFixed') : clockLead(current.clock.offset)}
        </p>
      )}
      <p class="hint">{t('clockLoginHint')}</p>
      <form onSubmit={onFix} class="inline">
        <div class="field">
          <label for="clock-fixed">{t('fixAt', { zone: texts.timeZone })}</label>
          <input id="clock-fixed" name="fixedTime" type="datetime-local" step={1} required />
        </div>
        <button type="submit" disabled={clock.busy}>
          {t('fix')}
        </button>
      </form>
      <form onSubmit={onMove} class="inline">
        <div class="field">
          <label for="clock-advance">{t('advanceBy')}</label>
          <input
            id="clock-advance"
            name="advanceBy"
            required
            maxLength={40}
            placeholder="P1D"
            aria-describedby="clock-advance-hint"
            spellcheck={false}
          />
          <p id="clock-advance-hint" class="hint">
            {t('advanceByHint')}
          </p>
        </div>
        <button type="submit" disabled={clock.busy}>
          {t('move')}
        </button>
      </form>
      <button type="button" class="secondary" disabled={clock.busy} onClick={() => void setClock({ reset: true })}>
        {t('realTime')}
      </button>
      <ErrorMessage error={clock.error} />
      <StatusMessage>{clock.done}</StatusMessage>
    </section>
  );
}
