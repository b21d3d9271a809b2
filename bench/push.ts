// npm run bench:push — the Tracking Push Service's sender: BENCH_PUSH_PARCELS parcels (default 20,000)
// driven to delivered (each journey's seven events: start_order, pickup_driver, two pickup_depot,
// delivery_depot, delivery_carload, delivery_customer), their pushes queued in a SQLite store and sent
// to a receiver in a child process on loopback, every push acknowledged. Printed: pushes per second,
// the sender's CPU per push, and beside them, measured in the same run, the same number of plain GETs
// to the same receiver at the same concurrency (no queue, no store): the ratio is what the queue costs.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../src/domain/login/password.ts';
import { systemClock } from '../src/domain/core/system-clock.ts';
import { createPushSender } from '../src/domain/push/deliver-pushes.ts';
import { parcelPushes } from '../src/domain/push/push-parcels.ts';
import { createPushAddressPolicy } from '../src/server/transports/push-address-policy.ts';
import { createPushTransport } from '../src/server/transports/push-transport.ts';
import { openStore } from '../src/store/open-database.ts';

const PARCELS = Number(process.env.BENCH_PUSH_PARCELS ?? 20_000);
const ACCOUNTS = 10;
const PER_ACCOUNT = 4;
const HOUR = 60 * 60 * 1000;

if (process.argv[2] === 'receiver') {
  // The child: a receiver that acknowledges every push.
  const { createServer } = await import('node:http');
  const server = createServer((request, response) => {
    const pushid = new URL(request.url ?? '/', 'http://r').searchParams.get('pushid') ?? '';
    response.writeHead(200, { 'content-type': 'text/xml' }).end(`<push><pushid>${pushid}</pushid><status>OK</status></push>`);
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as { port: number }).port));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['receiver'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  const url = `http://127.0.0.1:${port}/push?token=bench`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-push-'));
  const store = await openStore({ sqlitePath: join(dir, 'live.sqlite') });
  await store.migrate();
  const hash = await hashPassword('bench-password');
  const start = Date.now() - 10 * HOUR;
  const accounts = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    accounts.push(
      await store.accounts.addAccount({
        delisId: `PUSH${String(a).padStart(4, '0')}`,
        passwordHash: hash,
        depots: ['0522'],
        messageLanguage: 'en_US',
        lateExport: false,
        pickupApproved: true,
      }),
    );
  }
  const words = ['DataReceived', 'PickedUp', 'BetweenDepots', 'BetweenDepots', 'Depot', 'Courier', 'Delivered'];
  const queued = performance.now();
  for (let p = 0; p < PARCELS; p += 500) {
    const batch = [];
    for (let i = p; i < Math.min(PARCELS, p + 500); i++) {
      const account = accounts[i % ACCOUNTS];
      const parcel = {
        parcelLabelNumber: `0522${String(i).padStart(10, '0')}`,
        serviceCode: '101',
        weight: 120,
        sendingDepot: '0522',
        ref: `R${i}`,
      };
      const events = words.map((status, index) => ({ status, at: new Date(start + index * HOUR), place: { depot: '0522' }, index }));
      batch.push(
        ...parcelPushes(
          { id: account.id, push: { url, mode: 'immediate', since: new Date(0) } },
          parcel,
          events,
          'Europe/Amsterdam',
          new Date(),
        ),
      );
    }
    await store.pushes.addPushes(batch);
  }
  for (const account of accounts) await store.accounts.updateAccount(account.delisId, { pushUrl: { url, since: new Date(0) } });
  const total = PARCELS * words.length;
  console.log(`queued ${total} pushes of ${PARCELS} parcels in ${((performance.now() - queued) / 1000).toFixed(1)} s`);

  const policy = createPushAddressPolicy({ loopbackAllowed: true });
  const inFlight = ACCOUNTS * PER_ACCOUNT;

  // Baseline: the same GETs, same concurrency, no queue.
  const plain = createPushTransport({ policy, timeoutMs: 10_000, maxSockets: PER_ACCOUNT });
  const baseCpu = process.cpuUsage();
  const baseStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        next += 1;
        await plain.get(`${url}&pushid=${next}&pnr=05220000000001&status=delivery_customer`);
      }
    }),
  );
  const baseSeconds = (performance.now() - baseStart) / 1000;
  const baseCpuUs = process.cpuUsage(baseCpu);
  plain.close();

  // The sender: lease, GET, settle (one transaction per push).
  const transport = createPushTransport({ policy, timeoutMs: 10_000, maxSockets: PER_ACCOUNT });
  let delivered = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const sender = createPushSender(
    store.pushes,
    transport,
    systemClock,
    { leaseMs: 30_000, perAccount: PER_ACCOUNT, inFlight },
    {
      counted: (counts) => {
        delivered += counts.delivered;
        if (delivered >= total) done();
      },
      failed: (error) => console.error(error),
    },
  );
  const cpu = process.cpuUsage();
  const began = performance.now();
  await sender.pass();
  await finished;
  const seconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  await sender.stop();
  transport.close();
  const stats = await store.pushes.stats();
  await store.close();
  child.kill();
  rmSync(dir, { recursive: true, force: true });

  const perPush = (usage: NodeJS.CpuUsage, count: number) => ((usage.user + usage.system) / count / 1000).toFixed(3);
  console.log(`plain GETs (baseline): ${(total / baseSeconds).toFixed(0)} /s, ${perPush(baseCpuUs, total)} ms CPU each`);
  console.log(
    `pushes delivered:      ${(total / seconds).toFixed(0)} /s, ${perPush(used, total)} ms CPU each (${delivered} delivered, ${stats.queued} left)`,
  );
  console.log(
    `ratio pushes/plain:    throughput ${(total / seconds / (total / baseSeconds)).toFixed(2)}, CPU per push ${((used.user + used.system) / (baseCpuUs.user + baseCpuUs.system)).toFixed(2)}`,
  );
}
