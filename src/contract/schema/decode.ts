// Decodes a wire value (parsed JSON, or the contract-shaped tree of a SOAP body) against a contract
// type: checks every field's type, presence, length, enumeration and range, and returns the
// normalised value with the violations found. Invalid fields are left out of the value, so
// cross-field rules can still run on the rest and report everything in one answer.
import type { ArrayField, CheckKind, DeepPartial, Field, Infer, NumberField, ObjectType, StringField } from './model.ts';
import { carries, INTEGER_RANGES } from './model.ts';
import { nearestName } from './nearest-name.ts';
import { DATE_TEXT_FORM, dateTimePattern, readDate, readDateText, readDateTime, type DateTimeForm } from './calendar-date.ts';
import { fill, type ErrorCode, type LocalizedText, type MessageParams } from '../error-catalogue.ts';

/** One problem found in a request: a catalogue code, the field path and the message parameters. */
export interface Violation {
  readonly code: ErrorCode;
  /** Field path from the operation object, e.g. `order[0].parcels[1].weight`. */
  readonly path: string;
  readonly params?: MessageParams;
}

/**
 * Most violations one request is answered with. Each is a message of a validateOrders answer, and
 * without a bound a request could ask for one per few bytes (unknown keys, empty list items): 1.2 MB
 * of empty parcels was answered with 35 MB after 3 s of the event loop. Decoding stops there.
 */
export const MAX_VIOLATIONS = 1000;

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
  control: 'error_control_character',
  max: 'error_value_too_large',
  min: 'error_value_too_small',
  maxDigits: 'error_value_too_large',
  maxItems: 'error_too_many_entries',
  minItems: 'error_too_few_entries',
  date: 'error_invalid_date',
  dateTime: 'error_invalid_date_time',
};

/** What a value should have been ({expected} of error_invalid_type), from the reason catalogue. */
const EXPECTED = {
  object: fill('expected_object'),
  list: fill('expected_list'),
  text: fill('expected_text'),
  textOrWholeNumber: fill('expected_text_or_whole_number'),
  wholeNumber: fill('expected_whole_number'),
  number: fill('expected_number'),
  boolean: fill('expected_boolean'),
  noValue: fill('expected_no_value'),
} as const satisfies Record<string, LocalizedText>;

const wholeNumberIn = ([min, max]: readonly [number, number]): LocalizedText => fill('expected_whole_number_in', { min, max });

/** The {format} of a pattern without a description of its own, and of a lone surrogate. */
const ANY_FORMAT = fill('format_any');
const WELL_FORMED_TEXT = fill('format_well_formed_text');

/** The letters a to z, which codes declared `upperCase` take in either case. */
const LOWER_ASCII = /[a-z]+/g;
const INTEGER_TEXT = /^[+-]?[0-9]+$/;
const DECIMAL_TEXT = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;
/** xs:double's lexical form also takes an exponent (5.237E1); INF and NaN are no coordinates or weights. */
const DOUBLE_TEXT = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/;
const DIGITS = /^[0-9]+$/;
/**
 * The white space XML Schema collapses around a number or boolean (Part 2, 4.3.6: space, tab, CR, LF).
 * String.prototype.trim also drops U+00A0, U+FEFF and other Unicode spaces, which the served schema
 * refuses there.
 */
const XML_SPACE_AROUND = /^[ \t\n\r]+|[ \t\n\r]+$/g;
const collapseXmlSpace = (text: string) => text.replace(XML_SPACE_AROUND, '');

/**
 * The C0 control characters but tab, line feed and carriage return, and DEL: no label, database or
 * XML answer holds them as text (PostgreSQL refuses U+0000, XML 1.0 the rest of C0), so a text
 * carrying one is refused rather than stored.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A character as the messages name it: U+0000. */
const codePointName = (character: string) => `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Unicode White_Space and the zero-width characters that print nothing (U+200B–U+200D, U+2060, U+FEFF). */
const BLANK_TEXT = /^[\p{White_Space}\u200B-\u200D\u2060\uFEFF]*$/u;

/**
 * Whether a wire value counts as not given: null, an empty text (generated clients send both for
 * unset optional fields), or a text of only blank or invisible characters, which names nothing a
 * driver or a label could use. The value itself is never trimmed (docs/decisions.md).
 */
export function isAbsent(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  if (typeof input !== 'string') return false;
  if (input.length === 0) return true;
  // Most texts start with a visible ASCII character; only the others need the pattern.
  const first = input.charCodeAt(0);
  return !(first > 0x20 && first < 0x7f) && BLANK_TEXT.test(input);
}

/** Joins a field path: `order[0]` + `parcels` → `order[0].parcels`. */
export function joinPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** The path of a field (`key` a name) or of a list item (`key` an index): `order` + 0 → `order[0]`. */
function pathOf(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : joinPath(parent, key);
}

/**
 * A field's checks with every property present, built once per field. Contract fields come in many
 * shapes (each builder spreads its own options), which made every property read in the decoder
 * megamorphic; reading them from one shape is most of what decoding a field costs.
 */
interface Check {
  readonly kind: Field['kind'];
  readonly required: boolean;
  readonly codes: Readonly<Partial<Record<CheckKind, ErrorCode>>> | undefined;
  // string
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly length: number | undefined;
  readonly enum: readonly (string | number)[] | undefined;
  readonly pattern: RegExp | undefined;
  readonly patternText: LocalizedText | undefined;
  readonly acceptNumber: boolean;
  readonly upperCase: boolean;
  /** A date field of either kind (model.ts `calendar`). */
  readonly calendar: 'date' | 'date-time' | undefined;
  /** A date and time's form, and its form with any digits (model.ts `dateTimeForm`). */
  readonly dateTimeForm: DateTimeForm | undefined;
  readonly calendarForm: RegExp | undefined;
  // number
  readonly integerRange: readonly [number, number] | undefined;
  /** The lexical form of a number given as text (XML, or a digit string where allowed). */
  readonly numberText: RegExp | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly acceptDigitString: boolean;
  readonly maxDigits: number | undefined;
  // array
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly item: Check | undefined;
  // object
  readonly type: ObjectType | undefined;
}

const checks = new WeakMap<Field, Check>();

/** A property checkOf sets for the check's kind (`type` of an object, `item` of an array, …). */
function ofKind<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('a check lacks a property of its own kind');
  return value;
}

function checkOf(field: Field): Check {
  let check = checks.get(field);
  if (check === undefined) {
    // Every kind's options, each absent on the kinds that do not have it.
    const f = field as Partial<
      Pick<
        StringField,
        'minLength' | 'maxLength' | 'length' | 'pattern' | 'patternText' | 'acceptNumber' | 'upperCase' | 'calendar' | 'dateTimeForm'
      > &
        Pick<NumberField, 'min' | 'max' | 'acceptDigitString' | 'maxDigits'> &
        Pick<ArrayField, 'minItems' | 'maxItems'>
    > & { readonly enum?: readonly (string | number)[] };
    check = {
      kind: field.kind,
      required: field.required,
      codes: field.codes,
      minLength: f.minLength,
      maxLength: f.maxLength,
      length: f.length,
      enum: f.enum,
      pattern: f.pattern,
      patternText: f.patternText,
      acceptNumber: f.acceptNumber === true,
      upperCase: f.upperCase === true,
      calendar: f.calendar,
      dateTimeForm: f.dateTimeForm,
      calendarForm:
        f.calendar === 'date' && field.kind === 'string'
          ? DATE_TEXT_FORM
          : f.dateTimeForm === undefined
            ? undefined
            : dateTimePattern(f.dateTimeForm, true),
      integerRange: field.kind === 'number' && (field.xs === 'xs:int' || field.xs === 'xs:long') ? INTEGER_RANGES[field.xs] : undefined,
      numberText:
        field.kind !== 'number'
          ? undefined
          : field.xs === 'xs:int' || field.xs === 'xs:long'
            ? INTEGER_TEXT
            : field.xs === 'xs:double'
              ? DOUBLE_TEXT
              : DECIMAL_TEXT,
      min: f.min,
      max: f.max,
      acceptDigitString: f.acceptDigitString === true,
      maxDigits: f.maxDigits,
      minItems: f.minItems,
      maxItems: f.maxItems,
      item: field.kind === 'array' ? checkOf(field.item) : undefined,
      type: field.kind === 'object' ? field.type : undefined,
    };
    checks.set(field, check);
  }
  return check;
}

/** A type's fields as one binding carries them. */
interface Plan {
  /** Each carried field by name, with its position in contract order. */
  readonly fields: ReadonlyMap<string, { readonly check: Check; readonly index: number }>;
  /** The required fields among them, in contract order. */
  readonly required: ReadonlyArray<readonly [string, Check]>;
}

const plans = { rest: new WeakMap<ObjectType, Plan>(), soap: new WeakMap<ObjectType, Plan>() };

function planOf(type: ObjectType, binding: 'rest' | 'soap'): Plan {
  let plan = plans[binding].get(type);
  if (plan === undefined) {
    const carried = Object.entries(type.fields)
      .filter(([, field]) => carries(binding, field))
      .map(([key, field]) => [key, checkOf(field)] as const);
    plan = {
      fields: new Map(carried.map(([key, check], index) => [key, { check, index }])),
      required: carried.filter(([, check]) => check.required),
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

  /** Whether MAX_VIOLATIONS are found: the rest of the input is not looked at. */
  get full(): boolean {
    return this.violations.length >= MAX_VIOLATIONS;
  }

  report(check: Check | undefined, kind: CheckKind, path: string, params: MessageParams = {}): undefined {
    this.violations.push({ code: check?.codes?.[kind] ?? genericCodes[kind], path, params: { path, ...params } });
    return undefined;
  }

  /** `report` for the field at `parent` + `key`, its path joined only now. */
  reportAt(check: Check, kind: CheckKind, parent: string, key: string | number, params: MessageParams): undefined {
    return this.report(check, kind, pathOf(parent, key), params);
  }

  object(type: ObjectType, input: unknown, path: string): Record<string, unknown> | undefined {
    if (!isPlainObject(input)) return this.report(undefined, 'type', path, { expected: EXPECTED.object });
    const plan = planOf(type, this.options.binding);
    // Only the keys sent are visited (an address has 25 fields, a request uses a handful), in contract
    // order, so a request reports its problems in the same order whichever binding carried it.
    const keys = Object.keys(input);
    const known: Array<{ readonly check: Check; readonly index: number }> = [];
    const knownKeys: string[] = [];
    let ordered = true;
    for (const key of keys) {
      if (this.full) break;
      const entry = plan.fields.get(key);
      if (entry === undefined) {
        const near = nearestName(key, plan.fields.keys());
        this.report(undefined, 'unknown', joinPath(path, key), {
          suggestion: near === undefined ? '' : fill('did_you_mean', { name: near }),
        });
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
    for (let n = 0; n < known.length && !this.full; n++) {
      const i = order === undefined ? n : order[n];
      const { check } = known[i];
      const key = knownKeys[i];
      if (check.required) requiredSeen += 1;
      const value = this.field(check, input[key], path, key);
      if (value !== undefined) out[key] = value;
    }
    if (requiredSeen < plan.required.length) {
      for (const [key, check] of plan.required) {
        if (!Object.hasOwn(input, key)) this.report(check, 'missing', joinPath(path, key));
      }
    }
    return out;
  }

  /**
   * Decodes the value at `parent` + `key` (a field name, or an index into a list). The path is only
   * joined when it is needed — to report a problem or to descend — since most fields have neither.
   */
  field(check: Check, input: unknown, parent: string, key: string | number): unknown {
    if (isAbsent(input)) {
      return check.required ? this.report(check, 'missing', pathOf(parent, key)) : undefined;
    }
    switch (check.kind) {
      case 'string':
        return this.string(check, input, parent, key);
      case 'number':
        return this.number(check, input, parent, key);
      case 'boolean':
        return this.boolean(check, input, parent, key);
      case 'array':
        return this.array(check, input, pathOf(parent, key));
      case 'object':
        return this.object(ofKind(check.type), input, pathOf(parent, key));
      // Results only: requests never carry these kinds.
      case 'binary':
      case 'dateTime':
        return this.report(check, 'type', pathOf(parent, key), { expected: EXPECTED.noValue });
    }
  }

  array(check: Check, input: unknown, path: string): unknown[] | undefined {
    if (!Array.isArray(input)) return this.report(check, 'type', path, { expected: EXPECTED.list });
    if (check.minItems !== undefined && input.length < check.minItems) return this.report(check, 'minItems', path, { min: check.minItems });
    if (check.maxItems !== undefined && input.length > check.maxItems)
      return this.report(check, 'maxItems', path, { max: check.maxItems, count: input.length });
    const item = ofKind(check.item);
    const out: unknown[] = [];
    for (let i = 0; i < input.length && !this.full; i++) {
      const value: unknown = input[i];
      // A list item is never optional: an absent one is reported even when its field is not required.
      out.push(isAbsent(value) ? this.report(item, 'missing', pathOf(path, i)) : this.field(item, value, path, i));
    }
    return out;
  }

  string(check: Check, input: unknown, parent: string, key: string | number): string | undefined {
    let text: string;
    if (typeof input === 'string') text = input;
    else if (typeof input === 'number' && check.acceptNumber && Number.isSafeInteger(input) && input >= 0) text = String(input);
    else return this.reportAt(check, 'type', parent, key, { expected: check.acceptNumber ? EXPECTED.textOrWholeNumber : EXPECTED.text });
    // A lone surrogate is not text in any encoding a label or database can hold.
    if (!text.isWellFormed()) return this.reportAt(check, 'pattern', parent, key, { format: WELL_FORMED_TEXT });
    const control = CONTROL_CHARACTER.exec(text);
    if (control !== null) return this.reportAt(check, 'control', parent, key, { character: codePointName(control[0]) });
    // Codes are accepted in any case, a to z only: Unicode upper-casing would make the ligature ﬁ the
    // country FI, a dotless ı an I, ß SS.
    if (check.upperCase) text = text.replace(LOWER_ASCII, (letters) => letters.toUpperCase());
    // Code points never outnumber UTF-16 units, nor are fewer than half of them: a text within both
    // bounds in units is within them in characters, and is not counted (-1).
    const length =
      check.length === undefined &&
      (check.maxLength === undefined || text.length <= check.maxLength) &&
      (check.minLength === undefined || text.length >= 2 * check.minLength)
        ? -1
        : countCharacters(text);
    if (check.length !== undefined && length !== check.length) return this.reportAt(check, 'length', parent, key, { length: check.length });
    if (check.maxLength !== undefined && length > check.maxLength)
      return this.reportAt(check, 'maxLength', parent, key, { max: check.maxLength });
    if (check.minLength !== undefined && length !== -1 && length < check.minLength)
      return this.reportAt(check, 'minLength', parent, key, { min: check.minLength });
    if (check.enum !== undefined && !check.enum.includes(text))
      return this.reportAt(check, 'enum', parent, key, { value: text, values: check.enum.join(', ') });
    if (check.calendar !== undefined) return this.calendarText(check, text, parent, key);
    if (check.pattern !== undefined && !check.pattern.test(text))
      return this.reportAt(check, 'pattern', parent, key, { format: check.patternText ?? ANY_FORMAT });
    return text;
  }

  /**
   * A date or date-time text: its form first (the field's format named, as any pattern's), then a day
   * and time that exist (error_invalid_date, error_invalid_date_time), read by schema/calendar-date.ts.
   */
  calendarText(check: Check, text: string, parent: string, key: string | number): string | undefined {
    if (check.calendarForm !== undefined && !check.calendarForm.test(text))
      return this.reportAt(check, 'pattern', parent, key, { format: check.patternText ?? ANY_FORMAT });
    const exists = check.calendar === 'date' ? readDateText(text) !== undefined : readDateTime(text, check.dateTimeForm) !== undefined;
    if (exists && (check.pattern === undefined || check.pattern.test(text))) return text;
    return this.reportAt(check, check.calendar === 'date' ? 'date' : 'dateTime', parent, key, { value: text });
  }

  number(check: Check, input: unknown, parent: string, key: string | number): number | undefined {
    const range = check.integerRange;
    const expected = range !== undefined ? EXPECTED.wholeNumber : EXPECTED.number;
    let value: number;
    if (typeof input === 'number') {
      value = input;
    } else if (typeof input === 'string' && (this.options.source === 'xml' || (check.acceptDigitString && DIGITS.test(input)))) {
      const trimmed = this.options.source === 'xml' ? collapseXmlSpace(input) : input;
      if (!ofKind(check.numberText).test(trimmed)) return this.reportAt(check, 'type', parent, key, { expected });
      if (check.maxDigits !== undefined && trimmed.replace(/^[+-]/, '').length > check.maxDigits) {
        return this.reportAt(check, 'maxDigits', parent, key, { max: '9'.repeat(check.maxDigits) });
      }
      value = Number(trimmed);
    } else {
      return this.reportAt(check, 'type', parent, key, { expected });
    }
    if (!Number.isFinite(value) || (range !== undefined && !Number.isInteger(value)))
      return this.reportAt(check, 'type', parent, key, { expected });
    // A date names a day or is refused as no date, before any bound (0 and 99999999 are no dates, not too small or large).
    if (check.calendar === 'date' && readDate(value) === undefined) {
      return this.reportAt(check, 'date', parent, key, { value: typeof input === 'string' ? input : value });
    }
    // A field's own bounds before the type's range: they are narrower, and their code is the field's
    // (3000000000 is an invalid volume, as its digits sent as text are, not a wrong type).
    if (check.max !== undefined && value > check.max) return this.reportAt(check, 'max', parent, key, { max: check.max, value });
    if (check.min !== undefined && value < check.min) return this.reportAt(check, 'min', parent, key, { min: check.min, value });
    if (range !== undefined && (value < range[0] || value > range[1])) {
      return this.reportAt(check, 'type', parent, key, { expected: wholeNumberIn(range) });
    }
    if (check.enum !== undefined && !check.enum.includes(value))
      return this.reportAt(check, 'enum', parent, key, { value, values: check.enum.join(', ') });
    return value;
  }

  boolean(check: Check, input: unknown, parent: string, key: string | number): boolean | undefined {
    if (typeof input === 'boolean') return input;
    if (this.options.source === 'xml' && typeof input === 'string') {
      // xs:boolean lexical space (XML Schema Part 2, 3.2.2): true, false, 1, 0.
      const text = collapseXmlSpace(input);
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
    }
    return this.report(check, 'type', pathOf(parent, key), { expected: EXPECTED.boolean });
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
  // Decoding stopped part-way: what it left out is not absent, so no rule may look at the value.
  if (decoder.full) return { value: undefined, violations: decoder.violations.slice(0, MAX_VIOLATIONS) };
  return { value, violations: decoder.violations };
}

/**
 * The whole value of a request that decoded without violations; undefined otherwise. Without
 * violations every required field is present and every present one valid, so the partial value the
 * decoder built is the contract type itself.
 */
export function validValue<T extends ObjectType>(decoded: Decoded<T>): Infer<T> | undefined {
  return decoded.violations.length === 0 ? (decoded.value as Infer<T> | undefined) : undefined;
}
