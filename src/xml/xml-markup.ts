// Element literals written as an indented XML document: how the WSDL and its schemas are built,
// so no markup is assembled by string patching.
import { escapeAttribute, escapeText } from './xml-text.ts';

/** An element: name, attributes in writing order (undefined ones left out), children or text. */
export interface Markup {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string | number | undefined>>;
  readonly children?: readonly Markup[];
  readonly text?: string;
}

/** Shorthand for a Markup literal. */
export function el(name: string, attributes: Markup['attributes'] = {}, children: readonly Markup[] = []): Markup {
  return { name, attributes, children };
}

function write(out: string[], node: Markup, indent: string): void {
  let open = `${indent}<${node.name}`;
  for (const [key, value] of Object.entries(node.attributes ?? {})) {
    if (value !== undefined) open += ` ${key}="${escapeAttribute(String(value))}"`;
  }
  const children = node.children ?? [];
  if (node.text !== undefined) {
    out.push(`${open}>${escapeText(node.text)}</${node.name}>`);
  } else if (children.length === 0) {
    out.push(`${open}/>`);
  } else {
    out.push(`${open}>`);
    for (const child of children) write(out, child, `${indent}  `);
    out.push(`${indent}</${node.name}>`);
  }
}

/** `root` as a UTF-8 XML document, one element per line, preceded by `comment` if given. */
export function writeDocument(root: Markup, comment?: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (comment !== undefined) out.push(`<!-- ${comment.replace(/--/g, '- -')} -->`);
  write(out, root, '');
  return `${out.join('\n')}\n`;
}
