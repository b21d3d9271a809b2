// The sandbox's tracking push (SandboxService setPushUrl, setPushMode): where the account's scans are
// pushed — a URL, or off — and how they leave while the shop tests its receiver (immediate, batched,
// shuffled, duplicated). The setting as getSandboxState reads it is shown, and what a change answers.
import { ErrorMessage, StatusMessage } from '../../components/alert.tsx';
import { PUSH_MODES, type PushMode } from '../../../contract/push-codes.ts';
import { formText as text } from '../../format.ts';
import { useTexts, type TextKey } from '../../i18n.ts';
import { href } from '../../route.ts';
import { useAction, type PanelProps } from './sandbox-controls.ts';

const MODE_TEXT: Readonly<Record<PushMode, TextKey>> = {
  immediate: 'pushModeImmediate',
  batched: 'pushModeBatched',
  shuffled: 'pushModeShuffled',
  duplicated: 'pushModeDuplicated',
};

export function PushPanel({ sandbox, current }: PanelProps) {
  const { t } = useTexts();
  const push = useAction();
  const said = (answer: { readonly url?: string | null; readonly mode: string }) =>
    answer.url == null || answer.url === ''
      ? t('pushSettingOff', { mode: answer.mode })
      : t('pushSettingOn', { url: answer.url, mode: answer.mode });
  const setUrl = (url: string) => push.run(async () => said(await sandbox('setPushUrl', url === '' ? {} : { url })));
  const onUrl = (event: Event) => {
    event.preventDefault();
    void setUrl(text(new FormData(event.currentTarget as HTMLFormElement), 'url'));
  };
  const onMode = (event: Event) => {
    event.preventDefault();
    const mode = text(new FormData(event.currentTarget as HTMLFormElement), 'mode') as PushMode;
    void push.run(async () => said(await sandbox('setPushMode', { mode })));
  };
  return (
    <section aria-labelledby="push-setting" class="panel">
      <h2 id="push-setting">{t('pushPanel')}</h2>
      <p>
        {t('pushPanelIntro')} <a href={href(['pushes'])}>{t('pushesTitle')}</a>
      </p>
      {current === undefined ? null : <p class="push-setting">{said(current.push)}</p>}
      <form onSubmit={onUrl} class="inline">
        <div class="field wide">
          <label for="push-url">{t('pushUrl')}</label>
          <input
            id="push-url"
            name="url"
            type="url"
            required
            maxLength={2000}
            placeholder="https://shop.example/dpd/push?token=…"
            spellcheck={false}
          />
        </div>
        <button type="submit" disabled={push.busy}>
          {t('setPushUrl')}
        </button>
      </form>
      <button type="button" class="secondary" disabled={push.busy} onClick={() => void setUrl('')}>
        {t('pushOff')}
      </button>
      <form onSubmit={onMode} class="inline">
        <div class="field">
          <label for="push-mode">{t('pushMode')}</label>
          <select id="push-mode" name="mode">
            {PUSH_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(MODE_TEXT[mode])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={push.busy}>
          {t('setPushMode')}
        </button>
      </form>
      <ErrorMessage error={push.error} />
      <StatusMessage>{push.done}</StatusMessage>
    </section>
  );
}
