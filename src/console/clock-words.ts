// The account clock's lead on the real time in words ("3 days 2 hours"), from the ISO 8601 duration
// getSandboxState answers (`P3DT2H`, sandbox-time.ts writeDuration); empty for none (`PT0S`).

const UNITS = {
  en: { D: ['day', 'days'], H: ['hour', 'hours'], M: ['minute', 'minutes'], S: ['second', 'seconds'] },
  nl: { D: ['dag', 'dagen'], H: ['uur', 'uur'], M: ['minuut', 'minuten'], S: ['seconde', 'seconden'] },
} as const;

/** `P3DT2H` as `3 days 2 hours` (Dutch `3 dagen 2 uur`); '' for a zero or unreadable duration. */
export function durationInWords(iso: string, language: 'en' | 'nl'): string {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso);
  if (match === null) return '';
  const [, days, hours, minutes, seconds] = match;
  const parts: string[] = [];
  for (const [unit, text] of [
    ['D', days],
    ['H', hours],
    ['M', minutes],
    ['S', seconds],
  ] as const) {
    const count = text === undefined ? 0 : Number(text);
    if (count > 0) parts.push(`${text} ${UNITS[language][unit][count === 1 ? 0 : 1]}`);
  }
  return parts.join(' ');
}
