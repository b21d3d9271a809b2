// The allowed name a mistyped one was most likely meant to be ("Did you mean zipCode?" for `zipcode`):
// the optimal string alignment distance (Levenshtein with transpositions) between the names, letter
// case ignored.

/** Edits (insert, delete, substitute, swap two neighbours) between `a` and `b`, stopping above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // What both begin and end with costs no edit: only the middle is compared (paths share most of theirs).
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  if (start > 0 || end > 0) return editDistance(a.slice(start, a.length - end), b.slice(start, b.length - end), limit);
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** Longest name looked at: a key longer than any field name is no typo of one. */
const MAX_NAME = 64;

/**
 * The names of `allowed` closest to `name`, when they are close: the same letters in another case, or
 * at most one edit per four characters (two at most). Empty when none is; several when they tie.
 */
export function nearestNames(name: string, allowed: Iterable<string>, maxLength = MAX_NAME): string[] {
  if (name.length === 0 || name.length > maxLength) return [];
  const wanted = name.toLowerCase();
  const limit = Math.min(2, Math.floor(name.length / 4));
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (const candidate of allowed) {
    const distance = editDistance(wanted, candidate.toLowerCase(), Math.min(limit, bestDistance));
    if (distance > limit) continue;
    if (distance < bestDistance) {
      best = [candidate];
      bestDistance = distance;
    } else if (distance === bestDistance) best.push(candidate);
  }
  return best;
}

/** The one name of `allowed` closest to `name` (as nearestNames), when it is close; undefined when none is, or two are equally close. */
export function nearestName(name: string, allowed: Iterable<string>): string | undefined {
  const near = nearestNames(name, allowed);
  return near.length === 1 ? near[0] : undefined;
}
