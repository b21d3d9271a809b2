// The one catalogue of every error the service reports: stable code, English and Dutch message
// templates. `docs/errors.md` is generated from it (npm run docs:errors) and a test keeps the two equal.
// Placeholders in braces ({path}, {max}, ...) are filled from the violation's parameters;
// {name|one|other} is the word `one` when the parameter is 1, else `other` (English and Dutch plurals).
// The codes are kept by topic in error-catalogue/; this file puts them together in one catalogue.
import type { ErrorEntry, LocalizedText, MessageLanguage } from './error-catalogue/error-entries.ts';
import { authenticationErrors } from './error-catalogue/authentication-errors.ts';
import { requestErrors } from './error-catalogue/request-errors.ts';
import { fieldShapeErrors } from './error-catalogue/field-shape-errors.ts';
import { specificationErrors } from './error-catalogue/specification-errors.ts';
import { referenceDataErrors } from './error-catalogue/reference-data-errors.ts';
import { accountErrors } from './error-catalogue/account-errors.ts';
import { printOptionErrors } from './error-catalogue/print-options-errors.ts';
import { orderErrors } from './error-catalogue/order-errors.ts';
import { productErrors } from './error-catalogue/product-errors.ts';
import { parcelShopErrors } from './error-catalogue/parcel-shop-finder-errors.ts';
import { internationalErrors } from './error-catalogue/international-errors.ts';
import { pickupErrors } from './error-catalogue/pickup-errors.ts';
import { exportAndDeleteErrors } from './error-catalogue/export-and-delete-errors.ts';
import { sandboxErrors } from './error-catalogue/sandbox-errors.ts';
import { pushErrors } from './error-catalogue/push-errors.ts';
import { endOfDayErrors } from './error-catalogue/end-of-day-errors.ts';
import { reasonCatalogue } from './error-catalogue/reason-texts.ts';

export {
  MESSAGE_LANGUAGE_PATTERN,
  messageLanguageOf,
  type ErrorEntry,
  type ErrorKind,
  type LocalizedText,
  type MessageLanguage,
} from './error-catalogue/error-entries.ts';
export { reasonCatalogue } from './error-catalogue/reason-texts.ts';

/** Every error the service reports, by code. */
export const errorCatalogue = {
  ...authenticationErrors,
  ...requestErrors,
  ...fieldShapeErrors,
  ...specificationErrors,
  ...referenceDataErrors,
  ...accountErrors,
  ...printOptionErrors,
  ...orderErrors,
  ...productErrors,
  ...parcelShopErrors,
  ...internationalErrors,
  ...pickupErrors,
  ...exportAndDeleteErrors,
  ...sandboxErrors,
  ...pushErrors,
  ...endOfDayErrors,
} as const satisfies Record<string, ErrorEntry>;

/** Every code the service can report. */
export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as readonly ErrorCode[];

/** Parameters filling a message template; a LocalizedText fills it in the message's language. */
export type MessageParams = Readonly<Record<string, string | number | LocalizedText>>;

/** A text of the reason catalogue. */
export type ReasonCode = keyof typeof reasonCatalogue;

/** The texts of `code` in each message language, its placeholders filled from `params`: a message parameter. */
export function fill(code: ReasonCode, params: Readonly<Record<string, string | number>> = {}): LocalizedText {
  const entry: LocalizedText = reasonCatalogue[code];
  const filled = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  return Object.freeze({ en_US: filled(entry.en_US), nl_NL: filled(entry.nl_NL) });
}

/** Fills the template of `code` in `language`; unknown placeholders stay visible so a gap is noticed. */
export function formatMessage(code: ErrorCode, language: MessageLanguage, params: MessageParams = {}): string {
  const template: string = errorCatalogue[code][language];
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (one === undefined || other === undefined) return typeof value === 'object' ? value[language] : String(value);
    return Number(value) === 1 ? one : other;
  });
}
