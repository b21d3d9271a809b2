// Headers every answer carries. Answers hold tokens, addresses and labels: no cache on the way may
// keep them (RFC 9111 §5.2.2.5), and no browser may read them as another type than they say.
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
});
