// What the stage log keeps of a call's answer before anything is written: the handler's result with its
// label bytes left out, so nothing of a label is copied off the request path.

/** `value` with every byte array (labels) replaced by a note of its size: nothing of a label is copied to the stage log. */
export function withoutBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes, not kept in the stage log]`;
  if (Array.isArray(value)) return value.map(withoutBytes);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = withoutBytes(field);
  return out;
}
