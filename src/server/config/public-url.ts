// PUBLIC_URL: the service's address as clients reach it, for the addresses it writes.
import { ConfigError, parseUrl } from './environment-variables.ts';

/** PUBLIC_URL: an http or https URL without query, fragment or credentials; kept without a trailing slash. */
export function publicUrl(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  const url = parseUrl(text);
  if (
    url === undefined ||
    !/^https?:$/.test(url.protocol) ||
    // The path is written into XML as it is: unreserved characters, percent escapes and slashes only.
    !/^[A-Za-z0-9\-._~%/]*$/.test(url.pathname) ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  )
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// URL without query or credentials, got "${text}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
