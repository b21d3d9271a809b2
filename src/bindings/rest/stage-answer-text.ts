// What the stage log keeps of a call's answer, as REST writes it: for SOAP calls too (the same tree the
// SOAP answer carries as XML; an injected fault as REST answers it), its personal fields masked and its
// label bytes left out (bindings/stage-log/without-label-bytes.ts, on the request path). Called on the
// stage log's thread (server/stage-log/stage-texts.ts): the bindings make their own texts, the log keeps them.
import type { MessageLanguage } from '../../contract/error-catalogue.ts';
import { isOperationName, operations } from '../../contract/operation-table.ts';
import { maskPersonalData } from '../../domain/operator/stage-request.ts';
import type { HandlerResult } from '../handlers/operation-handlers.ts';
import { okBody } from './answer-body.ts';
import { faultResponse } from './rest-faults.ts';
import { injectedRestAnswer } from './rest-injected-fault.ts';
import { resultKeysOf } from './rest-paths.ts';

/** The masked JSON text of `result` (a HandlerResult after withoutBytes), the answer of operation `name` in `language`. */
export function stageAnswerText(name: string, result: unknown, language: MessageLanguage): string {
  if (!isOperationName(name)) return JSON.stringify(maskPersonalData(result));
  const operation = operations[name];
  const handled = result as HandlerResult;
  if (handled.ok) return JSON.stringify(maskPersonalData(okBody(operation, handled.response)));
  const { injected } = handled;
  // A call an injected fault answered (SandboxService) is kept with the answer it got, as REST gives it.
  if (injected !== undefined && 'dropConnection' in injected) return JSON.stringify({ dropConnection: true, injectFault: injected.id });
  const body =
    injected === undefined
      ? faultResponse(handled.fault, language, resultKeysOf(operation)).body
      : injectedRestAnswer(injected, language, resultKeysOf(operation)).body;
  return JSON.stringify(maskPersonalData(body));
}
