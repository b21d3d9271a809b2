// Code 128 (ISO/IEC 15417) for the labels' sort barcode: the fewest symbols for a printable ASCII
// text, in code sets B and C (set A adds nothing without control characters). A property test keeps
// the widths equal to bwip-js's, which encoded it before (test/labels/barcode-sizes.test.ts), and
// the label tests decode the bars with a real reader.

/** Bar and space widths of each symbol value 0–106 (106 = stop), as published in the standard. */
const PATTERNS: readonly (readonly number[])[] = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222',
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321',
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121',
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224',
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111',
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113',
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112',
]
  .join(' ')
  .split(' ')
  .map((pattern) => [...pattern].map(Number));

const START_B = 104;
const START_C = 105;
const TO_B = 100;
const TO_C = 99;
const STOP = 106;

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Symbol values for `text` (printable ASCII) with the fewest symbols: for each position and code
 * set, the least symbols that encode the rest, then the cheapest path from the start.
 */
function symbolValues(text: string): number[] {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 || code > 126) throw new RangeError(`Code 128: character ${JSON.stringify(text[i])} is not printable ASCII`);
  }
  // cost[set][i]: symbols needed for text[i..] when set (0 = B, 1 = C) is current at i.
  const cost = [new Array<number>(n + 1).fill(0), new Array<number>(n + 1).fill(0)];
  const pair = (i: number) => i + 1 < n && isDigit(text.charCodeAt(i)) && isDigit(text.charCodeAt(i + 1));
  for (let i = n - 1; i >= 0; i--) {
    const inB = 1 + cost[0][i + 1];
    const inC = pair(i) ? 1 + cost[1][i + 2] : Infinity;
    cost[0][i] = Math.min(inB, 1 + inC);
    cost[1][i] = Math.min(inC, 1 + inB);
  }
  const values: number[] = [];
  let set = n > 0 && cost[1][0] < cost[0][0] ? 1 : 0;
  values.push(set === 1 ? START_C : START_B);
  for (let i = 0; i < n;) {
    const stayB = 1 + cost[0][i + 1];
    const stayC = pair(i) ? 1 + cost[1][i + 2] : Infinity;
    const next = set === 0 ? (stayB <= 1 + stayC ? 0 : 1) : stayC <= 1 + stayB ? 1 : 0;
    if (next !== set) {
      values.push(next === 1 ? TO_C : TO_B);
      set = next;
    }
    if (set === 1) {
      values.push(Number(text.slice(i, i + 2)));
      i += 2;
    } else {
      values.push(text.charCodeAt(i) - 32);
      i += 1;
    }
  }
  const check = values.reduce((sum, value, position) => sum + value * Math.max(1, position), 0) % 103;
  values.push(check, STOP);
  return values;
}

/** The bar and space widths of `text`'s symbol, quiet zones not included, and its width in modules. */
export function code128(text: string): { readonly widths: number[]; readonly modules: number } {
  const widths = symbolValues(text).flatMap((value) => PATTERNS[value]);
  return { widths, modules: widths.reduce((sum, width) => sum + width, 0) };
}
