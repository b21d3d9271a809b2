// The names of the fields the contract marks personal (model.ts `personal`), in every request of
// every operation: what the stage log masks, by name, in whatever shape a request was sent.
import type { ObjectType } from './model.ts';
import { operationList } from './operations.ts';
import { Authentication } from './resources.ts';

function collect(type: ObjectType, names: Set<string>, seen: Set<ObjectType>): void {
  if (seen.has(type)) return;
  seen.add(type);
  for (const [name, field] of Object.entries(type.fields)) {
    if (field.personal === true) names.add(name);
    const inner = field.kind === 'array' ? field.item : field;
    if (inner.kind === 'object') collect(inner.type, names, seen);
  }
}

/** Every personal field's name in the requests (and the authentication) of the declared operations. */
export function personalFieldNames(
  types: readonly ObjectType[] = [Authentication, ...operationList.map((o) => o.request)],
): ReadonlySet<string> {
  const names = new Set<string>();
  const seen = new Set<ObjectType>();
  for (const type of types) collect(type, names, seen);
  return names;
}
