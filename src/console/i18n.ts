// The console's words: one language per file (i18n/en.ts, i18n/nl.ts); every text the console shows
// itself is there. What the service answers (error messages) comes in the same language, asked for
// with messageLanguage.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ParcelStateName } from '../contract/parcel-states.ts';
import { en, EN_STATE_NAMES, type Dictionary, type TextKey } from './i18n/en.ts';
import { nl, NL_STATE_NAMES } from './i18n/nl.ts';
import { instantFormatter } from './zone-time.ts';

export type { TextKey };

export type Language = 'en' | 'nl';

const dictionaries: Readonly<Record<Language, Dictionary>> = { en, nl };

/** The name of each parcel state, per language. */
const STATE_NAMES: Readonly<Record<Language, Readonly<Record<ParcelStateName, string>>>> = { en: EN_STATE_NAMES, nl: NL_STATE_NAMES };

/** Fills `{name}` placeholders; a missing one stays visible. */
function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** What a page needs of the language: the words, the state names, dates and the service's messageLanguage. */
export interface Texts {
  readonly language: Language;
  /** The messageLanguage the service answers in. */
  readonly messageLanguage: 'en_US' | 'nl_NL';
  readonly t: (key: TextKey, params?: Readonly<Record<string, string | number>>) => string;
  readonly stateName: (state: string) => string;
  /** The IANA time zone every time is shown and read in: the service's (SERVICE_TIME_ZONE). */
  readonly timeZone: string;
  /** An instant as date and time in `timeZone`. */
  readonly dateTime: (iso: string) => string;
  /** A YYYYMMDD day. */
  readonly day: (yyyymmdd: number) => string;
}

/** The texts of `language`, with times in `timeZone` (the service's; default UTC). */
export function textsFor(language: Language, timeZone = 'UTC'): Texts {
  const words = dictionaries[language];
  const locale = language === 'nl' ? 'nl-NL' : 'en-GB';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    language,
    messageLanguage: language === 'nl' ? 'nl_NL' : 'en_US',
    t: (key, params = {}) => fill(words[key], params),
    stateName: (state) => (state in STATE_NAMES[language] ? STATE_NAMES[language][state as ParcelStateName] : state),
    timeZone,
    dateTime: instantFormatter(locale, timeZone),
    day: (yyyymmdd) => {
      const text = String(yyyymmdd);
      const at = new Date(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T00:00:00Z`);
      return Number.isNaN(at.getTime()) ? text : date.format(at);
    },
  };
}

/** The first of the two languages the reader's browser asks for; English when it asks for neither. */
export function preferredLanguage(): Language {
  const first = navigator.languages.find((tag) => /^(en|nl)\b/i.test(tag));
  return first?.toLowerCase().startsWith('nl') === true ? 'nl' : 'en';
}

export const TextsContext = createContext<Texts>(textsFor('en'));

export function useTexts(): Texts {
  return useContext(TextsContext);
}
