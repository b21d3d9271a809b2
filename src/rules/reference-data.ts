// Reference data from maintained packages: countries, currencies, postcodes, languages, e-mail.
import countries from 'i18n-iso-countries';
import currencyCodes from 'currency-codes';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import iso6391 from 'iso-639-1';
import iso31662 from 'iso-3166-2';
import { getEuMembers } from 'is-eu-member';
import validator from 'validator';

/**
 * Remembers a yes/no answer per code: the packages' lookups cost microseconds, and every request asks
 * about the same few countries and currencies. Bounded, so unusual input cannot grow it without end.
 */
function memo(answer: (code: string) => boolean): (code: string) => boolean {
  const known = new Map<string, boolean>();
  return (code) => {
    let result = known.get(code);
    if (result === undefined) {
      result = answer(code);
      if (known.size >= 4096) known.clear();
      known.set(code, result);
    }
    return result;
  };
}

/**
 * The alpha-2 codes ISO 3166-1 leaves to users (AA, QM–QZ, XA–XZ, ZZ). i18n-iso-countries lists one
 * of them, XK for Kosovo, which ISO has not assigned; the spec asks for "ISO 3166-1 alpha-2".
 */
const USER_ASSIGNED = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;

/** An officially assigned ISO 3166-1 alpha-2 country code (upper case). */
export const isCountry = memo((code) => !USER_ASSIGNED.test(code) && countries.isValid(code) && countries.toAlpha2(code) === code);

/** ISO 4217 alpha-3 currency code. */
export const isCurrency = memo((code) => currencyCodes.code(code) !== undefined);

/** Whether a postcode has the format of its country; countries without a known format pass. */
export function isPostcodeOf(zipCode: string, country: string): boolean {
  if (!postcodeValidatorExistsForCountry(country)) return true;
  const zip = zipCode.toUpperCase();
  if (postcodeValidator(zip, country)) return true;
  // The spec sends zipCode "without spaces or dashes", while the package's formats write the
  // separator (PL 00-950, PT 1000-001, US 10001-1234, JP 100-0001): valid if one put back makes it so.
  for (let i = 1; i < zip.length; i++) {
    for (const separator of [' ', '-']) {
      if (postcodeValidator(`${zip.slice(0, i)}${separator}${zip.slice(i)}`, country)) return true;
    }
  }
  return false;
}

/** A US state or territory as an ISO 3166-2 subdivision (`CA` of `US-CA`). */
export const isUsState = memo((code) => iso31662.subdivision('US', code) !== null);

/** An ISO 639-1 language or ISO 3166-1 country, any case (notification.language; docs/decisions.md "Where the specification is silent"). */
export const isNotificationLanguage = memo((code) => iso6391.validate(code.toLowerCase()) || isCountry(code.toUpperCase()));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isEmail(value: string): boolean {
  // validator measures bytes with encodeURI, which throws on a lone surrogate: such text is no address.
  return !LONE_SURROGATE.test(value) && validator.isEmail(value);
}

/** Separators people write inside a phone number: spaces, dashes, dots, slashes and brackets. */
const PHONE_SEPARATORS = /[ ()./-]/g;

/**
 * A phone number as a gateway dials it (notification channels 2 and 3): 6 to 15 digits (E.164's most),
 * a leading `+` allowed, the usual separators between them; nothing else — no letters, no line breaks.
 */
export function isPhoneNumber(value: string): boolean {
  return /^\+?\d{6,15}$/.test(value.replace(PHONE_SEPARATORS, '')) && /^\+?\(?\d/.test(value) && /\d$/.test(value);
}

/**
 * The EU member states by ISO 3166-1 alpha-2 code. `is-eu-member` writes them as the EU's own
 * protocol order does, where Greece is `EL`; requests carry ISO codes, where Greece is `GR`.
 */
const EU_MEMBERS: ReadonlySet<string> = new Set(getEuMembers().map((code) => (code === 'EL' ? 'GR' : code)));

/**
 * Inside the EU customs territory: the member states plus Monaco, which belongs to it through its
 * customs union with France (Regulation (EU) No 952/2013, Art. 4).
 */
export const isInEuCustomsTerritory = memo((country) => country === 'MC' || EU_MEMBERS.has(country));

/** Whether a shipment between two countries crosses the EU customs border (docs/decisions.md "Where the specification is silent"). */
export function crossesCustomsBorder(from: string, to: string): boolean {
  return from !== to && !(isInEuCustomsTerritory(from) && isInEuCustomsTerritory(to));
}
