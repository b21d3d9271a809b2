// ISO/IEC 7064 MOD 37,36: the hybrid check character system the carrier prints after the parcel number
// and after the sort barcode's human-readable line (DPD Parcel Label Specification, section 4).

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const M = 36;

/** Character codes '0' to 'Z', the span the transition table covers. */
const FIRST_CODE = 48;
const CODES = 43;

/**
 * The running product of ISO/IEC 7064 hybrid systems (clause 6.3), P ← (((P + a) mod M or M) × 2) mod (M+1),
 * as a table: the next P at `P * CODES + code - FIRST_CODE`, -1 for a code that is not in ALPHABET. One
 * load per character instead of a search in ALPHABET and two divisions.
 */
const NEXT_PRODUCT = new Int8Array((M + 1) * CODES).fill(-1);
for (let p = 0; p <= M; p++) {
  for (let a = 0; a < ALPHABET.length; a++) {
    const s = (p + a) % M;
    NEXT_PRODUCT[p * CODES + ALPHABET.charCodeAt(a) - FIRST_CODE] = ((s === 0 ? M : s) * 2) % (M + 1);
  }
}

function notInAlphabet(text: string, at: number): RangeError {
  const char = String.fromCodePoint(text.codePointAt(at) ?? 0);
  return new RangeError(`check character input must be 0-9 or A-Z, got ${JSON.stringify(char)}`);
}

/** The running product over `text`; throws for a character not in ALPHABET. */
function product(text: string): number {
  let p = M;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at) - FIRST_CODE;
    const next = code >= 0 && code < CODES ? NEXT_PRODUCT[p * CODES + code] : -1;
    if (next < 0) throw notInAlphabet(text, at);
    p = next;
  }
  return p;
}

/** The MOD 37,36 check character (0-9 or A-Z) of `text`, which must consist of 0-9 and A-Z only. */
export function computeCheckCharacter(text: string): string {
  return ALPHABET[(M + 1 - product(text)) % M];
}

/** Whether `text` ends with its own MOD 37,36 check character (the standard's validity condition). */
export function isValidWithCheckCharacter(text: string): boolean {
  if (text.length < 2) return false;
  const body = text.slice(0, -1);
  const check = text.slice(-1);
  return ALPHABET.includes(check) && (product(body) + ALPHABET.indexOf(check)) % M === 1;
}
