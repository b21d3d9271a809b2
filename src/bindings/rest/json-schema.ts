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
import { YYYYMMDD_PATTERN } from '../../contract/schema/calendar-date.ts';

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
  if (field.calendar === 'date') {
    // A YYYYMMDD date (contract/schema/calendar-date.ts): its digits spell a real day; as a number, the years 1000–9999.
    const range = { minimum: Math.max(field.min ?? 0, 10000101), maximum: Math.min(field.max ?? Infinity, 99991231) };
    if (!field.acceptDigitString) return { type, ...range };
    return { type: [type, 'string'], ...range, pattern: YYYYMMDD_PATTERN.source };
  }
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

const NOT_GIVEN_NAME = 'NotGiven';
const BLANK_TEXT_NAME = 'BlankText';
const NOT_GIVEN: JsonSchema = { $ref: `${COMPONENT_PREFIX}${NOT_GIVEN_NAME}` };
const BLANK_TEXT: JsonSchema = { $ref: `${COMPONENT_PREFIX}${BLANK_TEXT_NAME}` };

/** The components the rule "empty text counts as not given" is written with (contract/schema/decode.ts `isAbsent`). */
const ABSENCE_COMPONENTS: Readonly<Record<string, JsonSchema>> = Object.freeze({
  [BLANK_TEXT_NAME]: {
    description: 'A text of blanks only, empty included (white space and the zero-width characters): it names nothing.',
    type: 'string',
    pattern: '^[\\p{White_Space}\\u200B-\\u200D\\u2060\\uFEFF]*$',
  },
  [NOT_GIVEN_NAME]: {
    description: 'A field not given: null, or a blank text, as if left out. A required field or a list item sent so is refused as missing.',
    anyOf: [{ type: 'null' }, BLANK_TEXT],
  },
});

/** An optional field's value: its own, or not given (null, a blank text): requests and answers both send null for it. */
const orNotGiven = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, NOT_GIVEN] });

/** A text that must be given (a required field, a list item): a blank text is refused as missing. */
function notBlank(schema: JsonSchema): JsonSchema {
  const types = [schema.type].flat();
  if (!types.includes('string') || schema.pattern !== undefined || schema.enum !== undefined) return schema;
  return { ...schema, not: BLANK_TEXT };
}

/** What a group member must be to count as given: true for a boolean, anything but not given otherwise. */
const given = (field: Field): JsonSchema => (field.kind === 'boolean' ? { const: true } : { not: NOT_GIVEN });

/**
 * Every complex type reachable from the schemas asked for, as components named by the type. Two
 * versions of a service may declare two types of one name (ShipmentService 3.3's `storeOrders` beside
 * 3.5's): the one met later is named with the `scope` it was met in (`storeOrders_ShipmentServiceV33`).
 */
export class SchemaComponents {
  /** Appended to the name of a type whose name another type already has. */
  scope = '';
  /**
   * Whether the schemas made now describe requests, which take a blank text for a field not given and
   * refuse it where a field is required, or answers, which send null for it and never a blank text.
   * A type both use is two components, the answer's named `<type>_answer` (getParcelData's `order`).
   */
  mode: 'request' | 'answer' = 'request';
  private readonly names = { request: new Map<ObjectType, string>(), answer: new Map<ObjectType, string>() };
  private readonly named = new Set<string>();
  private readonly schemas = new Map<string, JsonSchema>();

  /** A reference to `type`'s component, declaring it (and the types it reaches) on first use. */
  ref(type: ObjectType): JsonSchema {
    const names = this.names[this.mode];
    let name = names.get(type);
    if (name === undefined) {
      const inOtherMode = this.names[this.mode === 'request' ? 'answer' : 'request'].has(type);
      name = !this.named.has(type.name) ? type.name : `${type.name}_${inOtherMode ? this.mode : this.scope}`;
      if (this.named.has(name)) throw new Error(`two contract types are named ${name}: the components need distinct names`);
      names.set(type, name);
      this.named.add(name);
      // Its place first, so components are listed in first-use order, a type before those it reaches.
      this.schemas.set(name, {});
      this.schemas.set(name, this.objectSchema(type));
    }
    return { $ref: `${COMPONENT_PREFIX}${name}` };
  }

  /** The schema of `field`'s value, null included when the field is optional. */
  field(field: Field): JsonSchema {
    if (this.mode === 'answer') {
      const schema =
        field.kind === 'array'
          ? defined({ type: 'array', items: this.item(field.item), minItems: field.minItems, maxItems: field.maxItems })
          : this.item(field);
      return field.required ? schema : { anyOf: [schema, { type: 'null' }] };
    }
    // A list item is never optional (decode.ts): a blank one is refused as missing, as a required field's blank text is.
    if (field.kind === 'array') {
      const schema = defined({ type: 'array', items: notBlank(this.item(field.item)), minItems: field.minItems, maxItems: field.maxItems });
      return field.required ? schema : orNotGiven(schema);
    }
    const schema = this.item(field);
    return field.required ? notBlank(schema) : orNotGiven(schema);
  }

  /** An object type's own schema (not a reference): its REST fields, required ones listed. */
  objectSchema(type: ObjectType): JsonSchema {
    const fields = Object.entries(type.fields).filter(([, field]) => carries('rest', field));
    const required = fields.filter(([, field]) => field.required).map(([name]) => name);
    const member = (name: string) => ({ required: [name], properties: { [name]: given(type.fields[name]) } });
    const groups = [
      ...(type.oneOf ?? []).map((names) => ({ oneOf: names.map(member) })),
      ...(type.anyOf ?? []).map((names) => ({ anyOf: names.map(member) })),
    ];
    return defined({
      type: 'object',
      properties: Object.fromEntries(fields.map(([name, field]) => [name, this.field(field)])),
      required: required.length === 0 ? undefined : required,
      additionalProperties: false,
      // Exactly one (oneOf) or at least one (anyOf) of each group given: what the operation refuses otherwise.
      ...(groups.length === 1 ? groups[0] : groups.length > 1 ? { allOf: groups } : {}),
    });
  }

  /** Every component declared so far, in first-use order. */
  components(): Record<string, JsonSchema> {
    return { ...Object.fromEntries(this.schemas), ...ABSENCE_COMPONENTS };
  }

  private item(field: ItemField): JsonSchema {
    return field.kind === 'object' ? this.ref(field.type) : defined(leafSchema(field));
  }
}
