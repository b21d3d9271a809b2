// Stoplight Prism (@stoplight/prism-cli) as a validating proxy: it checks each request against an
// OpenAPI document before it forwards the request to `upstream`, and each answer on its way back.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { childServer, type ChildServer } from './harness.ts';

/** Prism's command line, run by this Node directly (no npx in between: its CPU is the server's). */
const PRISM = join(dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

/** Starts `prism proxy --errors <document> <upstream>` on `port` and waits until it answers. */
export async function startPrismProxy(document: string, upstream: string, port: number): Promise<ChildServer> {
  // --errors: a request that breaks the document is refused (422) rather than forwarded; logging
  // every request would cost Prism more than validating it.
  const args = ['proxy', '--errors', '--verboseLevel', 'error', '--host', '127.0.0.1', '--port', String(port), document, upstream];
  const child = spawn(process.execPath, [PRISM, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const server = childServer(child, `http://127.0.0.1:${port}`);
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode} before listening`);
    try {
      await fetch(server.url, { method: 'GET' });
      return server;
    } catch {
      await sleep(100);
    }
  }
  await server.stop();
  throw new Error('prism did not listen within 30 s');
}

/** A port no one listens on now (Prism takes no port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
