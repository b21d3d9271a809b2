// The console's login: the token getAuth answered, kept in this tab's sessionStorage only (never a
// cookie, never localStorage), so that closing the tab ends it and no other site's request carries it.
import type { Language } from './i18n.ts';

/** What the console keeps of a login. */
export interface Session {
  readonly delisId: string;
  readonly authToken: string;
  /** ISO 8601; the service refuses the token after it. */
  readonly expires: string;
}

const SESSION_KEY = 'parcel-console.session';
const LANGUAGE_KEY = 'parcel-console.language';

export function readSession(): Session | undefined {
  const text = sessionStorage.getItem(SESSION_KEY);
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Session>;
    if (typeof value.delisId !== 'string' || typeof value.authToken !== 'string' || typeof value.expires !== 'string') return undefined;
    return Date.parse(value.expires) > Date.now()
      ? { delisId: value.delisId, authToken: value.authToken, expires: value.expires }
      : undefined;
  } catch {
    return undefined;
  }
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function forgetSession(): void {
  sessionStorage.removeItem(SESSION_KEY);
}

export function readLanguage(): Language | undefined {
  const value = sessionStorage.getItem(LANGUAGE_KEY);
  return value === 'en' || value === 'nl' ? value : undefined;
}

export function saveLanguage(language: Language): void {
  sessionStorage.setItem(LANGUAGE_KEY, language);
}
