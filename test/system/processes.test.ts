// Across processes: two servers on one PostgreSQL database never issue the same number, and a
// server killed with SIGKILL under load loses no acknowledged parcel and reissues no number.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { openStore } from '../../src/store/open-database.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { REST_PATH } from '../support/rest.ts';
import { runCli, startServerProcess } from '../support/server-process.ts';

const PASSWORD = 'process-test-pass';

async function login(url: string, delisId: string) {
  const response = await fetch(`${url}${REST_PATH.getAuth}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delisId, password: PASSWORD, messageLanguage: 'en_US' }),
  });
  const body = (await response.json()) as { getAuthResponse: { return: { authToken: string } } };
  return { delisId, authToken: body.getAuthResponse.return.authToken, messageLanguage: 'en_US' };
}

/** A list of acknowledged parcel numbers, and a wait until it holds `count`: the load has run, by its answers rather than by a clock. */
function acknowledgements() {
  const numbers: string[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  return {
    numbers,
    add(number: string) {
      numbers.push(number);
      for (const waiter of waiters.filter((w) => numbers.length >= w.count)) waiter.resolve();
    },
    until: (count: number) =>
      numbers.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
  };
}

async function storeOne(url: string, authentication: unknown): Promise<string> {
  const response = await fetch(`${url}${REST_PATH.storeOrders}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      authentication,
      storeOrders: { ...minimumRequest(), printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' } },
    }),
  });
  const body = (await response.json()) as {
    orderResult: { shipmentResponses: Array<{ parcelInformation: Array<{ parcelLabelNumber: string }> }> };
  };
  return body.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber;
}

describe('several server processes', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  before(async () => {
    database = await createTestDatabase('postgres');
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-processes-'));
    env = { DATABASE_URL: database.options.databaseUrl!, DATA_DIR: dataDir, TOKEN_SECRET: randomBytes(32).toString('hex') };
    await runCli(['accounts', 'add', '--delis-id', 'KDPROC001', '--password', PASSWORD, '--depot', '0522'], env);
  });
  after(async () => {
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('two servers on one PostgreSQL database never issue the same number', async () => {
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      // One token works on both: they share the database and TOKEN_SECRET.
      const authentication = await login(servers[0].url, 'KDPROC001');
      const numbers = await Promise.all(Array.from({ length: 40 }, (_, i) => storeOne(servers[i % 2].url, authentication)));
      assert.equal(numbers.length, 40);
      assert.ok(numbers.every((n) => /^0522\d{10}$/.test(n)));
      assert.equal(new Set(numbers).size, 40, 'a number was issued twice');
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });

  for (const dialect of ['sqlite', 'postgres'] as const) {
    // The timeout only turns a hang (a load that never gets answers) into a failure.
    it(`kill -9 under load loses no acknowledged parcel and reissues no number [${dialect}]`, { timeout: 600_000 }, async () => {
      const killEnv = dialect === 'postgres' ? env : { DATA_DIR: await mkdtemp(join(tmpdir(), 'parcel-kill-')) };
      if (dialect === 'sqlite')
        await runCli(['accounts', 'add', '--delis-id', 'KDPROC001', '--password', PASSWORD, '--depot', '0522'], killEnv);
      const acks = acknowledgements();
      const acknowledged = acks.numbers;
      let server = await startServerProcess(killEnv);
      const authentication = await login(server.url, 'KDPROC001');
      let stop = false;
      const load = Array.from({ length: 4 }, async () => {
        while (!stop) {
          try {
            acks.add(await storeOne(server.url, authentication));
          } catch {
            /* the server died mid-request: not acknowledged */
          }
        }
      });
      // Killed while four clients keep storing: after twenty acknowledgements, with more in flight.
      await acks.until(20);
      await server.kill();
      stop = true;
      await Promise.all(load);
      assert.ok(acknowledged.length > 0, 'no request was acknowledged before the kill');
      server = await startServerProcess(killEnv);
      try {
        const after = await Promise.all(Array.from({ length: 5 }, () => storeOne(server.url, authentication)));
        const store = await openStore(
          dialect === 'postgres' ? { databaseUrl: env.DATABASE_URL } : { sqlitePath: join(killEnv.DATA_DIR, 'stage.sqlite') },
        );
        try {
          const account = (await store.accounts.findAccount('KDPROC001'))!;
          const found = await store.shipments.findParcels(account.id, acknowledged);
          assert.equal(found.length, new Set(acknowledged).size, 'an acknowledged parcel was lost');
        } finally {
          await store.close();
        }
        const all = [...acknowledged, ...after];
        assert.equal(new Set(all).size, all.length, 'a number was issued again after the kill');
      } finally {
        await server.stop();
        if (dialect === 'sqlite') await rm(killEnv.DATA_DIR, { recursive: true, force: true });
      }
    });
  }

  it(
    "SIGTERM under load: exit 0, every answer in the service's own format, every acknowledged parcel stored",
    { timeout: 600_000 },
    async () => {
      const termEnv = { DATA_DIR: await mkdtemp(join(tmpdir(), 'parcel-term-')) };
      await runCli(['accounts', 'add', '--delis-id', 'KDPROC001', '--password', PASSWORD, '--depot', '0522'], termEnv);
      const server = await startServerProcess(termEnv);
      const authentication = await login(server.url, 'KDPROC001');
      const acks = acknowledgements();
      const acknowledged = acks.numbers;
      const foreign: string[] = [];
      let stop = false;
      const load = Array.from({ length: 4 }, async () => {
        while (!stop) {
          try {
            const response = await fetch(`${server.url}${REST_PATH.storeOrders}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                authentication,
                storeOrders: { ...minimumRequest(), printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' } },
              }),
            });
            const body = (await response.json()) as {
              status?: unknown;
              orderResult?: { shipmentResponses: Array<{ parcelInformation: Array<{ parcelLabelNumber: string }> }> };
            };
            if (body.status === undefined) foreign.push(`${response.status} ${JSON.stringify(body)}`);
            else if (response.status === 200) acks.add(body.orderResult!.shipmentResponses[0].parcelInformation[0].parcelLabelNumber);
          } catch {
            // The connection closed during the shutdown: not acknowledged.
          }
        }
      });
      try {
        // Stopped while four clients keep storing: after twenty acknowledgements, with more in flight.
        await acks.until(20);
        await server.stop();
        stop = true;
        await Promise.all(load);
        assert.equal(server.child.exitCode, 0);
        assert.deepEqual(foreign, [], "answers outside the service's format");
        assert.ok(acknowledged.length > 0);
        const store = await openStore({ sqlitePath: join(termEnv.DATA_DIR, 'stage.sqlite') });
        try {
          const account = (await store.accounts.findAccount('KDPROC001'))!;
          assert.equal(
            (await store.shipments.findParcels(account.id, acknowledged)).length,
            new Set(acknowledged).size,
            'an acknowledged parcel was lost',
          );
        } finally {
          await store.close();
        }
      } finally {
        stop = true;
        await rm(termEnv.DATA_DIR, { recursive: true, force: true });
      }
    },
  );

  // Last: the failures also block the client address for a while.
  it('throttles failed logins across the servers of one database', async () => {
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const attempt = (url: string, password: string) =>
      fetch(`${url}${REST_PATH.getAuth}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ delisId: 'KDPROC001', password, messageLanguage: 'en_US' }),
      });
    try {
      // Three failures on each server: six in all, one over the five free ones.
      for (let i = 0; i < 6; i++) assert.equal((await attempt(servers[i % 2].url, 'wrong password!')).status, 401);
      for (const server of servers) {
        const blocked = await attempt(server.url, PASSWORD);
        assert.equal(blocked.status, 429);
        assert.equal(((await blocked.json()) as { status: { code: string } }).status.code, 'ERR_TOO_MANY_LOGIN_ATTEMPTS');
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
