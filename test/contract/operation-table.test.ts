// The operation table's compile-time guarantees (test/contract/types/) hold, each failing for its own
// reason, and its run-time views agree with it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { handlers } from '../../src/bindings/handlers/operation-handlers.ts';
import { operationList, operations, operationsOf, serviceList } from '../../src/contract/operation-table.ts';

const TYPE_TESTS = 'test/contract/types';

/** The errors `// expect TSnnnn: text` comments of `file` ask for: on the line after each, by line number (0-based). */
function expectedErrors(file: string): Map<number, { code: number; text: string }> {
  const expected = new Map<number, { code: number; text: string }>();
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const match = /\/\/ expect TS(\d+): (.+)$/.exec(line);
      if (match !== null) expected.set(index + 1, { code: Number(match[1]), text: match[2] });
    });
  return expected;
}

/** Every error of the type tests, compiled as their tsconfig (the project's) says. */
function compileTypeTests(): ts.Diagnostic[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${TYPE_TESTS}/tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  assert.ok(config !== undefined);
  return [...ts.getPreEmitDiagnostics(ts.createProgram(config.fileNames, config.options))];
}

describe('the operation table', () => {
  const files = readdirSync(TYPE_TESTS)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${TYPE_TESTS}/${name}`);
  const diagnostics = compileTypeTests();

  for (const file of files) {
    it(`refuses at compile time each case of ${file}, for its own reason, and nothing else`, () => {
      const found = diagnostics
        .filter((d) => d.file?.fileName.endsWith(file))
        .map((d) => ({
          line: d.file!.getLineAndCharacterOfPosition(d.start!).line,
          code: d.code,
          text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
        }));
      const expected = expectedErrors(file);
      assert.ok(expected.size > 0, `${file} states no expected error`);
      for (const [line, { code, text }] of expected) {
        const at = found.filter((d) => d.line === line);
        assert.ok(
          at.some((d) => d.code === code && d.text.includes(text)),
          `${file}:${line + 1}: expected TS${code} "${text}", got ${JSON.stringify(at)}`,
        );
      }
      assert.deepEqual(
        found.filter((d) => !expected.has(d.line)),
        [],
        'errors no case asks for',
      );
    });
  }

  it('compiles nothing but the type tests with errors', () => {
    assert.deepEqual(
      diagnostics
        .filter((d) => !files.some((file) => d.file?.fileName.endsWith(file)))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      [],
    );
  });

  it('has a handler for every declared operation, and none besides', () => {
    assert.deepEqual(Object.keys(handlers).sort(), Object.keys(operations).sort());
  });

  it("lists every operation under its service, each under one service's name and version", () => {
    assert.deepEqual(
      serviceList
        .flatMap((service) => operationsOf(service))
        .map((o) => o.name)
        .sort(),
      operationList.map((o) => o.name).sort(),
    );
    for (const operation of operationList) assert.ok(serviceList.includes(operation.service), operation.name);
  });
});
