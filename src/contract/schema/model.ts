// The declarative vocabulary every resource of the specification is written in. Types, JSON/XML
// decoding, the XSD/WSDL and the docs all derive from values built with these functions.
import type { ErrorCode, LocalizedText } from '../error-catalogue.ts';

/** Which wire binding carries a field: both (default), only SOAP ("SOAP schema only"), only REST. */
export type Binding = 'both' | 'soap' | 'rest';

/** XML schema type of a leaf, as named in the specification's tables. */
export type XsType = 'xs:string' | 'xs:int' | 'xs:long' | 'xs:double' | 'xs:decimal' | 'xs:boolean' | 'xs:base64Binary' | 'xs:dateTime';

/**
 * The whole numbers each integer type is read as. xs:int is its own range; an xs:long is read as a
 * JavaScript number, exact only to ±(2^53 − 1), so that is the range the service takes and its
 * schema declares.
 */
export const INTEGER_RANGES: Readonly<Record<'xs:int' | 'xs:long', readonly [number, number]>> = Object.freeze({
  'xs:int': Object.freeze([-2147483648, 2147483647] as const),
  'xs:long': Object.freeze([Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] as const),
});

/** Which coded problem a generic check reports; a field may override any of them with its own code. */
export type CheckKind =
  | 'missing'
  | 'type'
  | 'unknown'
  | 'maxLength'
  | 'minLength'
  | 'length'
  | 'enum'
  | 'pattern'
  | 'control'
  | 'max'
  | 'min'
  | 'maxDigits'
  | 'maxItems'
  | 'minItems';

interface FieldCommon {
  /** Whether the field must be present. Default false. */
  readonly required: boolean;
  /** Which binding carries the field. Default 'both'. */
  readonly binding: Binding;
  /** Per-check error codes replacing the generic ones (e.g. weight's maximum). */
  readonly codes?: Readonly<Partial<Record<CheckKind, ErrorCode>>>;
  /**
   * Personal data or a secret (spec "What the service does" 6: names, phone numbers, e-mail addresses
   * and other personal references): masked wherever a request is kept. Default false.
   */
  readonly personal?: boolean;
  /**
   * The element's name in SOAP when it differs from the JSON key (the carrier's schema writes
   * `trackingresult` where its REST documentation writes `trackingResult`). Default: the key.
   */
  readonly xmlName?: string;
}

/** An xs:string leaf. `length` means exactly that many characters. */
export interface StringField extends FieldCommon {
  readonly kind: 'string';
  readonly xs: 'xs:string';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly length?: number;
  readonly enum?: readonly string[];
  /** A regular expression the value must match entirely (after normalisation). */
  readonly pattern?: RegExp;
  /** Plain-language description of `pattern` in each message language, used in messages ("digits only"). */
  readonly patternText?: LocalizedText;
  /** JSON numbers are accepted and turned into their decimal text (spec: "examples send it as a number"). */
  readonly acceptNumber?: boolean;
  /** Stored upper case (country codes are accepted in any case). */
  readonly upperCase?: boolean;
}

/** An xs:int, xs:long, xs:double or xs:decimal leaf. */
export interface NumberField extends FieldCommon {
  readonly kind: 'number';
  readonly xs: 'xs:int' | 'xs:long' | 'xs:double' | 'xs:decimal';
  readonly min?: number;
  readonly max?: number;
  readonly enum?: readonly number[];
  /** A digit string (leading zeros allowed) is accepted in JSON as well as a number. */
  readonly acceptDigitString?: boolean;
  /** At most this many digits when sent as a digit string (leading zeros count). */
  readonly maxDigits?: number;
}

/** An xs:boolean leaf. */
export interface BooleanField extends FieldCommon {
  readonly kind: 'boolean';
  readonly xs: 'xs:boolean';
}

/** An xs:base64Binary leaf (results only). */
export interface BinaryField extends FieldCommon {
  readonly kind: 'binary';
  readonly xs: 'xs:base64Binary';
}

/** An xs:dateTime leaf (results only): a Date, written per binding (docs/decisions.md "Tokens and instants"). */
export interface DateTimeField extends FieldCommon {
  readonly kind: 'dateTime';
  readonly xs: 'xs:dateTime';
}

/** A nested complex type. */
export interface ObjectField<T extends ObjectType = ObjectType> extends FieldCommon {
  readonly kind: 'object';
  readonly type: T;
}

/** A repeated element: a JSON array, or repeated XML elements of the same name. */
export interface ArrayField<I extends ItemField = ItemField> extends FieldCommon {
  readonly kind: 'array';
  readonly item: I;
  readonly minItems?: number;
  readonly maxItems?: number;
}

export type LeafField = StringField | NumberField | BooleanField | BinaryField | DateTimeField;
export type ItemField = LeafField | ObjectField;
export type Field = ItemField | ArrayField;
export type Fields = Readonly<Record<string, Field>>;

/** A named complex type: its fields in specification order (the order SOAP writes them in). */
export interface ObjectType<F extends Fields = Fields> {
  readonly name: string;
  readonly fields: F;
  /** The SOAP schema allows additional attributes on the element (authentication). */
  readonly anyAttribute?: boolean;
  /**
   * The type's child elements are in the target namespace (`form="qualified"`), as in the carrier's
   * schemas of the answers around the shipment service. Default false: unqualified (docs/decisions.md "SOAP").
   */
  readonly qualified?: boolean;
}

const common = { required: false, binding: 'both' } as const;

export function string(options: Omit<StringField, 'kind' | 'xs' | keyof FieldCommon> & { codes?: FieldCommon['codes'] } = {}) {
  return Object.freeze({ ...common, kind: 'string', xs: 'xs:string', ...options }) as StringField;
}

export function number(
  xs: NumberField['xs'],
  options: Omit<NumberField, 'kind' | 'xs' | keyof FieldCommon> & { codes?: FieldCommon['codes'] } = {},
) {
  return Object.freeze({ ...common, kind: 'number', xs, ...options }) as NumberField;
}

export const int = (options: Parameters<typeof number>[1] = {}) => number('xs:int', options);
export const long = (options: Parameters<typeof number>[1] = {}) => number('xs:long', options);
export const decimal = (options: Parameters<typeof number>[1] = {}) => number('xs:decimal', options);
export const double = (options: Parameters<typeof number>[1] = {}) => number('xs:double', options);

export function boolean() {
  return Object.freeze({ ...common, kind: 'boolean', xs: 'xs:boolean' }) as BooleanField;
}

export function binary() {
  return Object.freeze({ ...common, kind: 'binary', xs: 'xs:base64Binary' }) as BinaryField;
}

export function dateTime() {
  return Object.freeze({ ...common, kind: 'dateTime', xs: 'xs:dateTime' }) as DateTimeField;
}

export function object<T extends ObjectType>(type: T) {
  return Object.freeze({ ...common, kind: 'object', type }) as ObjectField<T>;
}

export function array<I extends ItemField>(item: I, options: { minItems?: number; maxItems?: number; codes?: FieldCommon['codes'] } = {}) {
  return Object.freeze({ ...common, kind: 'array', item, ...options }) as ArrayField<I>;
}

/** Marks a field as required ("Req Y"). */
export function required<F extends Field>(field: F): Omit<F, 'required'> & { readonly required: true } {
  return Object.freeze({ ...field, required: true }) as unknown as Omit<F, 'required'> & { readonly required: true };
}

/** Marks a field as personal data or a secret, masked in the stage log. */
export function personal<F extends Field>(field: F): F {
  return Object.freeze({ ...field, personal: true }) as unknown as F;
}

/** Marks a field as present in the SOAP schema only. */
export function soapOnly<F extends Field>(field: F): F {
  return Object.freeze({ ...field, binding: 'soap' }) as unknown as F;
}

/** Names a field's SOAP element differently from its JSON key. */
export function xmlNamed<F extends Field>(xmlName: string, field: F): F {
  return Object.freeze({ ...field, xmlName }) as unknown as F;
}

/** Declares a named complex type. */
export function type<F extends Fields>(
  name: string,
  fields: F,
  options: { anyAttribute?: boolean; qualified?: boolean } = {},
): ObjectType<F> {
  return Object.freeze({ name, fields: Object.freeze(fields), ...options });
}

/** The TypeScript value of a field after decoding. */
export type ValueOf<F> =
  F extends ArrayField<infer I>
    ? ReadonlyArray<ValueOf<I>>
    : F extends ObjectField<infer T>
      ? Infer<T>
      : F extends StringField
        ? string
        : F extends NumberField
          ? number
          : F extends BooleanField
            ? boolean
            : F extends BinaryField
              ? Uint8Array
              : F extends DateTimeField
                ? Date
                : never;

type RequiredKeys<F extends Fields> = { [K in keyof F]: F[K] extends { required: true } ? K : never }[keyof F];
type OptionalKeys<F extends Fields> = Exclude<keyof F, RequiredKeys<F>>;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The TypeScript type of a decoded complex type. */
export type Infer<T extends ObjectType> =
  T extends ObjectType<infer F>
    ? Flatten<{ readonly [K in RequiredKeys<F>]: ValueOf<F[K]> } & { readonly [K in OptionalKeys<F>]?: ValueOf<F[K]> }>
    : never;

/**
 * What an operation may answer with for a complex type: Infer's shape, where an optional field may
 * also be `null` (written as an explicit null in JSON and left out in XML).
 */
export type Answer<T extends ObjectType> =
  T extends ObjectType<infer F>
    ? Flatten<{ readonly [K in RequiredKeys<F>]: AnswerValueOf<F[K]> } & { readonly [K in OptionalKeys<F>]?: AnswerValueOf<F[K]> | null }>
    : never;

type AnswerValueOf<F> =
  F extends ArrayField<infer I> ? ReadonlyArray<AnswerValueOf<I>> : F extends ObjectField<infer T> ? Answer<T> : ValueOf<F>;

/** Everything optional, all the way down: what cross-field rules see when shape errors dropped values. */
export type DeepPartial<T> =
  T extends ReadonlyArray<infer E>
    ? ReadonlyArray<DeepPartial<E>>
    : T extends Uint8Array | Date
      ? T
      : T extends object
        ? { readonly [K in keyof T]?: DeepPartial<T[K]> }
        : T;

/** The name of a field's SOAP element. */
export function xmlNameOf(key: string, field: Field): string {
  return field.xmlName ?? key;
}

/** Whether a binding carries a field. */
export function carries(binding: 'rest' | 'soap', field: Field): boolean {
  return field.binding === 'both' || field.binding === binding;
}
