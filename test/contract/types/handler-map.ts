// Compile-time checks of the operation table (docs/architecture.md, "Adding an operation"): each
// `@ts-expect-error` below must stay an error, or `tsc` reports the directive as unused and fails.
import { handlers, type Handlers } from '../../../src/bindings/operation-handlers.ts';

const { getAuth: _dropped, ...withoutGetAuth } = handlers;

// @ts-expect-error a declared operation without a handler does not compile
export const missingHandler: Handlers = withoutGetAuth;

// @ts-expect-error a handler for an operation that is not declared does not compile
export const undeclaredHandler: Handlers = { ...handlers, reprintLabels: handlers.getAuth };

export const wrongRequest: Handlers = {
  ...handlers,
  // @ts-expect-error a handler reads its own operation's request type, not another's
  exportOrders: (call, request) => handlers.getTrackingData(call, request),
};

export const complete: Handlers = { ...handlers };
