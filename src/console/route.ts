// The console's pages live in the URL's fragment (#/parcels, #/parcels/<number>, #/requests,
// #/sandbox), so the service serves one page and the browser's history works.
import { useEffect, useState } from 'preact/hooks';

/** Where the console is: the page and its query parameters. */
export interface Route {
  /** The path's segments: `['parcels', '05229000000001']`. */
  readonly segments: readonly string[];
  readonly query: URLSearchParams;
  /** Whether a segment is not a valid percent-encoding (`%E0%A4%A`): no page has it. Default false. */
  readonly malformed?: boolean;
}

/** A segment decoded, or undefined where its percent-encoding is not UTF-8 (decodeURIComponent throws a URIError). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?', 2);
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  const decoded = segments.filter((segment) => segment !== undefined);
  if (decoded.length < segments.length) return { segments: [], query: new URLSearchParams(), malformed: true };
  return { segments: decoded, query: new URLSearchParams(query) };
}

/** The fragment of a page: its path segments and its query parameters (empty ones left out). */
export function href(segments: readonly string[], query: Readonly<Record<string, string | undefined>> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, value);
  const search = params.toString();
  return `#/${segments.map(encodeURIComponent).join('/')}${search === '' ? '' : `?${search}`}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}
