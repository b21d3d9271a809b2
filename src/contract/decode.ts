// Decodes a wire value (parsed JSON, or the contract-shaped tree of a SOAP body) against a contract
// type: checks every field's type, presence, length, enumeration and range, and returns the
// normalised value with the violations found. Invalid fields are left out of the value, so
// cross-field rules can still run on the rest and report everything in one answer.
import type { CheckKind, DeepPartial, Field, Infer, LeafField, NumberField, ObjectType, StringField } from './model.ts';
import { carries } from './model.ts';
import type { ErrorCode, MessageParams } from './error-catalogue.ts';

/** One problem found in a request: a catalogue code, the field path and the message parameters. */
export interface Violation {
  readonly code: ErrorCode;
  /** Field path from the operation object, e.g. `order[0].parcels[1].weight`. */
  readonly path: string;
  readonly params?: MessageParams;
}

/** Where a value comes from: JSON keeps its types; XML leaves are all text. */
export type Source = 'json' | 'xml';

export interface DecodeOptions {
  readonly binding: 'rest' | 'soap';
  readonly source: Source;
}

const genericCodes: Readonly<Record<CheckKind, ErrorCode>> = {
  missing: 'error_missing_field',
  type: 'error_invalid_type',
  unknown: 'error_unknown_field',
  maxLength: 'error_field_too_long',
  minLength: 'error_field_too_short',
  length: 'error_invalid_field_length',
  enum: 'error_invalid_field_value',
  pattern: 'error_invalid_field_format',
  max: 'error_value_too_large',
  min: 'error_value_too_small',
  maxDigits: 'error_value_too_large',
  maxItems: 'error_too_many_entries',
  minItems: 'error_too_few_entries',
};

const INT_RANGE = { 'xs:int': [-2147483648, 2147483647], 'xs:long': [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] } as const;
const INTEGER_TEXT = /^[+-]?[0-9]+$/;
const DECIMAL_TEXT = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;
const DIGITS = /^[0-9]+$/;

/** Joins a field path: `order[0]` + `parcels` → `order[0].parcels`. */
export function joinPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** The path of a field (`key` a name) or of a list item (`key` an index): `order` + 0 → `order[0]`. */
function pathOf(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : joinPath(parent, key);
}

/** A type's fields as one binding carries them. */
interface Plan {
  /** Each carried field by name, with its position in contract order. */
  readonly fields: ReadonlyMap<string, { readonly field: Field; readonly index: number }>;
  /** The carried fields in contract order. */
  readonly entries: ReadonlyArray<readonly [string, Field]>;
  /** The required ones among them, in contract order. */
  readonly required: ReadonlyArray<readonly [string, Field]>;
}

const plans = { rest: new WeakMap<ObjectType, Plan>(), soap: new WeakMap<ObjectType, Plan>() };

function planOf(type: ObjectType, binding: 'rest' | 'soap'): Plan {
  let plan = plans[binding].get(type);
  if (plan === undefined) {
    const carried = Object.entries(type.fields).filter(([, field]) => carries(binding, field));
    plan = {
      fields: new Map(carried.map(([key, field], index) => [key, { field, index }])),
      entries: carried,
      required: carried.filter(([, field]) => field.required),
    };
    plans[binding].set(type, plan);
  }
  return plan;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Decoder {
  readonly violations: Violation[] = [];
  constructor(private readonly options: DecodeOptions) {}

  report(field: Field | undefined, kind: CheckKind, path: string, params: MessageParams = {}): undefined {
    this.violations.push({ code: field?.codes?.[kind] ?? genericCodes[kind], path, params: { path, ...params } });
    return undefined;
  }

  /** `report` for the field at `parent` + `key`, its path joined only now. */
  reportAt(field: Field, kind: CheckKind, parent: string, key: string | number, params: MessageParams): undefined {
    return this.report(field, kind, pathOf(parent, key), params);
  }

  object(type: ObjectType, input: unknown, path: string): Record<string, unknown> | undefined {
    if (!isPlainObject(input)) return this.report(undefined, 'type', path, { expected: 'an object' });
    const plan = planOf(type, this.options.binding);
    // Only the keys sent are visited (an address has 25 fields, a request uses a handful), in contract
    // order, so a request reports its problems in the same order whichever binding carried it.
    const keys = Object.keys(input);
    const known: Array<{ readonly field: Field; readonly index: number }> = [];
    const knownKeys: string[] = [];
    let ordered = true;
    for (const key of keys) {
      const entry = plan.fields.get(key);
      if (entry === undefined) {
        this.report(undefined, 'unknown', joinPath(path, key));
        continue;
      }
      if (known.length > 0 && entry.index < known[known.length - 1].index) ordered = false;
      known.push(entry);
      knownKeys.push(key);
    }
    // Clients mostly send fields in contract order already; only the others pay for sorting.
    const order = ordered ? undefined : known.map((_, i) => i).sort((a, b) => known[a].index - known[b].index);
    const out: Record<string, unknown> = {};
    let requiredSeen = 0;
    for (let n = 0; n < known.length; n++) {
      const i = order === undefined ? n : order[n];
      const { field } = known[i];
      const key = knownKeys[i];
      if (field.required) requiredSeen += 1;
      const value = this.field(field, input[key], path, key);
      if (value !== undefined) out[key] = value;
    }
    if (requiredSeen < plan.required.length) {
      for (const [key, field] of plan.required) {
        if (!Object.hasOwn(input, key)) this.report(field, 'missing', joinPath(path, key));
      }
    }
    return out;
  }

  /**
   * Decodes the value at `parent` + `key` (a field name, or an index into a list). The path is only
   * joined when it is needed — to report a problem or to descend — since most fields have neither.
   */
  field(field: Field, input: unknown, parent: string, key: string | number): unknown {
    // null and an empty text count as absent: generated clients send both for unset optional fields.
    if (input === undefined || input === null || input === '') {
      return field.required ? this.report(field, 'missing', pathOf(parent, key)) : undefined;
    }
    switch (field.kind) {
      case 'array': return this.array(field, input, pathOf(parent, key));
      case 'object': return this.object(field.type, input, pathOf(parent, key));
      default: return this.leaf(field, input, parent, key);
    }
  }

  array(field: Extract<Field, { kind: 'array' }>, input: unknown, path: string): unknown[] | undefined {
    if (!Array.isArray(input)) return this.report(field, 'type', path, { expected: 'a list' });
    if (field.minItems !== undefined && input.length < field.minItems) return this.report(field, 'minItems', path, { min: field.minItems });
    if (field.maxItems !== undefined && input.length > field.maxItems) return this.report(field, 'maxItems', path, { max: field.maxItems });
    const out: unknown[] = [];
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      // A list item is never optional: an absent one is reported even when its field is not required.
      out.push(item === null || item === undefined || item === ''
        ? this.report(field.item, 'missing', pathOf(path, i))
        : this.field(field.item, item, path, i));
    }
    return out;
  }

  leaf(field: LeafField, input: unknown, parent: string, key: string | number): unknown {
    switch (field.kind) {
      case 'string': return this.string(field, input, parent, key);
      case 'number': return this.number(field, input, parent, key);
      case 'boolean': return this.boolean(field, input, parent, key);
      // Results only: requests never carry these kinds.
      case 'binary': case 'dateTime': return this.report(field, 'type', pathOf(parent, key), { expected: 'no value' });
    }
  }

  string(field: StringField, input: unknown, parent: string, key: string | number): string | undefined {
    let text: string;
    if (typeof input === 'string') text = input;
    else if (typeof input === 'number' && field.acceptNumber && Number.isSafeInteger(input) && input >= 0) text = String(input);
    else return this.reportAt(field, 'type', parent, key, { expected: field.acceptNumber ? 'text or a whole number' : 'text' });
    // A lone surrogate is not text in any encoding a label or database can hold.
    if (!text.isWellFormed()) return this.reportAt(field, 'pattern', parent, key, { format: 'well-formed Unicode text' });
    if (field.upperCase) text = text.toUpperCase();
    // Code points never outnumber UTF-16 units: a text no longer than a bound in units is within it.
    const length = field.length === undefined && (field.maxLength === undefined || text.length <= field.maxLength)
      && (field.minLength === undefined || text.length >= 2 * field.minLength) ? -1 : countCharacters(text);
    if (field.length !== undefined && length !== field.length) return this.reportAt(field, 'length', parent, key, { length: field.length });
    if (field.maxLength !== undefined && length > field.maxLength) return this.reportAt(field, 'maxLength', parent, key, { max: field.maxLength });
    if (field.minLength !== undefined && length < field.minLength) return this.reportAt(field, 'minLength', parent, key, { min: field.minLength });
    if (field.enum !== undefined && !field.enum.includes(text)) return this.reportAt(field, 'enum', parent, key, { value: text, values: field.enum.join(', ') });
    if (field.pattern !== undefined && !field.pattern.test(text)) return this.reportAt(field, 'pattern', parent, key, { format: field.patternText ?? 'the right format' });
    return text;
  }

  number(field: NumberField, input: unknown, parent: string, key: string | number): number | undefined {
    const integer = field.xs === 'xs:int' || field.xs === 'xs:long';
    const expected = integer ? 'a whole number' : 'a number';
    let value: number;
    if (typeof input === 'number') {
      value = input;
    } else if (typeof input === 'string' && (this.options.source === 'xml' || (field.acceptDigitString && DIGITS.test(input)))) {
      const trimmed = this.options.source === 'xml' ? input.trim() : input;
      if (!(integer ? INTEGER_TEXT : DECIMAL_TEXT).test(trimmed)) return this.reportAt(field, 'type', parent, key, { expected });
      if (field.maxDigits !== undefined && trimmed.replace(/^[+-]/, '').length > field.maxDigits) {
        return this.reportAt(field, 'maxDigits', parent, key, { max: '9'.repeat(field.maxDigits) });
      }
      value = Number(trimmed);
    } else {
      return this.reportAt(field, 'type', parent, key, { expected });
    }
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) return this.reportAt(field, 'type', parent, key, { expected });
    if (integer) {
      const [low, high] = INT_RANGE[field.xs as 'xs:int' | 'xs:long'];
      if (value < low || value > high) return this.reportAt(field, 'type', parent, key, { expected: `a whole number from ${low} to ${high}` });
    }
    if (field.enum !== undefined && !field.enum.includes(value)) return this.reportAt(field, 'enum', parent, key, { value, values: field.enum.join(', ') });
    if (field.max !== undefined && value > field.max) return this.reportAt(field, 'max', parent, key, { max: field.max, value });
    if (field.min !== undefined && value < field.min) return this.reportAt(field, 'min', parent, key, { min: field.min, value });
    return value;
  }

  boolean(field: Field, input: unknown, parent: string, key: string | number): boolean | undefined {
    if (typeof input === 'boolean') return input;
    if (this.options.source === 'xml' && typeof input === 'string') {
      // xs:boolean lexical space (XML Schema Part 2, 3.2.2): true, false, 1, 0.
      const text = input.trim();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
    }
    return this.report(field, 'type', pathOf(parent, key), { expected: 'true or false' });
  }
}

/**
 * Counts Unicode code points, as the specification's lengths are character counts. A surrogate pair
 * is one character; a lone surrogate counts as one too, so it cannot slip past a maximum length.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** A decoded value (invalid fields left out) and what was wrong with the input. */
export interface Decoded<T extends ObjectType> {
  readonly value: DeepPartial<Infer<T>> | undefined;
  readonly violations: readonly Violation[];
}

/** Decodes `input` as `type`; paths start at `rootPath` ('' for the operation object). */
export function decode<T extends ObjectType>(type: T, input: unknown, options: DecodeOptions, rootPath = ''): Decoded<T> {
  const decoder = new Decoder(options);
  const value = decoder.object(type, input, rootPath) as DeepPartial<Infer<T>> | undefined;
  return { value, violations: decoder.violations };
}
