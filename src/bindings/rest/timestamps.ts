// Wire forms of instants (docs/decisions.md "Tokens and instants": authTokenExpires).

/** REST: ISO 8601, UTC, six fraction digits and Z (`2026-11-23T04:19:00.123000Z`). */
export function restInstant(instant: Date): string {
  return instant.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
