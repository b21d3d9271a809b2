// How a REST call answered by an injected fault (SandboxService injectFault) looks: a `faults` fault as
// the REST error body of its code (`FaultCodeType`, HTTP 400, or the status the catalogue gives a code
// it knows), an authentication fault as an `AuthenticationFault` status (401, or the catalogue's), an
// HTTP status with the ERR_INJECTED_FAULT body. (A dropped connection is drop-connection.ts's.)
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import { injectedStatusOf, type InjectedAnswer } from '../pipeline/injected-result.ts';
import { faultResponse } from './rest-faults.ts';

/** The header of an answer the sandbox injected (SandboxService injectFault, stage only): outside the OpenAPI document. */
export const INJECTED_FAULT_HEADER = 'sandbox-injected-fault';

/** The status code and body of `answer` (not a dropped connection). */
export function injectedRestAnswer(
  answer: Exclude<InjectedAnswer, { dropConnection: true }>,
  language: MessageLanguage,
  resultKeys: readonly string[],
): { statusCode: number; body: Record<string, unknown> } {
  const nulls = Object.fromEntries(resultKeys.map((key) => [key, null]));
  if ('fault' in answer) {
    const { faultCode, message } = answer.fault;
    return {
      statusCode: injectedStatusOf(faultCode, 400),
      body: { ...nulls, status: { type: 'FaultCodeType', code: faultCode, message } },
    };
  }
  if ('authenticationFault' in answer) {
    const { errorCode, errorMessage } = answer.authenticationFault;
    return {
      statusCode: injectedStatusOf(errorCode, 401),
      body: { ...nulls, status: { type: 'AuthenticationFault', code: errorCode, message: errorMessage } },
    };
  }
  const { body } = faultResponse(
    { code: 'ERR_INJECTED_FAULT', params: { status: answer.httpStatus, by: answer.by } },
    language,
    resultKeys,
  );
  return { statusCode: answer.httpStatus, body };
}
