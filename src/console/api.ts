// The console's calls: the same REST operations, bodies and authentication any client sends (README
// "REST"), keyed by operation name and typed by the contract (type-only imports, erased from the
// bundle): a call's request and answer are the JSON forms of the operation's resources. A call answers
// its result, or throws a ServiceError with the service's code and message.
import type { OperationName, RequestType, ResponseType } from '../contract/operation-table.ts';
import type { Answer, Infer } from '../contract/schema/model.ts';
import { CONSOLE_OPERATIONS } from './console-operations.ts';
import type { Session } from './session.ts';

/** A value as REST's JSON carries it: date-times and bytes (base64) as strings. */
export type Json<T> = T extends Date | Uint8Array
  ? string
  : T extends ReadonlyArray<infer E>
    ? ReadonlyArray<Json<E>>
    : T extends object
      ? { readonly [K in keyof T]: Json<T[K]> }
      : T;

/** A request field as the console may send it: numbers also as digit strings (the REST decoder takes both). */
type Sent<T> = T extends number
  ? number | string
  : T extends ReadonlyArray<infer E>
    ? ReadonlyArray<Sent<E>>
    : T extends object
      ? { readonly [K in keyof T]: Sent<T[K]> }
      : T;

/** What operation `K`'s object holds, as the console sends it. */
export type RequestOf<K extends OperationName> = Sent<Infer<RequestType<K>>>;

/** What operation `K` answers, as JSON: its response element's content (ShipmentService: the body beside `status`). */
export type ResultOf<K extends OperationName> = Json<Answer<ResponseType<K>>>;

/** The operations that authenticate: every one but the login. */
export type AuthenticatedOperation = Exclude<OperationName, 'getAuth'>;

/** A call the service refused (its status code and message), or one that got no answer the console could read. */
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** An authentication fault: the login is no longer good. */
    readonly authentication: boolean,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

interface Status {
  readonly type: string;
  readonly code: string;
  readonly message: string;
}

/** POSTs `body` to an operation and reads its JSON answer; throws ServiceError for anything but `status.type` OK. */
async function post(operation: OperationName, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`/rest/services/${CONSOLE_OPERATIONS[operation].service}/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (error) {
    throw new ServiceError('NETWORK', error instanceof Error ? error.message : String(error), false);
  }
  let answer: Record<string, unknown>;
  try {
    answer = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new ServiceError(`HTTP_${response.status}`, `HTTP ${response.status} ${response.statusText}`, false);
  }
  const status = answer.status as Status | undefined;
  if (status?.type !== 'OK') {
    throw new ServiceError(
      status?.code ?? `HTTP_${response.status}`,
      status?.message ?? `HTTP ${response.status}`,
      status?.type === 'AuthenticationFault',
    );
  }
  return answer;
}

/** The result of operation `K` in its REST answer: beside `status` (ShipmentService) or under `<operation>Response`. */
function resultOf<K extends OperationName>(operation: K, answer: Record<string, unknown>): ResultOf<K> {
  const besideStatus = CONSOLE_OPERATIONS[operation].service.startsWith('ShipmentService/');
  return (besideStatus ? answer : answer[`${operation}Response`]) as ResultOf<K>;
}

/** getAuth: a login token for `delisId`. */
export async function logIn(delisId: string, password: string, messageLanguage: string): Promise<Session> {
  const request: RequestOf<'getAuth'> = { delisId, password, messageLanguage };
  const login = resultOf('getAuth', await post('getAuth', request)).return;
  return { delisId: login.delisId, authToken: login.authToken, expires: login.authTokenExpires };
}

/** Calls an authenticated operation in `messageLanguage`; answers its result. */
export async function callOperation<K extends AuthenticatedOperation>(
  session: Session,
  messageLanguage: string,
  operation: K,
  request: RequestOf<K>,
): Promise<ResultOf<K>> {
  const authentication = { delisId: session.delisId, authToken: session.authToken, messageLanguage };
  return resultOf(operation, await post(operation, { authentication, [operation]: request }));
}
