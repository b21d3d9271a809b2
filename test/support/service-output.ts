// A started service's JSON log lines read as they come, and the check that a signal stops it
// gracefully: for tests that start the service through a command a person types (npm start, npx).
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface ServiceOutput {
  /** Every line read so far. */
  readonly seen: readonly string[];
  /** Reads lines until one matches `pattern` and returns it; rejects when the output ends first. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Reads to the end: every process writing to the output has exited. */
  end(): Promise<void>;
}

export function readServiceOutput(stream: Readable): ServiceOutput {
  const lines = createInterface({ input: stream })[Symbol.asyncIterator]();
  const seen: string[] = [];
  return {
    seen,
    async waitFor(pattern) {
      for (;;) {
        const { value, done } = await lines.next();
        if (done === true) throw new Error(`the output ended before a line matching ${pattern}:\n${seen.join('\n')}`);
        seen.push(value);
        if (pattern.test(value)) return value;
      }
    },
    async end() {
      for (let next = await lines.next(); next.done !== true; next = await lines.next()) seen.push(next.value);
    },
  };
}

/** Waits for the listening line and returns the address the service listens on. */
export async function waitForListening(output: ServiceOutput): Promise<string> {
  const line = await output.waitFor(/"msg":"parcel service listening"/);
  return (JSON.parse(line) as { address: string }).address;
}

/**
 * Sends `signal` to `command` (the process a person started) and sees the service stop gracefully:
 * its shutdown logged, its output closed by its exit, its port refusing connections. Returns how the
 * command itself exited.
 */
export async function signalAndSeeStopped(
  command: ChildProcess,
  output: ServiceOutput,
  url: string,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const exited = command.exitCode !== null || command.signalCode !== null ? Promise.resolve() : once(command, 'exit').then(() => undefined);
  assert.ok(command.kill(signal));
  // Both lines, in either order: pino writes stdout asynchronously and flushes what is left
  // synchronously at exit, so "shut down" can come out before an earlier line still being written.
  await output.waitFor(/"msg":"shut(ting)? down"/);
  await output.end();
  for (const message of ['shutting down', 'shut down']) {
    assert.ok(
      output.seen.some((line) => line.includes(`"msg":"${message}"`)),
      `no "${message}" line:\n${output.seen.join('\n')}`,
    );
  }
  await exited;
  await assert.rejects(fetch(`${url}/health`), (error: Error & { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED');
  return { code: command.exitCode, signal: command.signalCode };
}

/** The environment of a command a person types: nothing of this project's test runner or of npm's run. */
export function commandEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name === 'NODE_OPTIONS' || name === 'NODE_PATH' || name.startsWith('NODE_TEST')) continue;
    if (!name.startsWith('npm_')) env[name] = value;
  }
  return { ...env, ...extra };
}
