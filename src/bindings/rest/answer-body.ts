// The body of a REST answer that succeeded (docs/decisions.md "REST"): shipment-service results beside `status`,
// every other service's wrapped in its response element.
import type { OperationContract } from '../../contract/operation-table.ts';
import { OK_STATUS } from './rest-faults.ts';
import { toJson } from './json-writer.ts';
import { isUnwrapped } from './rest-paths.ts';

/** The JSON body answering `operation` with `response`. */
export function okBody(operation: OperationContract, response: unknown): Record<string, unknown> {
  const json = toJson(response as Readonly<Record<string, unknown>>, operation.response);
  return isUnwrapped(operation) ? { ...json, status: OK_STATUS } : { [operation.responseElement]: json, status: OK_STATUS };
}
