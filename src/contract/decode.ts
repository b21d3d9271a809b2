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

  object(type: ObjectType, input: unknown, path: string): Record<string, unknown> | undefined {
    if (!isPlainObject(input)) return this.report(undefined, 'type', path, { expected: 'an object' });
    const plan = planOf(type, this.options.binding);
    // Only the keys sent are visited (an address has 25 fields, a request uses a handful), in contract
    // order, so a request reports its problems in the same order whichever binding carried it.
    const present: Array<{ readonly key: string; readonly field: Field; readonly index: number }> = [];
    for (const key of Object.keys(input)) {
      const known = plan.fields.get(key);
      if (known === undefined) this.report(undefined, 'unknown', joinPath(path, key));
      else present.push({ key, field: known.field, index: known.index });
    }
    present.sort((a, b) => a.index - b.index);
    const out: Record<string, unknown> = {};
    let requiredSeen = 0;
    for (const { key, field } of present) {
      if (field.required) requiredSeen += 1;
      const value = this.field(field, input[key], joinPath(path, key));
      if (value !== undefined) out[key] = value;
    }
    if (requiredSeen < plan.required.length) {
      for (const [key, field] of plan.required) {
        if (!Object.hasOwn(input, key)) this.report(field, 'missing', joinPath(path, key));
      }
    }
    return out;
  }

  field(field: Field, input: unknown, path: string): unknown {
    // null and an empty text count as absent: generated clients send both for unset optional fields.
    if (input === undefined || input === null || input === '') {
      return field.required ? this.report(field, 'missing', path) : undefined;
    }
    switch (field.kind) {
      case 'array': return this.array(field, input, path);
      case 'object': return this.object(field.type, input, path);
      default: return this.leaf(field, input, path);
    }
  }

  array(field: Extract<Field, { kind: 'array' }>, input: unknown, path: string): unknown[] | undefined {
    if (!Array.isArray(input)) return this.report(field, 'type', path, { expected: 'a list' });
    if (field.minItems !== undefined && input.length < field.minItems) return this.report(field, 'minItems', path, { min: field.minItems });
    if (field.maxItems !== undefined && input.length > field.maxItems) return this.report(field, 'maxItems', path, { max: field.maxItems });
    const out: unknown[] = [];
    for (let i = 0; i < input.length; i++) {
      const itemPath = `${path}[${i}]`;
      const item = input[i];
      const value = item === null || item === undefined || item === ''
        ? this.report(field.item, 'missing', itemPath)
        : field.item.kind === 'object' ? this.object(field.item.type, item, itemPath) : this.leaf(field.item, item, itemPath);
      out.push(value);
    }
    return out;
  }

  leaf(field: LeafField, input: unknown, path: string): unknown {
    switch (field.kind) {
      case 'string': return this.string(field, input, path);
      case 'number': return this.number(field, input, path);
      case 'boolean': return this.boolean(field, input, path);
      // Results only: requests never carry these kinds.
      case 'binary': case 'dateTime': return this.report(field, 'type', path, { expected: 'no value' });
    }
  }

  string(field: StringField, input: unknown, path: string): string | undefined {
    let text: string;
    if (typeof input === 'string') text = input;
    else if (typeof input === 'number' && field.acceptNumber && Number.isSafeInteger(input) && input >= 0) text = String(input);
    else return this.report(field, 'type', path, { expected: field.acceptNumber ? 'text or a whole number' : 'text' });
    // A lone surrogate is not text in any encoding a label or database can hold.
    if (!text.isWellFormed()) return this.report(field, 'pattern', path, { format: 'well-formed Unicode text' });
    if (field.upperCase) text = text.toUpperCase();
    const length = countCharacters(text);
    if (field.length !== undefined && length !== field.length) return this.report(field, 'length', path, { length: field.length });
    if (field.maxLength !== undefined && length > field.maxLength) return this.report(field, 'maxLength', path, { max: field.maxLength });
    if (field.minLength !== undefined && length < field.minLength) return this.report(field, 'minLength', path, { min: field.minLength });
    if (field.enum !== undefined && !field.enum.includes(text)) return this.report(field, 'enum', path, { value: text, values: field.enum.join(', ') });
    if (field.pattern !== undefined && !field.pattern.test(text)) return this.report(field, 'pattern', path, { format: field.patternText ?? 'the right format' });
    return text;
  }

  number(field: NumberField, input: unknown, path: string): number | undefined {
    const integer = field.xs === 'xs:int' || field.xs === 'xs:long';
    const expected = integer ? 'a whole number' : 'a number';
    let value: number;
    if (typeof input === 'number') {
      value = input;
    } else if (typeof input === 'string' && (this.options.source === 'xml' || (field.acceptDigitString && DIGITS.test(input)))) {
      const trimmed = this.options.source === 'xml' ? input.trim() : input;
      if (!(integer ? INTEGER_TEXT : DECIMAL_TEXT).test(trimmed)) return this.report(field, 'type', path, { expected });
      if (field.maxDigits !== undefined && trimmed.replace(/^[+-]/, '').length > field.maxDigits) {
        return this.report(field, 'maxDigits', path, { max: '9'.repeat(field.maxDigits) });
      }
      value = Number(trimmed);
    } else {
      return this.report(field, 'type', path, { expected });
    }
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) return this.report(field, 'type', path, { expected });
    if (integer) {
      const [low, high] = INT_RANGE[field.xs as 'xs:int' | 'xs:long'];
      if (value < low || value > high) return this.report(field, 'type', path, { expected: `a whole number from ${low} to ${high}` });
    }
    if (field.enum !== undefined && !field.enum.includes(value)) return this.report(field, 'enum', path, { value, values: field.enum.join(', ') });
    if (field.max !== undefined && value > field.max) return this.report(field, 'max', path, { max: field.max, value });
    if (field.min !== undefined && value < field.min) return this.report(field, 'min', path, { min: field.min, value });
    return value;
  }

  boolean(field: Field, input: unknown, path: string): boolean | undefined {
    if (typeof input === 'boolean') return input;
    if (this.options.source === 'xml' && typeof input === 'string') {
      // xs:boolean lexical space (XML Schema Part 2, 3.2.2): true, false, 1, 0.
      const text = input.trim();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
    }
    return this.report(field, 'type', path, { expected: 'true or false' });
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
