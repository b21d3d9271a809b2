// The operation table's compile-time guarantees (test/contract/types/handler-map.ts) hold, and its
// run-time views agree with it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { handlers } from '../../src/bindings/operation-handlers.ts';
import { operationList, operations, operationsOf, services } from '../../src/contract/operations.ts';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the operation table', () => {
  it('refuses at compile time a missing handler, an undeclared one and a handler of the wrong request type', () => {
    const output = execFileSync(process.execPath, [tsc, '--noEmit', '-p', 'test/contract/types/tsconfig.json'], { encoding: 'utf8' });
    assert.equal(output, '');
  });

  it('has a handler for every declared operation, and none besides', () => {
    assert.deepEqual(Object.keys(handlers).sort(), Object.keys(operations).sort());
  });

  it("lists every operation under its service, each under one service's name and version", () => {
    assert.deepEqual(
      services
        .flatMap((service) => operationsOf(service))
        .map((o) => o.name)
        .sort(),
      operationList.map((o) => o.name).sort(),
    );
    for (const operation of operationList) assert.ok(services.includes(operation.service), operation.name);
  });
});
