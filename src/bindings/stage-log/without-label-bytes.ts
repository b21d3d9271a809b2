// What the stage log keeps of a call's answer before anything is written: the handler's result with its
// label bytes left out, so nothing of a label is copied off the request path. Only the answers of
// operations whose response can carry bytes are copied for it; the others are handed to the log as they
// are (a copy on every call was a fifth of what the log cost the event loop).
import type { OperationContract } from '../../contract/operation-table.ts';
import type { Field, ObjectType } from '../../contract/schema/model.ts';

/** `value` with every byte array (labels) replaced by a note of its size: nothing of a label is copied to the stage log. */
export function withoutBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes, not kept in the stage log]`;
  if (Array.isArray(value)) return value.map(withoutBytes);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = withoutBytes(field);
  return out;
}

/** Whether `type` has a field of bytes at any depth. */
function holdsBytes(type: ObjectType, seen: Set<ObjectType>): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  const holds = (field: Field): boolean =>
    field.kind === 'binary' || (field.kind === 'object' && holdsBytes(field.type, seen)) || (field.kind === 'array' && holds(field.item));
  return Object.values(type.fields).some(holds);
}

const answersWithBytes = new WeakMap<OperationContract, boolean>();

/** What the stage log is handed of `operation`'s `result`: without its bytes when its response can carry any, else itself. */
export function stageLogResult(operation: OperationContract, result: unknown): unknown {
  let withBytes = answersWithBytes.get(operation);
  if (withBytes === undefined) {
    withBytes = holdsBytes(operation.response, new Set());
    answersWithBytes.set(operation, withBytes);
  }
  return withBytes ? withoutBytes(result) : result;
}
