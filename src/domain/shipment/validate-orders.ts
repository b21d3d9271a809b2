// ShipmentService validateOrders: every rule storeOrders runs, all errors listed, nothing created
// (spec "validateOrders rules").
import type { Decoded } from '../../contract/schema/decode.ts';
import { formatMessage, type ErrorCode } from '../../contract/error-catalogue.ts';
import type { StoreOrders } from '../../contract/shipment-service/shipment-requests.ts';
import { validateRequest } from '../../rules/validate-request.ts';
import type { Session } from '../core/outcome.ts';
import { ruleContextFor } from './order-rule-context.ts';
import type { Dependencies } from '../dependencies.ts';

/** validateOrders orderResult. */
export interface ValidationResult {
  readonly success: boolean;
  readonly messages: ReadonlyArray<{ readonly detail: string; readonly code: ErrorCode }>;
}

export async function validateOrders(
  deps: Dependencies,
  session: Session,
  request: Decoded<typeof StoreOrders>,
): Promise<ValidationResult> {
  const violations = validateRequest(request.value, request.violations, await ruleContextFor(deps, session, request.value));
  return {
    success: violations.length === 0,
    messages: violations.map((v) => ({ detail: formatMessage(v.code, session.language, v.params), code: v.code })),
  };
}
