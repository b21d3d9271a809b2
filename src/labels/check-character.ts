// ISO/IEC 7064 MOD 37,36: the hybrid check character system the carrier prints after the parcel number
// and after the sort barcode's human-readable line (DPD Parcel Label Specification, section 4).

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const M = 36;

function valueOf(char: string): number {
  const value = ALPHABET.indexOf(char);
  if (value < 0 || char.length !== 1) {
    throw new RangeError(`check character input must be 0-9 or A-Z, got ${JSON.stringify(char)}`);
  }
  return value;
}

/** The running product of ISO/IEC 7064 hybrid systems (clause 6.3): P ← (((P + a) mod M or M) × 2) mod (M+1). */
function product(text: string): number {
  let p = M;
  for (const char of text) {
    let s = (p + valueOf(char)) % M;
    if (s === 0) s = M;
    p = (s * 2) % (M + 1);
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
  return ALPHABET.includes(check) && (product(body) + valueOf(check)) % M === 1;
}
