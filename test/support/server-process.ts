// The real service as a separate OS process (`parcel-service serve`), for tests across processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const BIN = new URL('../../bin/parcel-service.js', import.meta.url).pathname;

export interface ServerProcess {
  readonly url: string;
  /** What the process wrote to stdout before its "listening" line (the demo account's text among it). */
  readonly printed: string;
  readonly child: ChildProcess;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9) and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts `parcel-service serve` (or another entry `script`) on a free port with `env` and waits until
 * it listens. Without a demo account unless `env` asks for one (DEMO_ACCOUNT): a test adds its own.
 */
export async function startServerProcess(env: Record<string, string>, script = BIN): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script, 'serve'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', DEMO_ACCOUNT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await once(child, 'exit');
  };
  let printed = '';
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /"address":"(http:\/\/[^"]+)"/.exec(line);
    if (match && line.includes('parcel service listening')) {
      return { url: match[1], printed, child, stop: () => exit('SIGTERM'), kill: () => exit('SIGKILL') };
    }
    printed += `${line}\n`;
  }
  throw new Error(`server exited before listening: ${stderr}`);
}

/** Runs `parcel-service <args>` (or another entry `script`) to completion with `env`; rejects on a non-zero exit. */
export async function runCli(args: readonly string[], env: Record<string, string>, script = BIN, input?: string): Promise<string> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`parcel-service ${args.join(' ')} exited ${code}: ${out}`);
  return out;
}
