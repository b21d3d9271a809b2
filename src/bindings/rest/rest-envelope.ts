// Reads the REST request envelope: `authentication` beside exactly one object named as the operation.
import { fill } from '../../contract/error-catalogue.ts';
import type { Fault } from '../../domain/core/outcome.ts';
import { fault } from './rest-faults.ts';

const quoted = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(', ');

export interface Envelope {
  readonly authentication: unknown;
  readonly payload: unknown;
}

/** ERR_INVALID_ENVELOPE with its reason. */
const refuse = (reason: ReturnType<typeof fill>) => ({ fault: fault('ERR_INVALID_ENVELOPE', { reason }) });

/** The refusal of a body that is no JSON object (every service's body is one). */
export const NOT_AN_OBJECT: Fault = fault('ERR_INVALID_ENVELOPE', { reason: fill('envelope_not_an_object') });

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Splits a shipment-service body into authentication and the operation object. `payloadKeys` are the
 * accepted names of the operation object (validateOrders also takes `storeOrders`: docs/decisions.md "Where the specification is silent").
 */
export function readEnvelope(body: unknown, payloadKeys: readonly string[]): { envelope: Envelope } | { fault: Fault } {
  if (!isObject(body)) return { fault: NOT_AN_OBJECT };
  const keys = Object.keys(body as object);
  const extra = keys.filter((key) => key !== 'authentication' && !payloadKeys.includes(key));
  if (extra.length > 0) return refuse(fill('envelope_unexpected_keys', { extra: quoted(extra), payload: payloadKeys[0] }));
  if (!keys.includes('authentication')) return refuse(fill('envelope_missing_object', { key: 'authentication' }));
  const present = payloadKeys.filter((key) => keys.includes(key));
  if (present.length !== 1) {
    return refuse(
      present.length === 0
        ? fill('envelope_missing_object', { key: payloadKeys[0] })
        : fill('envelope_several_objects', { present: quoted(present) }),
    );
  }
  const record = body as Record<string, unknown>;
  for (const key of ['authentication', present[0]]) {
    if (!isObject(record[key])) return refuse(fill('envelope_part_not_an_object', { key }));
  }
  return { envelope: { authentication: record.authentication, payload: record[present[0]] } };
}
