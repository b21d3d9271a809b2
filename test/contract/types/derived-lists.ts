// The operation table with one operation more (`cancelPickup`, declared and nothing else), against
// every list keyed by operation name outside the handler map: each must fail to compile for the
// missing entry, as the real lists do when an operation is added without them (docs/architecture.md,
// "Adding an operation"). Checked by test/contract/operation-table.test.ts.
import type { OperationName } from '../../../src/contract/operation-table.ts';
import { requestExamples } from '../../../src/bindings/rest/openapi-examples.ts';
import { CONSOLE_OPERATIONS } from '../../../src/console/console-operations.ts';
import type { GOLDEN_CALLS } from '../../fixtures/golden-calls.ts';
import { REST_PATH } from '../../support/rest.ts';

type BrokenOperationName = OperationName | 'cancelPickup';

// expect TS2741: Property 'cancelPickup' is missing
export const restPaths: Record<BrokenOperationName, string> = REST_PATH;

// expect TS2741: Property 'cancelPickup' is missing
export const examples: Record<BrokenOperationName, unknown> = requestExamples;

// expect TS2741: Property 'cancelPickup' is missing
export const consoleEntries: Record<BrokenOperationName, unknown> = CONSOLE_OPERATIONS;

type Uncalled = Exclude<BrokenOperationName, (typeof GOLDEN_CALLS)[number]['operation']>;
// expect TS2322: Type 'true' is not assignable to type '"cancelPickup"'
export const goldenCalls: [Uncalled] extends [never] ? true : Uncalled = true;
