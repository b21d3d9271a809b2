// How a SOAP call answered by an injected fault (SandboxService injectFault) looks: a soap:Fault with a
// `faults` or `authenticationFault` detail (soap:Client, or soap:Server for a code the catalogue puts
// on the server's side), an HTTP status whose body is plain text rather than XML — what a proxy in
// front of a failing server sends, and what SOAP clients report as a transport error — or a connection
// closed with no answer.
import { STATUS_CODES } from 'node:http';
import { injectedStatusOf, type InjectedAnswer } from '../pipeline/injected-result.ts';
import type { SoapAnswer } from './send-xml.ts';
import { FAULT_HTTP_STATUS, writeFault, type FaultNamespaces } from './soap-faults.ts';

const side = (code: string, fallback: number) => (injectedStatusOf(code, fallback) >= 500 ? 'Server' : 'Client');

export function injectedSoapAnswer(answer: InjectedAnswer, namespaces: FaultNamespaces): SoapAnswer {
  if ('dropConnection' in answer) return { statusCode: 0, body: '', dropConnection: true };
  if ('httpStatus' in answer) {
    const status = answer.httpStatus;
    return {
      statusCode: status,
      contentType: 'text/plain; charset=utf-8',
      body: `${status} ${STATUS_CODES[status]} (injected by the sandbox, ${answer.by})\n`,
    };
  }
  if ('fault' in answer) {
    const { faultCode, message } = answer.fault;
    const fault = { faultCode: side(faultCode, 400), faultString: message, detail: { element: 'faults', faultCode, message } } as const;
    return { statusCode: FAULT_HTTP_STATUS, body: writeFault(fault, namespaces) };
  }
  const { errorCode, errorMessage } = answer.authenticationFault;
  const fault = {
    faultCode: side(errorCode, 401),
    faultString: errorMessage,
    detail: { element: 'authenticationFault', errorCode, errorMessage },
  } as const;
  return { statusCode: FAULT_HTTP_STATUS, body: writeFault(fault, namespaces) };
}
