// Log in with the account's delisId and password, through LoginService getAuth as any client does.
import { useState } from 'preact/hooks';
import { logIn } from '../api.ts';
import { ErrorMessage, StatusMessage } from '../components/alert.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { formText } from '../format.ts';
import { useTexts } from '../i18n.ts';
import type { Session } from '../session.ts';

export function LoginPage({ onLogin, notice }: { readonly onLogin: (session: Session) => void; readonly notice?: string }) {
  const texts = useTexts();
  const { t } = texts;
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    try {
      const password = form.get('password');
      onLogin(await logIn(formText(form, 'delisId'), typeof password === 'string' ? password : '', texts.messageLanguage));
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
      setBusy(false);
    }
  };

  return (
    <section class="login" aria-labelledby="login-title">
      <PageTitle id="login-title">{t('logInTitle')}</PageTitle>
      <p>{t('logInIntro')}</p>
      <StatusMessage>{notice}</StatusMessage>
      <form onSubmit={(event) => void submit(event)} aria-describedby={error === undefined ? undefined : 'login-error'}>
        <div class="field">
          <label for="delisId">{t('delisId')}</label>
          <input id="delisId" name="delisId" autoComplete="username" required minLength={8} maxLength={10} spellcheck={false} />
        </div>
        <div class="field">
          <label for="password">{t('password')}</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required maxLength={128} />
        </div>
        <div id="login-error">
          <ErrorMessage error={error} />
        </div>
        <button type="submit" disabled={busy}>
          {busy ? t('loggingIn') : t('logIn')}
        </button>
      </form>
    </section>
  );
}
