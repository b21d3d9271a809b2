// Compile-time checks of the handler map (docs/architecture.md, "Adding an operation"). Each
// `// expect TSnnnn: <text>` comment names the error the line below it must fail with: its code and a
// part of its message, so that each case fails for its own reason (test/contract/operation-table.test.ts).
import { handlers, type Handlers } from '../../../src/bindings/handlers/operation-handlers.ts';

const { getAuth: _dropped, ...withoutGetAuth } = handlers;

// expect TS2741: Property 'getAuth' is missing
export const missingHandler: Handlers = withoutGetAuth;

// expect TS2353: 'cancelPickup' does not exist in type 'Handlers'
export const undeclaredHandler: Handlers = { ...handlers, cancelPickup: handlers.getAuth };

export const wrongRequest: Handlers = {
  ...handlers,
  // expect TS2322: Types of parameters 'request' and 'request' are incompatible
  exportOrders: (call, request: Parameters<Handlers['getTrackingData']>[1]) => handlers.exportOrders(call, request as never),
};

export const complete: Handlers = { ...handlers };
