// The account's reset, which asks first.
import { useRef } from 'preact/hooks';
import { ErrorMessage, StatusMessage } from '../../components/alert.tsx';
import { useConsole } from '../../console-context.ts';
import { useTexts } from '../../i18n.ts';
import { useAction, type PanelProps } from './sandbox-controls.ts';

export function ResetPanel({ sandbox }: Pick<PanelProps, 'sandbox'>) {
  const { session } = useConsole();
  const { t } = useTexts();
  const reset = useAction();
  const dialog = useRef<HTMLDialogElement>(null);
  const onReset = () => {
    dialog.current?.close();
    void reset.run(async () => {
      const answer = await sandbox('resetAccount', {});
      return t('resetDone', answer);
    });
  };
  return (
    <section aria-labelledby="reset" class="panel danger">
      <h2 id="reset">{t('reset')}</h2>
      <p>{t('resetIntro')}</p>
      <button type="button" class="danger" disabled={reset.busy} onClick={() => dialog.current?.showModal()}>
        {t('resetButton')}
      </button>
      <ErrorMessage error={reset.error} />
      <StatusMessage>{reset.done}</StatusMessage>
      <dialog ref={dialog} aria-labelledby="reset-confirm-title" aria-describedby="reset-confirm-text">
        <h2 id="reset-confirm-title">{t('resetConfirmTitle')}</h2>
        <p id="reset-confirm-text">{t('resetConfirmText', { delisId: session.delisId })}</p>
        <div class="actions">
          <button type="button" class="secondary" autofocus onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </button>
          <button type="button" class="danger" onClick={onReset}>
            {t('resetConfirm')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
