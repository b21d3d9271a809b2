// Runs an external SOAP client script (client.php, client.py) against an interop server and
// checks what it read with the shared assertions.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { assertClientRun, readStepLines, type InteropServer } from './interop-plan.ts';

const run = promisify(execFile);

/**
 * Runs `command script plan.json` (asynchronously: the server lives in this process) and asserts its
 * steps; `httpError` is how this client reports an HTTP error status.
 */
export async function runClient(server: InteropServer, name: string, command: string, script: string, httpError: RegExp): Promise<void> {
  const planFile = server.planFile(name);
  const scriptPath = fileURLToPath(new URL(script, import.meta.url));
  let stdout: string;
  try {
    ({ stdout } = await run(command, [scriptPath, planFile], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }));
  } catch (error) {
    assert.fail(`${name} client failed to run (install it with scripts/install-interop-deps.sh): ${(error as Error).message}`);
  }
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { labelPath: string };
  await assertClientRun(server, readStepLines(stdout), plan.labelPath, httpError);
}
