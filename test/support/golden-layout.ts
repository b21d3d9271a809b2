// How a golden file lays out the wire text it keeps: a JSON or SOAP answer (one line on the wire)
// indented one member or element per line, and back. Only whitespace is added, and only where the wire
// has none (between JSON tokens; between an XML tag's `>` and the next `<`), so the wire text is the
// stored text with that whitespace removed. Other files (WSDLs, already laid out) are kept as they are.

const INDENT = '  ';

/** Whether `name` is kept indented (a JSON or SOAP answer). */
const isIndented = (name: string): boolean => name.endsWith('.json') || name.endsWith('.xml');

/** The JSON text with a newline and indentation after each `{`, `[` and `,` and before each `}`, `]`; strings untouched. */
function indentJson(text: string): string {
  let out = '';
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    const next = text[i + 1];
    if (c === '"') {
      inString = true;
      out += c;
    } else if ((c === '{' || c === '[') && next !== '}' && next !== ']') {
      depth++;
      out += `${c}\n${INDENT.repeat(depth)}`;
    } else if ((c === '}' || c === ']') && text[i - 1] !== '{' && text[i - 1] !== '[') {
      depth--;
      out += `\n${INDENT.repeat(depth)}${c}`;
    } else if (c === ',') {
      out += `,\n${INDENT.repeat(depth)}`;
    } else {
      out += c;
    }
  }
  return `${out}\n`;
}

/** The JSON text without the whitespace indentJson adds (a newline and the spaces after it, outside strings). */
function unindentJson(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === '\n') {
      while (text[i + 1] === ' ') i++;
      continue;
    }
    out += c;
  }
  return out;
}

/** The XML text with each element that holds elements opened and closed on lines of their own. */
function indentXml(text: string): string {
  let out = '';
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('<', i);
    if (open === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, open);
    const close = text.indexOf('>', open);
    const tag = text.slice(open, close + 1);
    const closing = tag.startsWith('</');
    const selfContained = tag.startsWith('<?') || tag.startsWith('<!') || tag.endsWith('/>');
    // A line break goes only between a `>` and a `<`: the wire has nothing there to lose.
    const betweenTags = open > 0 && text[open - 1] === '>';
    if (closing) depth--;
    if (betweenTags) out += `\n${INDENT.repeat(depth)}`;
    out += tag;
    if (!closing && !selfContained) depth++;
    i = close + 1;
  }
  return `${out}\n`;
}

/** The XML text without the whitespace indentXml adds (a newline and spaces between a `>` and a `<`). */
const unindentXml = (text: string): string => text.replace(/>\n *</g, '><').replace(/\n$/, '');

/** How golden file `name` stores the wire text `wire`. */
export function indentedWireText(name: string, wire: string): string {
  if (!isIndented(name)) return wire;
  return name.endsWith('.json') ? indentJson(wire) : indentXml(wire);
}

/** The wire text golden file `name` keeps, from its stored text. */
export function wireTextOf(name: string, stored: string): string {
  if (!isIndented(name)) return stored;
  return name.endsWith('.json') ? unindentJson(stored).replace(/\n$/, '') : unindentXml(stored);
}
