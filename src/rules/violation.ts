// The small vocabulary every rule file uses to report a problem.
import type { Violation } from '../contract/schema/decode.ts';
import type { ErrorCode, MessageParams } from '../contract/error-catalogue.ts';
import type { DeepPartial } from '../contract/schema/model.ts';
import type { OrderData, StoreOrdersData } from '../contract/shipment-service/shipment-requests.ts';
import type { RuleContext } from './rule-context.ts';

export type { Violation };

/** A violation of `code` at `path`; the path is also a message parameter. */
export function violation(code: ErrorCode, path: string, params: MessageParams = {}): Violation {
  return { code, path, params: { path, ...params } };
}

/** An order as rules see it: whatever of it decoded cleanly. */
export type OrderInput = DeepPartial<OrderData>;
export type RequestInput = DeepPartial<StoreOrdersData>;

/** A rule over one order; `at` is its path (`order[2]`). */
export type OrderRule = (order: OrderInput, at: string, context: RuleContext) => Violation[];

/** A rule over the whole request (print options against every order). */
export type RequestRule = (request: RequestInput, context: RuleContext) => Violation[];
