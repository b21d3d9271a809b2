// The names of the fields the contract marks personal (model.ts `personal`), in every request and
// answer of every operation: what the stage log masks, by name, in whatever shape a request was sent
// and in the answer it keeps.
import type { ObjectType } from './schema/model.ts';
import { operationList } from './operation-table.ts';
import { Authentication } from './authentication.ts';

function collect(type: ObjectType, names: Set<string>, seen: Set<ObjectType>): void {
  if (seen.has(type)) return;
  seen.add(type);
  for (const [name, field] of Object.entries(type.fields)) {
    if (field.personal === true) names.add(name);
    const inner = field.kind === 'array' ? field.item : field;
    if (inner.kind === 'object') collect(inner.type, names, seen);
  }
}

/** Every personal field's name in the requests and answers (and the authentication) of the declared operations. */
export function personalFieldNames(
  types: readonly ObjectType[] = [Authentication, ...operationList.flatMap((o) => [o.request, o.response])],
): ReadonlySet<string> {
  const names = new Set<string>();
  const seen = new Set<ObjectType>();
  for (const type of types) collect(type, names, seen);
  return names;
}
