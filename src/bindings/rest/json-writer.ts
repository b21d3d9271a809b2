// Turns a response resource into JSON values, in the shape its contract type declares (the fields REST
// carries, in contract order; an older version's answer leaves out what its schema lacks): bytes as
// base64, instants as ISO 8601 with six fraction digits and Z (docs/decisions.md "Tokens and instants"), absent fields
// left out, nulls kept.
import { carries, type ItemField, type ObjectType } from '../../contract/schema/model.ts';
import { restInstant } from './timestamps.ts';

function itemJson(value: unknown, field: ItemField): unknown {
  if (value === null) return null;
  if (field.kind === 'object') return toJson(value as Readonly<Record<string, unknown>>, field.type);
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return restInstant(value);
  return value;
}

/** `value` written as `type`. */
export function toJson(value: Readonly<Record<string, unknown>>, type: ObjectType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in type.fields) {
    const field = type.fields[key];
    const item = value[key];
    if (item === undefined || !carries('rest', field)) continue;
    if (field.kind !== 'array') out[key] = itemJson(item, field);
    else out[key] = Array.isArray(item) ? item.map((entry: unknown) => itemJson(entry, field.item)) : null;
  }
  return out;
}
