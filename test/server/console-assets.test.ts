// The console's built files as each environment serves them: its script, style and source maps on
// stage; on live the same files but no source map (404, as for any unknown file). The page names the
// environment and the service's time zone, the one the console shows every time in.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { Environment } from '../../src/domain/core/environment.ts';
import { readConsoleAssets } from '../../src/server/pages/console-assets.ts';
import { registerConsole } from '../../src/server/pages/console-routes.ts';

describe('the console’s built files', () => {
  let directory: string;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'console-assets-'));
    await writeFile(join(directory, 'manifest.json'), JSON.stringify({ script: 'main-1.js', style: 'main-1.css' }));
    await writeFile(join(directory, 'main-1.js'), 'export {};\n//# sourceMappingURL=main-1.js.map\n');
    await writeFile(join(directory, 'main-1.js.map'), '{"version":3}');
    await writeFile(join(directory, 'main-1.css'), 'body {}\n/*# sourceMappingURL=main-1.css.map */\n');
    await writeFile(join(directory, 'main-1.css.map'), '{"version":3}');
  });
  after(() => rm(directory, { recursive: true, force: true }));

  it('lists the source maps only when asked to', () => {
    assert.deepEqual([...(readConsoleAssets(directory, { sourceMaps: true })?.files.keys() ?? [])].sort(), [
      'main-1.css',
      'main-1.css.map',
      'main-1.js',
      'main-1.js.map',
    ]);
    assert.deepEqual([...(readConsoleAssets(directory, { sourceMaps: false })?.files.keys() ?? [])].sort(), ['main-1.css', 'main-1.js']);
  });

  const cases: ReadonlyArray<{ environment: Environment; path: string; status: number }> = [
    { environment: 'stage', path: 'main-1.js', status: 200 },
    { environment: 'stage', path: 'main-1.js.map', status: 200 },
    { environment: 'stage', path: 'main-1.css.map', status: 200 },
    { environment: 'live', path: 'main-1.js', status: 200 },
    { environment: 'live', path: 'main-1.css', status: 200 },
    { environment: 'live', path: 'main-1.js.map', status: 404 },
    { environment: 'live', path: 'main-1.css.map', status: 404 },
  ];
  for (const { environment, path, status } of cases) {
    it(`answers ${status} on ${environment} for ${path}`, async () => {
      const app = Fastify();
      registerConsole(app, {
        environment,
        timeZone: 'Europe/Amsterdam',
        directory,
        refuse: (_request, reply) => reply.code(404).send('no such file'),
      });
      try {
        const response = await app.inject({ method: 'GET', url: `/console/assets/${path}` });
        assert.equal(response.statusCode, status);
      } finally {
        await app.close();
      }
    });
  }

  it('names the environment and the service’s time zone on the page’s <html>', async () => {
    const app = Fastify();
    registerConsole(app, {
      environment: 'live',
      timeZone: 'America/New_York',
      directory,
      refuse: (_request, reply) => reply.code(404).send('no such page'),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/console' });
      assert.equal(response.statusCode, 200);
      assert.match(response.body, /<html lang="en" data-environment="live" data-time-zone="America\/New_York">/);
    } finally {
      await app.close();
    }
  });
});
