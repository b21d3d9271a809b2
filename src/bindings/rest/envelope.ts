// Reads the REST request envelope: `authentication` beside exactly one object named as the operation.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import type { Fault } from '../../domain/outcome.ts';
import { fault } from './errors.ts';

const quoted = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(', ');

/** Why an envelope is refused, in each message language: the {reason} of ERR_INVALID_ENVELOPE. */
export const ENVELOPE_REASONS = {
  notAnObject: {
    en_US: () => 'the body must be a JSON object',
    nl_NL: () => 'de body moet een JSON-object zijn',
  },
  unexpected: {
    en_US: (extra: readonly string[], payload: string) => `unexpected ${quoted(extra)}; the body holds "authentication" and "${payload}"`,
    nl_NL: (extra: readonly string[], payload: string) => `onverwacht ${quoted(extra)}; de body bevat "authentication" en "${payload}"`,
  },
  missing: {
    en_US: (key: string) => `the object "${key}" is missing`,
    nl_NL: (key: string) => `het object "${key}" ontbreekt`,
  },
  several: {
    en_US: (present: readonly string[]) => `send only one of ${quoted(present)}`,
    nl_NL: (present: readonly string[]) => `stuur slechts één van ${quoted(present)}`,
  },
  partNotAnObject: {
    en_US: (key: string) => `"${key}" must be a JSON object`,
    nl_NL: (key: string) => `"${key}" moet een JSON-object zijn`,
  },
} as const;

export interface Envelope {
  readonly authentication: unknown;
  readonly payload: unknown;
}

/**
 * Splits a shipment-service body into authentication and the operation object. `payloadKeys` are the
 * accepted names of the operation object (validateOrders also takes `storeOrders`, DESIGN). Reasons
 * are given in `language`, the one the body asks for as far as it can be read.
 */
export function readEnvelope(
  body: unknown,
  payloadKeys: readonly string[],
  language: MessageLanguage,
): { envelope: Envelope } | { fault: Fault } {
  const refuse = (reason: string) => ({ fault: fault('ERR_INVALID_ENVELOPE', { reason }) });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return refuse(ENVELOPE_REASONS.notAnObject[language]());
  }
  const keys = Object.keys(body);
  const extra = keys.filter((key) => key !== 'authentication' && !payloadKeys.includes(key));
  if (extra.length > 0) {
    return refuse(ENVELOPE_REASONS.unexpected[language](extra, payloadKeys[0]));
  }
  if (!keys.includes('authentication')) {
    return refuse(ENVELOPE_REASONS.missing[language]('authentication'));
  }
  const present = payloadKeys.filter((key) => keys.includes(key));
  if (present.length !== 1) {
    return refuse(present.length === 0 ? ENVELOPE_REASONS.missing[language](payloadKeys[0]) : ENVELOPE_REASONS.several[language](present));
  }
  const record = body as Record<string, unknown>;
  for (const key of ['authentication', present[0]]) {
    const part = record[key];
    if (typeof part !== 'object' || part === null || Array.isArray(part)) {
      return refuse(ENVELOPE_REASONS.partNotAnObject[language](key));
    }
  }
  return { envelope: { authentication: record.authentication, payload: record[present[0]] } };
}
