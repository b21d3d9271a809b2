// The messages an answer carries, in the place its operation reports them (console-operations.ts, from
// the contract): a refused call's status, validateOrders' messages, storeOrders' faults, exportOrders'
// and deleteOrders' failed entries. The Requests page lists them so that a validation problem reads as
// a sentence, not as a path into JSON.
import { problemsOf } from './console-operations.ts';

/** One message: its code and its text. */
export interface AnswerMessage {
  readonly code: string;
  readonly text: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asList = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The messages of operation `operation`'s answer, a JSON text; none when it holds none or is not JSON. */
export function answerMessages(operation: string, answer: string | undefined): AnswerMessage[] {
  if (answer === undefined) return [];
  let body: unknown;
  try {
    body = JSON.parse(answer);
  } catch {
    return [];
  }
  if (!isRecord(body)) return [];
  const messages: AnswerMessage[] = [];
  const status = body.status;
  if (isRecord(status) && status.type !== 'OK') messages.push({ code: textOf(status.code), text: textOf(status.message) });
  const result = body.orderResult;
  switch (problemsOf(operation)) {
    case 'messages':
      if (isRecord(result))
        for (const message of asList(result.messages))
          if (isRecord(message)) messages.push({ code: textOf(message.code), text: textOf(message.detail) });
      break;
    case 'faults':
      if (isRecord(result))
        for (const response of asList(result.shipmentResponses)) {
          if (!isRecord(response)) continue;
          for (const fault of asList(response.faults))
            if (isRecord(fault)) messages.push({ code: textOf(fault.faultCode), text: textOf(fault.message) });
        }
      break;
    case 'entries':
      for (const entry of asList(result)) {
        if (isRecord(entry) && entry.success === false && typeof entry.message === 'string')
          messages.push({ code: '', text: entry.message });
      }
      break;
    case undefined:
      break;
  }
  return messages;
}
