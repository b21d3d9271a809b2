// What the stage log keeps of a call's answer: the answer as REST writes it (for SOAP calls too: the
// same tree the SOAP answer carries as XML; an injected fault as REST answers it), its personal
// fields masked and its label bytes left out.
// The request path only drops the bytes; the stage log's thread writes and masks the rest.
import type { MessageLanguage } from '../contract/error-catalogue.ts';
import { isOperationName, operations } from '../contract/operations.ts';
import { maskPersonalData } from '../domain/stage-request.ts';
import type { HandlerResult } from './operation-handlers.ts';
import { okBody } from './rest/answer-body.ts';
import { faultResponse } from './rest/errors.ts';
import { injectedRestAnswer } from './rest/injected-fault.ts';
import { resultKeysOf } from './rest/rest-paths.ts';

/** `value` with every byte array (labels) replaced by a note of its size: nothing of a label is copied to the stage log. */
export function withoutBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes, not kept in the stage log]`;
  if (Array.isArray(value)) return value.map(withoutBytes);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = withoutBytes(field);
  return out;
}

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
