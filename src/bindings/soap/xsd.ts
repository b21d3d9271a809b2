// The XML Schema of one namespace, derived from the contract (docs/decisions.md "SOAP"): a complex type per
// resource with its SOAP fields in contract order, minOccurs from required-ness, maxOccurs from an
// array's maxItems (else unbounded), and the simple restrictions (lengths, enumerations, patterns,
// ranges) as facets. A pattern is the contract's RegExp in XSD's dialect (xsd-pattern.ts): for a field
// the server upper-cases before checking (`upperCase`), it accepts what upper-cases into the contract's
// pattern, lower-case letters included, so a schema-validating client never refuses a value the server
// would take.
import { carries, INTEGER_RANGES, xmlNameOf, type Field, type LeafField, type ObjectType } from '../../contract/schema/model.ts';
import { el, type Markup } from '../../xml/xml-markup.ts';
import { xsdPatternOf } from '../../xml/xsd-pattern.ts';

/** The XML Schema namespace. */
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

/** A global element of a schema and its complex type. */
export interface SchemaElement {
  readonly name: string;
  readonly type: ObjectType;
}

/** Every complex type reachable from `roots` through SOAP fields, in first-seen order; one name, one type. */
export function collectTypes(roots: readonly ObjectType[]): readonly ObjectType[] {
  const byName = new Map<string, ObjectType>();
  const visit = (type: ObjectType) => {
    const seen = byName.get(type.name);
    if (seen === type) return;
    if (seen !== undefined) throw new Error(`two contract types are named ${type.name}: the schema needs distinct names`);
    byName.set(type.name, type);
    for (const field of Object.values(type.fields)) {
      if (!carries('soap', field)) continue;
      const item = field.kind === 'array' ? field.item : field;
      if (item.kind === 'object') visit(item.type);
    }
  };
  roots.forEach(visit);
  return [...byName.values()];
}

function facets(field: LeafField): Markup[] {
  const out: Markup[] = [];
  if (field.kind === 'string') {
    if (field.length !== undefined) out.push(el('xs:length', { value: field.length }));
    if (field.minLength !== undefined) out.push(el('xs:minLength', { value: field.minLength }));
    if (field.maxLength !== undefined) out.push(el('xs:maxLength', { value: field.maxLength }));
    for (const value of field.enum ?? []) out.push(el('xs:enumeration', { value }));
    if (field.pattern !== undefined) out.push(el('xs:pattern', { value: xsdPatternOf(field.pattern, { upperCase: field.upperCase }) }));
  } else if (field.kind === 'number') {
    for (const value of field.enum ?? []) out.push(el('xs:enumeration', { value }));
    // An xs:long is taken only within the range the server reads exactly (contract INTEGER_RANGES).
    const [low, high] = field.xs === 'xs:long' ? INTEGER_RANGES['xs:long'] : [undefined, undefined];
    const min = field.min ?? low;
    const max = field.max ?? high;
    if (min !== undefined) out.push(el('xs:minInclusive', { value: min }));
    if (max !== undefined) out.push(el('xs:maxInclusive', { value: max }));
    // The server counts the digits as sent, leading zeros included (volume: LLLWWWHHH, nine digits).
    if (field.maxDigits !== undefined) out.push(el('xs:pattern', { value: `(\\+|-)?[0-9]{1,${field.maxDigits}}` }));
  }
  return out;
}

function elementOf(name: string, field: Field, prefix: string, qualified: boolean): Markup {
  const item = field.kind === 'array' ? field.item : field;
  const occurs = {
    minOccurs: field.required ? undefined : 0,
    maxOccurs: field.kind === 'array' ? (field.maxItems ?? 'unbounded') : undefined,
    form: qualified ? 'qualified' : undefined,
  };
  if (item.kind === 'object') return el('xs:element', { name, type: `${prefix}:${item.type.name}`, ...occurs });
  const restrictions = facets(item);
  if (restrictions.length === 0) return el('xs:element', { name, type: item.xs, ...occurs });
  return el('xs:element', { name, ...occurs }, [el('xs:simpleType', {}, [el('xs:restriction', { base: item.xs }, restrictions)])]);
}

function complexType(type: ObjectType, prefix: string): Markup {
  const sequence = Object.entries(type.fields)
    .filter(([, field]) => carries('soap', field))
    .map(([name, field]) => elementOf(xmlNameOf(name, field), field, prefix, type.qualified === true));
  const children = [el('xs:sequence', {}, sequence)];
  // spec "Authentication object": the SOAP schema allows additional attributes on the element.
  if (type.anyAttribute) children.push(el('xs:anyAttribute', { processContents: 'lax' }));
  return el('xs:complexType', { name: type.name }, children);
}

/**
 * An `xs:schema` for `targetNamespace` declaring `elements` and every type they reach. Children of
 * the global elements are unqualified (elementFormDefault="unqualified"). The element declares its
 * own namespace prefixes, so it stands alone when taken out of the WSDL.
 */
export function schemaMarkup(targetNamespace: string, prefix: string, elements: readonly SchemaElement[]): Markup {
  return el(
    'xs:schema',
    {
      'xmlns:xs': XSD_NS,
      [`xmlns:${prefix}`]: targetNamespace,
      targetNamespace,
      elementFormDefault: 'unqualified',
      attributeFormDefault: 'unqualified',
    },
    [
      ...elements.map((element) => el('xs:element', { name: element.name, type: `${prefix}:${element.type.name}` })),
      ...collectTypes(elements.map((element) => element.type)).map((type) => complexType(type, prefix)),
    ],
  );
}
