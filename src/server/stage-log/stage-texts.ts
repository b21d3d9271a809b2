// What the stage log keeps of a call's texts, each made by the binding that received the call: the
// request as sent with its personal fields masked (JSON for REST, XML for SOAP), the answer as REST
// writes it (for SOAP calls too), masked, and the digests of the references the request carried
// (its search keys). Runs on the stage log's thread (stage-log-worker.ts), never on the event loop.
import { referencesInJson } from '../../bindings/rest/json-references.ts';
import { maskJsonText } from '../../bindings/rest/mask-json-text.ts';
import { stageAnswerText } from '../../bindings/rest/stage-answer-text.ts';
import { maskXmlText } from '../../bindings/soap/mask-xml-text.ts';
import { referencesInXml } from '../../bindings/soap/xml-references.ts';
import { searchKeysOf } from '../../domain/operator/stage-log-search.ts';
import type { StageCall, StageRequest } from '../../domain/ports/stage-log-ports.ts';

/** Each binding's reading of its request text. */
const BINDINGS = Object.freeze({
  rest: { mask: maskJsonText, references: referencesInJson },
  soap: { mask: maskXmlText, references: referencesInXml },
});

/**
 * The operations whose calls are found by the references their orders carried. A call whose envelope
 * was refused (a body under another name than the operation's) carried no order, whatever its text holds.
 */
const CARRYING_ORDERS: ReadonlySet<string> = new Set(['validateOrders', 'storeOrders']);
const searchable = (call: StageCall) =>
  call.refusedBeforeAuthentication !== true && CARRYING_ORDERS.has(call.operation) && call.errorCode !== 'ERR_INVALID_ENVELOPE';

/** Answers kept whole in the memo below: longer ones are made each time. */
const MEMO_KEY_CHARS = 2048;
/** Distinct answers remembered; the memo starts afresh when it is full. */
const MEMO_ENTRIES = 512;

/**
 * A function making the stored form of a call: its texts masked, and its search keys (digests under
 * `searchKey`; none without one). Most answers repeat (a valid validateOrders answers the same every
 * time, so do most faults): the masked answer text of a result seen before is taken from a memo kept
 * by the result's JSON, which costs a fifth of writing and masking the answer anew.
 */
export function createCallMasker(searchKey: string | undefined): (call: StageCall) => StageRequest {
  const answers = new Map<string, string>();
  const answerText = ({ operation }: StageCall, result: unknown, language: Parameters<typeof stageAnswerText>[2]): string => {
    // Dates are written to the millisecond in both the key and the answer; label bytes are notes already (run-call.ts).
    const key = `${operation} ${language} ${JSON.stringify(result)}`;
    if (key.length > MEMO_KEY_CHARS) return stageAnswerText(operation, result, language);
    let text = answers.get(key);
    if (text === undefined) {
      text = stageAnswerText(operation, result, language);
      if (answers.size >= MEMO_ENTRIES) answers.clear();
      answers.set(key, text);
    }
    return text;
  };
  return (call) => {
    const binding = BINDINGS[call.binding];
    // A call refused before authentication is kept without its text (run-call.ts).
    const refused = call.refusedBeforeAuthentication === true;
    // Written out: object rest and spread copied the fields for every call at half the masking's cost.
    return {
      at: call.at,
      binding: call.binding,
      operation: call.operation,
      delisId: call.delisId,
      errorCode: call.errorCode,
      body: refused ? '' : binding.mask(call.text),
      answer: call.answer === undefined ? undefined : answerText(call, call.answer.result, call.answer.language),
      status: call.status,
      durationMs: call.durationMs,
      requestId: call.requestId,
      clientAddress: call.clientAddress,
      path: call.path,
      refusedBeforeAuthentication: call.refusedBeforeAuthentication,
      searchKeys: searchKey === undefined || !searchable(call) ? undefined : searchKeysOf(searchKey, binding.references(call.text)),
    };
  };
}
