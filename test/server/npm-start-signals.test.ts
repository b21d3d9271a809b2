// `npm start` as the README has a person type it, stopped the way a supervisor or a terminal stops it:
// SIGTERM or SIGINT sent to the npm process shuts the service down gracefully (npm passes the signal on
// to the service, which its start script `exec`s into), the port closes and npm exits 0. And the way
// `npx parcel-service serve` runs it — npm, a shell, the service — where SIGTERM stops npm's shell
// and the service stops because its parent has gone (server/parent-watch.ts).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { commandEnv, readServiceOutput, signalAndSeeStopped, waitForListening } from '../support/service-output.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('npm start, signalled', () => {
  let dir: string;
  let project: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parcel-npm-start-'));
    // The project seen through links, all but its dist/: npm start's build writes a dist/ of its own,
    // not the one other tests' builds write to at the same time.
    project = join(dir, 'project');
    await mkdir(project);
    for (const name of await readdir(ROOT)) {
      if (name !== 'dist' && name !== '.git') await symlink(join(ROOT, name), join(project, name));
    }
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const startNpm = (args: readonly string[]) =>
    spawn('npm', args, {
      cwd: project,
      env: commandEnv({ PORT: '0', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info', DEMO_ACCOUNT: '0' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm start stops the service gracefully and npm exits 0`, async () => {
      const npm = startNpm(['start']);
      const output = readServiceOutput(npm.stdout);
      const url = await waitForListening(output);
      const stopped = await signalAndSeeStopped(npm, output, url, signal);
      assert.ok(
        output.seen.some((line) => line.includes(`"signal":"${signal}"`)),
        output.seen.join('\n'),
      );
      assert.deepEqual(stopped, { code: 0, signal: null });
    });
  }

  it('SIGTERM to npm exec (npx: npm, its shell, the service) stops the service gracefully', async () => {
    const npx = startNpm(['exec', '--', 'node', 'bin/parcel-service.js', 'serve']);
    const output = readServiceOutput(npx.stdout);
    const url = await waitForListening(output);
    await signalAndSeeStopped(npx, output, url, 'SIGTERM');
    assert.ok(
      output.seen.some((line) => line.includes('"parent":"exited"')),
      output.seen.join('\n'),
    );
  });
});
