// The console's pages live in the URL's fragment (#/parcels, #/parcels/<number>, #/requests,
// #/sandbox), so the service serves one page and the browser's history works.
import { useEffect, useState } from 'preact/hooks';

/** Where the console is: the page and its query parameters. */
export interface Route {
  /** The path's segments: `['parcels', '05229000000001']`. */
  readonly segments: readonly string[];
  readonly query: URLSearchParams;
}

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?', 2);
  return {
    segments: path
      .split('/')
      .filter((segment) => segment !== '')
      .map(decodeURIComponent),
    query: new URLSearchParams(query),
  };
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
