// The console: the login until there is one, then the pages of the account — Parcels and Outbox everywhere,
// Requests and Sandbox on stage — under one header with the language, the account and Log out.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { callOperation, ServiceError, type AuthenticatedOperation, type RequestOf, type ResultOf } from './api.ts';
import { ConsoleContext, type ConsoleContextValue, type Environment } from './console-context.ts';
import { PageTitle } from './components/page-title.tsx';
import { preferredLanguage, textsFor, TextsContext, useTexts, type Language } from './i18n.ts';
import { LoginPage } from './pages/login.tsx';
import { DayEndPage } from './pages/day-end.tsx';
import { OutboxPage } from './pages/outbox.tsx';
import { ParcelPage } from './pages/parcel.tsx';
import { ParcelsPage } from './pages/parcels.tsx';
import { PushesPage } from './pages/pushes.tsx';
import { RequestsPage } from './pages/requests.tsx';
import { SandboxPage } from './pages/sandbox.tsx';
import { href, useRoute, type Route } from './route.ts';
import { forgetSession, readLanguage, readSession, saveLanguage, saveSession, type Session } from './session.ts';

/** The page a route names, where the environment has it. */
function Page({ route, environment }: { readonly route: Route; readonly environment: Environment }) {
  if (route.malformed === true) return <NotFound />;
  const [first, second] = route.segments;
  if (first === undefined || (first === 'parcels' && second === undefined)) return <ParcelsPage route={route} />;
  if (first === 'parcels' && second !== undefined) return <ParcelPage number={second} />;
  if (first === 'outbox') return <OutboxPage route={route} />;
  if (first === 'pushes') return <PushesPage route={route} />;
  if (first === 'day-end') return <DayEndPage route={route} />;
  if (environment === 'stage' && first === 'requests') return <RequestsPage route={route} />;
  if (environment === 'stage' && first === 'sandbox') return <SandboxPage route={route} />;
  return <NotFound />;
}

function NotFound() {
  const { t } = useTexts();
  return <PageTitle>{t('notFound')}</PageTitle>;
}

/** The console under one header; `timeZone` is the service's, in which every time is shown and read. */
export function App({ environment, timeZone }: { readonly environment: Environment; readonly timeZone: string }) {
  const [language, setLanguage] = useState<Language>(() => readLanguage() ?? preferredLanguage());
  const [session, setSession] = useState<Session | undefined>(readSession);
  const [notice, setNotice] = useState<string>();
  const route = useRoute();
  const texts = useMemo(() => textsFor(language, timeZone), [language, timeZone]);
  const { t } = texts;

  useEffect(() => {
    document.documentElement.lang = language;
    saveLanguage(language);
  }, [language]);

  const logOut = useCallback((message: string) => {
    forgetSession();
    setSession(undefined);
    setNotice(message);
  }, []);

  const call = useCallback(
    async <K extends AuthenticatedOperation>(operation: K, request: RequestOf<K>): Promise<ResultOf<K>> => {
      if (session === undefined) throw new Error('not logged in');
      try {
        return await callOperation(session, texts.messageLanguage, operation, request);
      } catch (error) {
        // A token the service no longer takes ends the session; a login is needed again.
        if (error instanceof ServiceError && error.authentication) logOut(t('sessionEnded', { message: error.message }));
        throw error;
      }
    },
    [session, texts, logOut, t],
  );
  const context = useMemo<ConsoleContextValue | undefined>(
    () => (session === undefined ? undefined : { session, environment, call }),
    [session, environment, call],
  );

  const [page] = route.segments;
  const navigation: ReadonlyArray<readonly [string, string]> = [
    ['parcels', t('navParcels')],
    ['outbox', t('navOutbox')],
    ['pushes', t('navPushes')],
    ['day-end', t('navDayEnd')],
    ...(environment === 'stage'
      ? ([
          ['requests', t('navRequests')],
          ['sandbox', t('navSandbox')],
        ] as const)
      : []),
  ];
  return (
    <TextsContext.Provider value={texts}>
      <a class="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header class="top">
        <p class="brand">
          {t('consoleName')}{' '}
          <span class={`environment environment-${environment}`}>
            {environment === 'stage' ? t('environmentStage') : t('environmentLive')}
          </span>{' '}
          <span class="time-zone">{t('timesIn', { zone: timeZone })}</span>
        </p>
        {context === undefined ? null : (
          <nav aria-label={t('navigation')}>
            <ul>
              {navigation.map(([segment, name]) => (
                <li key={segment}>
                  <a href={href([segment])} aria-current={(page ?? 'parcels') === segment ? 'page' : undefined}>
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div class="tools">
          <label for="language">{t('language')}</label>
          <select id="language" value={language} onChange={(event) => setLanguage(event.currentTarget.value as Language)}>
            <option value="en" lang="en">
              English
            </option>
            <option value="nl" lang="nl">
              Nederlands
            </option>
          </select>
          {session === undefined ? null : (
            <>
              <span class="account">{t('signedInAs', { delisId: session.delisId })}</span>
              <button type="button" class="secondary" onClick={() => logOut(t('loggedOut'))}>
                {t('logOut')}
              </button>
            </>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {context === undefined ? (
          <LoginPage
            notice={notice}
            onLogin={(next) => {
              saveSession(next);
              setNotice(undefined);
              setSession(next);
            }}
          />
        ) : (
          <ConsoleContext.Provider value={context}>
            <Page route={route} environment={environment} />
          </ConsoleContext.Provider>
        )}
      </main>
    </TextsContext.Provider>
  );
}
