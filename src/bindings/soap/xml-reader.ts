// Reads an element of a SOAP message as the plain tree `decode` takes (contract/schema/decode.ts): child
// elements keyed by local name, leaves as text, arrays wherever the contract declares one. Fields
// may come in any order. Elements the contract does not know are kept as keys, so `decode` reports
// them with their path exactly as it does for JSON; what only XML can get wrong (a repeated single
// field, text beside elements, a namespace on an unqualified element) is reported here.
import { joinPath, type Violation } from '../../contract/schema/decode.ts';
import { fill } from '../../contract/error-catalogue.ts';
import { carries, type ItemField, type ObjectType } from '../../contract/schema/model.ts';
import { XSI_NS } from './namespaces.ts';
import type { XmlElement } from '../../xml/xml-parser.ts';

/** The tree of an element and the problems only its XML form could have. */
export type ContractTree =
  | { readonly ok: true; readonly tree: Record<string, unknown>; readonly violations: readonly Violation[] }
  /** An element inside the wrapper carries a namespace, though the schema leaves them unqualified. */
  | { readonly ok: false; readonly path: string; readonly uri: string };

/** Stands for an element the contract does not declare: present, never looked into. */
const UNKNOWN = true;

class QualifiedElement extends Error {
  constructor(
    readonly path: string,
    readonly uri: string,
  ) {
    super(`${path} is in namespace ${uri}`);
  }
}

const isNil = (element: XmlElement) =>
  element.attributes.some((a) => a.uri === XSI_NS && a.local === 'nil' && (a.value.trim() === 'true' || a.value.trim() === '1'));
/** Text beside elements: anything but the white space XML allows between them (space, tab, CR, LF). */
const hasText = (element: XmlElement) => !/^[ \t\n\r]*$/.test(element.text);

class Reader {
  readonly violations: Violation[] = [];

  object(element: XmlElement, type: ObjectType, path: string): Record<string, unknown> {
    if (element.children.length > 0 && hasText(element)) {
      this.violations.push({
        code: 'error_invalid_type',
        path,
        params: { path, expected: fill('expected_no_text_between') },
      });
    }
    const out = Object.create(null) as Record<string, unknown>;
    for (const child of element.children) {
      if (child.uri !== '') throw new QualifiedElement(joinPath(path, child.local), child.uri);
      const field = Object.hasOwn(type.fields, child.local) ? type.fields[child.local] : undefined;
      if (field === undefined || !carries('soap', field)) {
        out[child.local] = UNKNOWN;
      } else if (field.kind === 'array') {
        const list = (out[child.local] ??= []) as unknown[];
        list.push(this.item(child, field.item, path, list.length));
      } else if (Object.hasOwn(out, child.local)) {
        const childPath = joinPath(path, child.local);
        this.violations.push({
          code: 'error_invalid_type',
          path: childPath,
          params: { path: childPath, expected: fill('expected_given_once') },
        });
      } else {
        out[child.local] = this.item(child, field, path);
      }
    }
    return out;
  }

  /**
   * The value of `element`, a field of the object at `parent` (the `index`th item when it is a list).
   * Its path is only joined to descend into it: most elements are leaves.
   */
  item(element: XmlElement, field: ItemField, parent: string, index?: number): unknown {
    if (isNil(element)) return null;
    if (field.kind === 'object') {
      // Text alone where an object belongs is handed on as text, for `decode` to call it the wrong type.
      if (element.children.length === 0 && hasText(element)) return element.text;
      const path = joinPath(parent, element.local);
      return this.object(element, field.type, index === undefined ? path : `${path}[${index}]`);
    }
    // Elements inside a leaf: an object `decode` reports as the wrong type.
    return element.children.length > 0 ? Object.create(null) : element.text;
  }
}

/** Reads `element` as `type`; paths start at `rootPath` ('' for the operation element). */
export function readContractTree(element: XmlElement, type: ObjectType, rootPath = ''): ContractTree {
  const reader = new Reader();
  try {
    return { ok: true, tree: reader.object(element, type, rootPath), violations: reader.violations };
  } catch (error) {
    if (error instanceof QualifiedElement) return { ok: false, path: error.path, uri: error.uri };
    throw error;
  }
}
