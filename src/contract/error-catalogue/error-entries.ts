// What an entry of the error catalogue is, the message languages, and the helpers the topic files
// (beside this one) write their entries with.
/** A message language of the authentication object (spec: "Authentication object"). */
export type MessageLanguage = 'en_US' | 'nl_NL';

/**
 * What `messageLanguage` takes: any 5-character `ll_CC` (language, underscore, country; letters in any
 * case), as deployed clients send `en_EN` or `de_DE` besides the spec's `nl_NL` and `en_US`.
 */
export const MESSAGE_LANGUAGE_PATTERN = /^[A-Za-z]{2}_[A-Za-z]{2}$/;

/** The language answers are written in for a `messageLanguage` as sent: Dutch for `nl_*`, English for anything else. */
export function messageLanguageOf(value: unknown): MessageLanguage {
  return typeof value === 'string' && MESSAGE_LANGUAGE_PATTERN.test(value) && value.slice(0, 2).toLowerCase() === 'nl' ? 'nl_NL' : 'en_US';
}

/** How a problem is reported: a data error inside a result, a request fault, or an authentication fault. */
export type ErrorKind = 'validation' | 'request' | 'authentication';

export interface ErrorEntry {
  readonly kind: ErrorKind;
  readonly en_US: string;
  readonly nl_NL: string;
  /** HTTP status of REST requests that fail with this code as a whole (not used by validation errors). */
  readonly httpStatus?: number;
}

/** A data error reported inside a result (validation). */
export const validationError = (en_US: string, nl_NL: string): ErrorEntry => ({ kind: 'validation', en_US, nl_NL });
/** A request that fails as a whole, with the HTTP status of its REST answer. */
export const requestError = (httpStatus: number, en_US: string, nl_NL: string): ErrorEntry => ({
  kind: 'request',
  httpStatus,
  en_US,
  nl_NL,
});
/** An authentication fault, with the HTTP status of its REST answer. */
export const authenticationError = (httpStatus: number, en_US: string, nl_NL: string): ErrorEntry => ({
  kind: 'authentication',
  httpStatus,
  en_US,
  nl_NL,
});
/** A text of the reason catalogue, in each message language. */
export const reasonText = (en_US: string, nl_NL: string) => ({ en_US, nl_NL });

/** A word or phrase a message is filled with, in each message language ("a whole number"). */
export type LocalizedText = Readonly<Record<MessageLanguage, string>>;
