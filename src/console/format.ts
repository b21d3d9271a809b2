// Small conversions the pages share: the service's YYYYMMDD days and the browser's date inputs, and
// base64 label bytes as files the browser can show and download.

/** `2026-11-23` (an input of type date) as 20261123; undefined when empty. */
export function dayNumber(isoDate: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? isoDate.replaceAll('-', '') : undefined;
}

/** 20261123 as `2026-11-23`, for an input of type date. */
export function isoDay(day: string | undefined): string {
  return day !== undefined && /^\d{8}$/.test(day) ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}` : '';
}

/** The bytes of a base64 text. */
export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The trimmed text of a form's field `name`; empty when it has none. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A JSON text indented for reading; any other text as it is. */
export function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
