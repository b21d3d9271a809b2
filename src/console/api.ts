// The console's calls: the same REST operations, bodies and authentication any client sends (README
// "REST"). A call answers its result, or throws a ServiceError with the service's code and message.
import type { Session } from './session.ts';

/** The services the console calls, with their path versions. */
const VERSIONS = { LoginService: 'V2_1', ShipmentService: 'V3_5', ConsoleService: 'V1_0', SandboxService: 'V1_0' } as const;
export type ServiceName = keyof typeof VERSIONS;

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
async function post(service: ServiceName, operation: string, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`/rest/services/${service}/${VERSIONS[service]}/${operation}`, {
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

/** getAuth: a login token for `delisId`. */
export async function logIn(delisId: string, password: string, messageLanguage: string): Promise<Session> {
  const answer = await post('LoginService', 'getAuth', { delisId, password, messageLanguage });
  const login = (answer.getAuthResponse as { return: { delisId: string; authToken: string; authTokenExpires: string } }).return;
  return { delisId: login.delisId, authToken: login.authToken, expires: login.authTokenExpires };
}

/** Calls an authenticated operation; answers its response element's content (ShipmentService: the body beside `status`). */
export async function callOperation<T>(
  session: Session,
  messageLanguage: string,
  service: Exclude<ServiceName, 'LoginService'>,
  operation: string,
  request: unknown,
): Promise<T> {
  const authentication = { delisId: session.delisId, authToken: session.authToken, messageLanguage };
  const answer = await post(service, operation, { authentication, [operation]: request });
  return (service === 'ShipmentService' ? answer : answer[`${operation}Response`]) as T;
}
