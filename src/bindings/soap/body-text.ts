// Turns the bytes of a SOAP request into text: the byte order mark, else the charset of the
// Content-Type, else the XML declaration's encoding, else UTF-8 (RFC 7303 §3: a BOM takes
// precedence over the charset parameter; XML 1.0 §4.3.3 and Appendix F). A mark is what tells the
// byte order of `charset=UTF-16` (RFC 2781 §3.3): Java clients write it big-endian, .NET little-endian.
// Bytes that are not valid in that charset are refused rather than guessed at.

/** The text of a request body, or why it could not be read. */
export type BodyText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

const CHARSET_PARAMETER = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;
const XML_DECLARATION_ENCODING = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

function byteOrderMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** The charset a request's bytes imply or its Content-Type names. */
export function charsetOf(bytes: Uint8Array, contentType: string | undefined): string {
  const mark = byteOrderMark(bytes);
  if (mark !== undefined) return mark;
  const declared = contentType === undefined ? undefined : CHARSET_PARAMETER.exec(contentType)?.[1];
  if (declared !== undefined) return declared.toLowerCase();
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 256)).toString('latin1');
  return XML_DECLARATION_ENCODING.exec(head)?.[1].toLowerCase() ?? 'utf-8';
}

// Decoders by charset label: stateless between whole-buffer decodes, so one serves every request.
// Only labels TextDecoder knows get here, which bounds the map.
const decoders = new Map<string, TextDecoder>();

function decoderFor(charset: string): TextDecoder | undefined {
  let decoder = decoders.get(charset);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(charset, { fatal: true });
    } catch {
      return undefined;
    }
    decoders.set(charset, decoder);
  }
  return decoder;
}

/** Decodes a request body; an unknown charset or an invalid byte sequence is a refusal. */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): BodyText {
  const charset = charsetOf(bytes, contentType);
  const decoder = decoderFor(charset);
  if (decoder === undefined) return { ok: false, reason: `the charset ${charset} is not supported; send UTF-8` };
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, reason: `the body is not valid ${charset}` };
  }
}
