// The console's lists of operation names (typed against the contract, which its bundle leaves out) in
// the contract's order, as the server derives them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operationList } from '../../src/contract/operation-table.ts';
import { FAULT_OPERATIONS, LOGGED_OPERATIONS } from '../../src/console/console-operations.ts';
import { FAULTABLE_OPERATIONS } from '../../src/domain/sandbox/fault-injection.ts';

describe('the console’s operation lists', () => {
  it('Requests can filter by every declared operation, in the contract’s order', () => {
    assert.deepEqual(
      LOGGED_OPERATIONS,
      // Each name once: an older version's operation (ShipmentService 3.3's storeOrders) is logged under the same name.
      [...new Set(operationList.map((operation) => operation.name))],
    );
  });

  it('Sandbox offers every operation a fault can wait for, and only those', () => {
    assert.deepEqual(FAULT_OPERATIONS, FAULTABLE_OPERATIONS);
  });
});
