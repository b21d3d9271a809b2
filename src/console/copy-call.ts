// A logged call sent again (Requests page, stage): its masked text with the console's own login put
// where the stage log masked the token, as a curl command to copy (REST's JSON, or the SOAP envelope)
// or as the request the console replays. Personal fields stay masked (`***`): what is sent again is
// what the log kept, never more.

/** What of a logged call (findStageRequests' entry) is sent again. */
export interface LoggedCall {
  readonly binding: string;
  readonly path?: string | null;
  readonly request: string;
  readonly refusedBeforeAuthentication?: boolean;
}

/** The login whose token goes into the call. */
export interface CallLogin {
  readonly delisId: string;
  readonly authToken: string;
}

/** A request to send: where, its content type and its body. */
export interface CallRequest {
  readonly url: string;
  readonly contentType: string;
  readonly body: string;
}

const JSON_TYPE = 'application/json';
const SOAP_TYPE = 'text/xml; charset=utf-8';
/** The masked token of a SOAP authentication header (`<authToken>***</authToken>`, any prefix). */
const MASKED_XML_TOKEN = /<((?:[A-Za-z_][\w.-]*:)?authToken)>\*\*\*<\/\1>/g;

/** Whether a logged call can be sent again: it kept its text and says where it went. */
export function isResendable(call: LoggedCall): boolean {
  return call.refusedBeforeAuthentication !== true && call.request !== '' && typeof call.path === 'string' && call.path !== '';
}

/** The body of `call` with `login`'s token in its authentication (REST's object, SOAP's header). */
function bodyOf(call: LoggedCall, login: CallLogin): string {
  if (call.binding === 'SOAP') return call.request.replace(MASKED_XML_TOKEN, (_, name: string) => `<${name}>${login.authToken}</${name}>`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.request);
  } catch {
    // A text the stage log cut is sent as it is: the service answers what it can read of it.
    return call.request;
  }
  const authentication = (parsed as { authentication?: unknown } | null)?.authentication;
  if (typeof authentication !== 'object' || authentication === null || Array.isArray(authentication)) return call.request;
  Object.assign(authentication, { delisId: login.delisId, authToken: login.authToken });
  return JSON.stringify(parsed);
}

/** The request that sends `call` again to the service at `origin` (`http://host:port`) as `login`. */
export function requestOf(call: LoggedCall, origin: string, login: CallLogin): CallRequest {
  return {
    url: `${origin}${call.path ?? ''}`,
    contentType: call.binding === 'SOAP' ? SOAP_TYPE : JSON_TYPE,
    body: bodyOf(call, login),
  };
}

/** `text` as one POSIX shell word: single-quoted, a single quote written `'\''`. */
export const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A curl command (POSIX shell) that sends `call` again: the JSON body, or the SOAP envelope with an empty SOAPAction. */
export function curlCommand(call: LoggedCall, origin: string, login: CallLogin): string {
  const request = requestOf(call, origin, login);
  const soapAction = call.binding === 'SOAP' ? [` \\\n  -H ${shellWord('SOAPAction: ""')}`] : [];
  return [
    `curl -sS -X POST ${shellWord(request.url)}`,
    ` \\\n  -H ${shellWord(`Content-Type: ${request.contentType}`)}`,
    ...soapAction,
    ` \\\n  --data-binary ${shellWord(request.body)}`,
  ].join('');
}

/** What a replay answered: its HTTP status, its X-Request-Id and its text. */
export interface ReplayAnswer {
  readonly status: number;
  readonly requestId: string | null;
  readonly text: string;
}

/** Sends `call` again (stage) to the service at `origin` as `login`. */
export async function replayCall(call: LoggedCall, origin: string, login: CallLogin): Promise<ReplayAnswer> {
  const request = requestOf(call, origin, login);
  const headers: Record<string, string> = { 'content-type': request.contentType };
  if (call.binding === 'SOAP') headers.soapaction = '""';
  const response = await fetch(request.url, { method: 'POST', headers, body: request.body, credentials: 'omit', cache: 'no-store' });
  return { status: response.status, requestId: response.headers.get('x-request-id'), text: await response.text() };
}

/** A curl command (POSIX shell) that sends a push again as the carrier sends it: the same GET, the same headers. */
export function pushCurlCommand(address: string, headers: Readonly<Record<string, string>>): string {
  return [
    `curl -sS ${shellWord(address)}`,
    ...Object.entries(headers).map(([name, value]) => ` \\\n  -H ${shellWord(`${name}: ${value}`)}`),
  ].join('');
}
