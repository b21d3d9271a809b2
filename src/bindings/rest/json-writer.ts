// Turns a response resource into JSON values: bytes as base64, instants as ISO 8601 with six
// fraction digits and Z (DESIGN "Authentication"), absent fields left out, nulls kept.
import { restInstant } from './timestamps.ts';

export function toJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return restInstant(value);
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) if (field !== undefined) out[key] = toJson(field);
    return out;
  }
  return value;
}
