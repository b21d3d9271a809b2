// How wide the ZPL fonts print, so that the ZPL renderer can condense text to fit its field (as the PDF
// renderer does with its own font) instead of letting the printer cut it. Measured with zebrash
// (zpl-renderer-js), the renderer the label tests read ZPL with; the widths are in dots and do not depend
// on the resolution. test/labels/zpl-font-widths.test.ts measures them again.

/**
 * The characters font 0 (CG Triumvirate Bold Condensed) prints, grouped by advance width in thousandths
 * of the character width of `^A0N,h,w`. Rendering every character of 0x20–0x24F and 0x2010–0x2027 showed
 * these as glyphs; the rest of Latin Extended-A/B (Ğ ğ Ș ș Ț ț ă Ű Ā Ē Ū Ķ ī Ľ ľ Ĺ ĺ Ŕ ŕ, …) printed as
 * empty boxes or not at all, so text holding any of them goes to the Unicode font. `-` prints as a dash.
 */
const FONT0_WIDTH_GROUPS: readonly (readonly [number, string])[] = [
  [20, '\u00a0'],
  [250, " '\\|¦"],
  [275, '{}'],
  [279, '/:;IfijltÌÍÎÏìíîïİıł‘’‚'],
  [300, 'ª²³¹º'],
  [334, '!"(),.[]`r¡¨¯´·¸ř'],
  [335, 'ť'],
  [390, 'zž'],
  [400, '°'],
  [408, 'źż'],
  [420, '•'],
  [445, 'Jcksvxyçýÿčśşš'],
  [456, 'ć'],
  [484, 'ę'],
  [499, 'Ę'],
  [500, '#$*+0123456789<=>?EFLTZ^_abdeghnopqu~¢£¤¥§«¬±µ»¿ÈÉÊË×ßàáâãäåèéêëðñòóôõö÷øùúûüþąďĚěĝŁńňőŤůŻŽƒ–“”„†‡'],
  [509, 'Ź'],
  [549, 'Ś'],
  [550, '¶'],
  [556, 'ABCKPSVXYÀÁÂÃÄÅÇÝÞĆČŞŠŸ'],
  [588, 'Ą'],
  [611, 'DGHNOQRUÐÑÒÓÔÕÖØÙÚÛÜĎĜŃŇŐŘŮ'],
  [668, '&w'],
  [723, 'æœ'],
  [750, '¼½¾'],
  [779, 'MmÆ'],
  [800, '-'],
  [830, '©®'],
  [834, '%@WŒ'],
  [1000, '—…'],
];

/** The last code unit font 0 prints (…), the length of FONT0_ADVANCES. */
const LAST_FONT0_UNIT = 0x2026;

/** Font 0 advance width per UTF-16 code unit in thousandths of the character width; 0 where font 0 prints nothing. */
export const FONT0_ADVANCES: Readonly<Uint16Array> = (() => {
  const advances = new Uint16Array(LAST_FONT0_UNIT + 1);
  for (const [advance, characters] of FONT0_WIDTH_GROUPS) for (const character of characters) advances[character.charCodeAt(0)] = advance;
  return advances;
})();

/**
 * The width of `text` in font 0 in thousandths of the character width, or -1 when font 0 cannot print
 * one of its characters (the text then goes to the Unicode font).
 */
export function font0TextWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const advance = unit <= LAST_FONT0_UNIT ? FONT0_ADVANCES[unit] : 0;
    if (advance === 0) return -1;
    width += advance;
  }
  return width;
}

/**
 * ZPL's smallest character width of a scalable font, in dots (Zebra ZPL II manual, `^A`: 10 to 32000);
 * zebrash prints narrower requests at this width too.
 */
export const FONT0_MIN_WIDTH = 10;

/**
 * The advance of every character of the Unicode font (`^AT`) at character width `width`, in dots. zebrash
 * prints font T monospaced, 6 dots per 5 dots of width, rounded, and at least 6; a printer's proportional
 * Unicode font prints narrower, so text fitted with this fits there too.
 */
export function unicodeAdvance(width: number): number {
  return 6 * Math.max(1, Math.round(width / 5));
}

/** The widest character width (in dots, at most `preferred`) at which `count` Unicode-font characters fit in `maxWidth` dots; 1 when none does. */
export function fitUnicodeWidth(count: number, preferred: number, maxWidth: number): number {
  // unicodeAdvance(w) ≤ 6k exactly when round(w / 5) ≤ k, i.e. w ≤ 5k + 2.
  const steps = Math.floor(maxWidth / count / 6);
  return steps < 1 ? 1 : Math.max(1, Math.min(preferred, 5 * steps + 2));
}
