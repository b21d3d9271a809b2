// Runs the scripts in this folder as separate Node processes and reads their line protocol.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { StoreOptions } from '../../../src/store/open-database.ts';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/** Children not yet ended, so a failing test can end them instead of hanging. */
const running = new Set<ChildProcess>();

/** Ends (SIGKILL) every child started here that is still running. */
export function killStoreProcesses(): void {
  for (const child of running) {
    child.kill('SIGKILL');
  }
}

/** A child process speaking "ready" / "go" / one result per line. */
export interface StoreProcess {
  readonly child: ChildProcess;
  /** Every line after "ready", as it arrives. */
  readonly lines: string[];
  /** Resolves once the child printed "ready". */
  readonly ready: Promise<void>;
  /** Resolves with the exit code (null when killed) and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** Lets the child start its work. */
  go(): void;
  /** Resolves once at least `count` lines arrived (rejects if the child exits first). */
  waitForLines(count: number): Promise<void>;
}

/** Starts `node --import tsx test/store/processes/<script>.ts ...args` on the database `options` describe. */
export function startStoreProcess(script: string, options: StoreOptions, args: readonly string[] = []): StoreProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', `test/store/processes/${script}.ts`, ...args], {
    cwd: REPOSITORY,
    env: { ...process.env, STORE_OPTIONS: JSON.stringify(options) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let sawReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    sawReady = resolve;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'ready') {
      sawReady();
    } else {
      lines.push(line);
      listeners.forEach((listener) => listener());
    }
  });
  let ended = false;
  // 'close' comes after the child's output has been read to the end, unlike 'exit'.
  const exited = once(child, 'close').then(([code, signal]) => {
    ended = true;
    running.delete(child);
    listeners.forEach((listener) => listener());
    return { code: code as number | null, signal: signal as NodeJS.Signals | null, stderr };
  });

  return {
    child,
    lines,
    ready: Promise.race([
      ready,
      exited.then(({ stderr: text }) => Promise.reject(new Error(`${script} exited before it was ready:\n${text}`))),
    ]),
    exited,
    go: () => child.stdin.end('go\n'),
    waitForLines: (count) =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (lines.length >= count) {
            listeners.delete(check);
            resolve();
          } else if (ended) {
            listeners.delete(check);
            reject(new Error(`${script} exited after ${lines.length} of ${count} lines:\n${stderr}`));
          }
        };
        listeners.add(check);
        check();
      }),
  };
}
