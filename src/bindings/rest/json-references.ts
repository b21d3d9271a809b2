// The references a JSON request text carries (customerReferenceNumber1–4, mpsCustomerReferenceNumber1–4,
// at any depth), read off the text as sent: the stage log keeps their digests, not the values
// (domain/operator/stage-log-search.ts).

/** A reference field and its string value, escapes and all. */
const REFERENCE = /"(?:mpsC|c)ustomerReferenceNumber[1-4]"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/** The values of every reference field in `text`, in order; none when `text` names none. */
export function referencesInJson(text: string): string[] {
  if (!text.includes('ustomerReferenceNumber')) return [];
  const references: string[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const value = match[1];
    if (!value.includes('\\')) references.push(value);
    else {
      try {
        references.push(JSON.parse(`"${value}"`) as string);
      } catch {
        // Not a JSON string after all: the request was refused, and there is nothing to find it by.
      }
    }
  }
  return references;
}
