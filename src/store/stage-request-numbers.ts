// What a search of the request log finds a call by, kept beside it (stage_request_keys) so that a
// search reads an index instead of every text the account has logged: the parcel label numbers the
// call names, and the digests of the references it carried (`ref:<digest>`, the search_keys column:
// domain/operator/stage-log-search.ts).
// findStageRequests matched a number anywhere in the masked request or answer; a number is taken here
// wherever a run of 14 to 28 digits holds it, which is where a text can name one: alone (JSON, XML),
// with its check character (15 digits), or run together with another.

/** The longest run of digits whose 14-digit windows are kept: two numbers run together. */
const LONGEST_RUN = 28;
/** Most numbers kept per logged call (a storeOrders of 30 orders of several parcels each names fewer). */
export const MAX_NUMBERS_PER_CALL = 400;
const NUMBER_LENGTH = 14;
const DIGIT_RUNS = /\d{14,}/g;

/** The distinct 14-digit numbers `texts` name, at most MAX_NUMBERS_PER_CALL, in the order they appear. */
export function parcelNumbersIn(...texts: ReadonlyArray<string | null | undefined>): string[] {
  const numbers = new Set<string>();
  for (const text of texts) {
    if (text === null || text === undefined) continue;
    for (const [run] of text.matchAll(DIGIT_RUNS)) {
      if (run.length > LONGEST_RUN) continue;
      for (let start = 0; start + NUMBER_LENGTH <= run.length; start++) {
        numbers.add(run.slice(start, start + NUMBER_LENGTH));
        if (numbers.size >= MAX_NUMBERS_PER_CALL) return [...numbers];
      }
    }
  }
  return [...numbers];
}

/** The key a reference's digest is kept under: apart from any parcel number. */
export const referenceSearchKey = (digest: string): string => `ref:${digest}`;

/** The search keys of a kept call: its parcel numbers, and its reference digests (` d1 d2 `). */
export function searchKeysOf(row: {
  readonly body: string;
  readonly answer: string | null;
  readonly search_keys: string | null;
}): string[] {
  const references = row.search_keys === null ? [] : row.search_keys.split(' ').filter((digest) => digest !== '');
  return [...new Set([...parcelNumbersIn(row.body, row.answer), ...references.map(referenceSearchKey)])];
}
