// The JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of the contract's types as the REST
// binding carries them, agreeing with contract/schema/decode.ts: only the fields REST carries, unknown fields
// refused (`additionalProperties: false`), required-ness, lengths in characters, enumerations,
// patterns matching the whole value, ranges, list bounds, numbers also taken as digit strings where the
// field allows it and texts also taken as whole numbers. An optional field may be null, which requests
// and answers both use for "not given". A complex type is one component, referenced by its name.
import {
  carries,
  INTEGER_RANGES,
  type Field,
  type ItemField,
  type LeafField,
  type NumberField,
  type ObjectType,
  type StringField,
} from '../../contract/schema/model.ts';
import { xsdPatternOf } from '../../xml/xsd-pattern.ts';

/** A JSON Schema object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * An ECMAScript pattern (what JSON Schema's `pattern` is) for a contract pattern, anchored at both ends.
 * Written through XML Schema's dialect (xml/xsd-pattern.ts), which already spells out what the contract's
 * flags and the server's upper-casing accept, and whose classes and escapes mean the same in JavaScript but one.
 */
function patternOf(field: StringField & { readonly pattern: RegExp }): string {
  return `^(?:${ecmaScriptOf(xsdPatternOf(field.pattern, { upperCase: field.upperCase }))})$`;
}

/**
 * An XML Schema pattern as an ECMAScript one read with the `u` flag (as ajv and JSON Schema read it):
 * the same but for `\-` outside a character class, which XML Schema escapes and `u` refuses as an
 * escape of a character that needs none.
 */
function ecmaScriptOf(xsd: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < xsd.length; i++) {
    const c = xsd[i];
    if (c === '\\') {
      const next = xsd[i + 1];
      out += !inClass && next === '-' ? '-' : `${c}${next}`;
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    out += c;
  }
  return out;
}

function stringSchema(field: StringField): JsonSchema {
  const lengths =
    field.length !== undefined
      ? { minLength: field.length, maxLength: field.length }
      : { minLength: field.minLength, maxLength: field.maxLength };
  const text = {
    ...lengths,
    enum: field.enum,
    pattern: field.pattern === undefined ? undefined : patternOf({ ...field, pattern: field.pattern }),
  };
  if (!field.acceptNumber) return { type: 'string', ...text };
  // A whole number is taken as its decimal text: at most as many digits as the text may have characters.
  const digits = field.length ?? field.maxLength;
  return {
    type: ['string', 'integer'],
    ...text,
    minimum: field.length === undefined ? 0 : 10 ** (field.length - 1),
    maximum: digits === undefined ? Number.MAX_SAFE_INTEGER : Math.min(10 ** digits - 1, Number.MAX_SAFE_INTEGER),
  };
}

function numberSchema(field: NumberField): JsonSchema {
  const integer = field.xs === 'xs:int' || field.xs === 'xs:long';
  const [low, high] = field.xs === 'xs:int' || field.xs === 'xs:long' ? INTEGER_RANGES[field.xs] : [undefined, undefined];
  const bounds = { minimum: field.min ?? low, maximum: field.max ?? high, enum: field.enum };
  const type = integer ? 'integer' : 'number';
  if (!field.acceptDigitString) return { type, ...bounds };
  // A digit string (leading zeros allowed) is read as the number it spells; the bounds apply to that number.
  const digits = field.maxDigits === undefined ? '+' : `{1,${field.maxDigits}}`;
  return { type: [type, 'string'], ...bounds, pattern: `^[0-9]${digits}$` };
}

function leafSchema(field: LeafField): JsonSchema {
  switch (field.kind) {
    case 'string':
      return stringSchema(field);
    case 'number':
      return numberSchema(field);
    case 'boolean':
      return { type: 'boolean' };
    case 'binary':
      return { type: 'string', contentEncoding: 'base64' };
    case 'dateTime':
      // json-writer.ts: ISO 8601 in UTC with six fraction digits (2026-11-23T04:19:00.123000Z).
      return { type: 'string', format: 'date-time' };
  }
}

/** Drops the keywords a schema leaves undefined, so the document holds only what applies. */
function defined(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));
}

/** A null where a field is optional: requests and answers both send it for "not given". */
const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/**
 * Every complex type reachable from the schemas asked for, as components named by the type. Two
 * versions of a service may declare two types of one name (ShipmentService 3.3's `storeOrders` beside
 * 3.5's): the one met later is named with the `scope` it was met in (`storeOrders_ShipmentServiceV33`).
 */
export class SchemaComponents {
  /** Appended to the name of a type whose name another type already has. */
  scope = '';
  private readonly names = new Map<ObjectType, string>();
  private readonly named = new Set<string>();
  private readonly schemas = new Map<string, JsonSchema>();

  /** A reference to `type`'s component, declaring it (and the types it reaches) on first use. */
  ref(type: ObjectType): JsonSchema {
    let name = this.names.get(type);
    if (name === undefined) {
      name = this.named.has(type.name) ? `${type.name}_${this.scope}` : type.name;
      if (this.named.has(name)) throw new Error(`two contract types are named ${name}: the components need distinct names`);
      this.names.set(type, name);
      this.named.add(name);
      // Its place first, so components are listed in first-use order, a type before those it reaches.
      this.schemas.set(name, {});
      this.schemas.set(name, this.objectSchema(type));
    }
    return { $ref: `${COMPONENT_PREFIX}${name}` };
  }

  /** The schema of `field`'s value, null included when the field is optional. */
  field(field: Field): JsonSchema {
    const schema =
      field.kind === 'array'
        ? defined({ type: 'array', items: this.item(field.item), minItems: field.minItems, maxItems: field.maxItems })
        : this.item(field);
    return field.required ? schema : orNull(schema);
  }

  /** An object type's own schema (not a reference): its REST fields, required ones listed. */
  objectSchema(type: ObjectType): JsonSchema {
    const fields = Object.entries(type.fields).filter(([, field]) => carries('rest', field));
    const required = fields.filter(([, field]) => field.required).map(([name]) => name);
    return defined({
      type: 'object',
      properties: Object.fromEntries(fields.map(([name, field]) => [name, this.field(field)])),
      required: required.length === 0 ? undefined : required,
      additionalProperties: false,
    });
  }

  /** Every component declared so far, in first-use order. */
  components(): Record<string, JsonSchema> {
    return Object.fromEntries(this.schemas);
  }

  private item(field: ItemField): JsonSchema {
    return field.kind === 'object' ? this.ref(field.type) : defined(leafSchema(field));
  }
}
