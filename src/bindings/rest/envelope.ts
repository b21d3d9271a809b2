// Reads the REST request envelope: `authentication` beside exactly one object named as the operation.
import type { Fault } from '../../domain/outcome.ts';
import { fault } from './errors.ts';

export interface Envelope {
  readonly authentication: unknown;
  readonly payload: unknown;
}

/**
 * Splits a shipment-service body into authentication and the operation object. `payloadKeys` are the
 * accepted names of the operation object (validateOrders also takes `storeOrders`, DESIGN).
 */
export function readEnvelope(body: unknown, payloadKeys: readonly string[]): { envelope: Envelope } | { fault: Fault } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { fault: fault('ERR_INVALID_ENVELOPE', { reason: 'the body must be a JSON object' }) };
  }
  const keys = Object.keys(body);
  const extra = keys.filter((key) => key !== 'authentication' && !payloadKeys.includes(key));
  if (extra.length > 0) {
    return { fault: fault('ERR_INVALID_ENVELOPE', { reason: `unexpected ${extra.map((k) => `"${k}"`).join(', ')}; the body holds "authentication" and "${payloadKeys[0]}"` }) };
  }
  if (!keys.includes('authentication')) {
    return { fault: fault('ERR_INVALID_ENVELOPE', { reason: 'the object "authentication" is missing' }) };
  }
  const present = payloadKeys.filter((key) => keys.includes(key));
  if (present.length !== 1) {
    return { fault: fault('ERR_INVALID_ENVELOPE', { reason: present.length === 0 ? `the object "${payloadKeys[0]}" is missing` : `send only one of ${present.map((k) => `"${k}"`).join(', ')}` }) };
  }
  const record = body as Record<string, unknown>;
  for (const key of ['authentication', present[0]]) {
    const part = record[key];
    if (typeof part !== 'object' || part === null || Array.isArray(part)) {
      return { fault: fault('ERR_INVALID_ENVELOPE', { reason: `"${key}" must be a JSON object` }) };
    }
  }
  return { envelope: { authentication: record.authentication, payload: record[present[0]] } };
}
