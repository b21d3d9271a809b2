// Declares an older version of a resource from the current one, so no field list is written twice: the
// same tree of types, less the optional fields the older schema lacks, under the older schema's type
// and element names, qualified where that schema qualifies. A ShipmentService V3_3 request is the V3_5
// request so edited (contract/shipment-service/shipment-service-v33.ts).
import { xmlNameOf, type Field, type ObjectField, type ObjectType } from './model.ts';

/** `field` as an optional one: what an older schema leaves out that the current one requires. */
export function optional(field: Field): Field {
  return Object.freeze({ ...field, required: false });
}

/** How the older schema differs in one complex type, named by its current name. */
export interface TypeEdit {
  /** The type's name in the older schema (`internationalLine` for `commercialInvoiceLine`). */
  readonly name?: string;
  /** Fields the older schema lacks: optional ones only, so a decoded older request is a current one. */
  readonly omit?: readonly string[];
  /** SOAP element names that differ, by JSON key (the key stays: the domain and REST keep their names). */
  readonly xmlNames?: Readonly<Record<string, string>>;
  /**
   * Fields whose definition differs (3.3's `product` takes its generation's codes too), by JSON key;
   * the variant's `upgradeRequest` turns their values into current ones before any handler sees them.
   */
  readonly fields?: Readonly<Record<string, Field>>;
}

/** The edits of a tree, by the current name of each type they change. */
export type TypeEdits = Readonly<Record<string, TypeEdit>>;

/** How one operation differs in an older version of its service. */
export interface OperationVariant {
  /** The README's line for it (default: the operation's). */
  readonly summary?: string;
  readonly request: TypeEdits;
  readonly response: TypeEdits;
  /** Whether the older schema qualifies every element of the answer (elementFormDefault="qualified"). */
  readonly qualifiedResponse?: boolean;
  /** A decoded older request as the current one (the values of the `fields` it widened); none: it is one already. */
  readonly upgradeRequest?: (value: unknown) => unknown;
}

/** Where in a tree an edit names something that is not there: a typo must not pass as "nothing to change". */
function checkEdits(edits: TypeEdits, seen: ReadonlyMap<string, ObjectType>): void {
  for (const [typeName, edit] of Object.entries(edits)) {
    const type = seen.get(typeName);
    if (type === undefined) throw new Error(`variant: no type ${typeName} in the tree`);
    for (const key of [...(edit.omit ?? []), ...Object.keys(edit.xmlNames ?? {}), ...Object.keys(edit.fields ?? {})]) {
      if (!Object.hasOwn(type.fields, key)) throw new Error(`variant: ${typeName} has no field ${key}`);
    }
    for (const key of edit.omit ?? []) {
      if (type.fields[key].required) throw new Error(`variant: ${typeName}.${key} is required and cannot be left out`);
    }
  }
}

/** The qualified copy of each type (and of its tree), made once: a schema names each type once. */
const qualifiedCopies = new WeakMap<ObjectType, ObjectType>();

/** The type of a field's element, when it is a complex type. */
const typeOf = (field: Field): ObjectType | undefined => {
  const item = field.kind === 'array' ? field.item : field;
  return item.kind === 'object' ? item.type : undefined;
};

/** `field` with its complex type (or its items') replaced by `type`. */
function retyped(field: Field, type: ObjectType): Field {
  if (typeOf(field) === type) return field;
  if (field.kind === 'array') return Object.freeze({ ...field, item: Object.freeze({ ...(field.item as ObjectField), type }) });
  return Object.freeze({ ...(field as ObjectField), type });
}

/**
 * `type` and its whole tree qualified, one object per type however many variants reach it (the 3.3
 * answer's `faults` entries and its `faults` fault detail are one type).
 */
export function qualifiedCopyOf(type: ObjectType): ObjectType {
  let copy = qualifiedCopies.get(type);
  if (copy === undefined) {
    const fields = Object.fromEntries(
      Object.entries(type.fields).map(([key, field]) => {
        const inner = typeOf(field);
        return [key, inner === undefined ? field : retyped(field, qualifiedCopyOf(inner))];
      }),
    );
    copy = Object.freeze({ ...type, fields: Object.freeze(fields), qualified: true });
    qualifiedCopies.set(type, copy);
  }
  return copy;
}

/**
 * `root` with `edits` applied to every type of its tree (each type once, wherever it occurs), all of it
 * qualified when `qualified` is set. A type the edits leave alone, with all its tree, stays itself (or
 * its qualified copy). Typed as `root`: the variant only leaves out optional fields and renames, so
 * what it decodes is a value of `root`, and what answers `root` answers it.
 */
export function variantOf<T extends ObjectType>(root: T, edits: TypeEdits, options: { readonly qualified?: boolean } = {}): T {
  const qualified = options.qualified === true;
  const seen = new Map<string, ObjectType>();
  const built = new Map<ObjectType, ObjectType>();
  /** What a type the edits leave alone becomes. */
  const untouched = (type: ObjectType) => (qualified ? qualifiedCopyOf(type) : type);

  function rebuild(type: ObjectType): ObjectType {
    const done = built.get(type);
    if (done !== undefined) return done;
    seen.set(type.name, type);
    const edit = edits[type.name];
    const fields: Record<string, Field> = {};
    let edited = edit !== undefined;
    for (const [key, field] of Object.entries(type.fields)) {
      if (edit?.omit?.includes(key) === true) continue;
      const own = edit?.fields?.[key] ?? field;
      const inner = typeOf(own);
      const rebuilt = inner === undefined ? undefined : rebuild(inner);
      if (inner !== undefined && rebuilt !== untouched(inner)) edited = true;
      const xmlName = edit?.xmlNames?.[key];
      const named = xmlName === undefined || xmlName === xmlNameOf(key, own) ? own : Object.freeze({ ...own, xmlName });
      fields[key] = rebuilt === undefined ? named : retyped(named, rebuilt);
    }
    const variant = edited
      ? Object.freeze({ ...type, name: edit?.name ?? type.name, fields: Object.freeze(fields), ...(qualified ? { qualified } : {}) })
      : untouched(type);
    built.set(type, variant);
    return variant;
  }

  const variant = rebuild(root);
  checkEdits(edits, seen);
  return variant as T;
}
