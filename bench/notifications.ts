// npm run bench:notifications — what sending receiver notifications takes (issue 41 item 5): 600 SMS
// messages queued in a live SQLite outbox, sent through the webhook transport to a receiver (its own
// process) that answers each after BENCH_NOTIFY_DELAY_MS (default 300 ms, a slow gateway), with
// NOTIFY_CONCURRENCY messages under way at once (default 8). The baseline, taken in the same run: the
// first BENCH_NOTIFY_BASELINE messages (default 20) one at a time, whose time per message gives what the
// 600 would take sent one at a time. Prints both and the ratio.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../src/domain/core/system-clock.ts';
import { hashPassword } from '../src/domain/login/password.ts';
import { deliverDue, type DeliveryOptions } from '../src/domain/notifications/deliver-notifications.ts';
import type { NewNotification } from '../src/domain/ports/notification-ports.ts';
import { createWebhookTransport } from '../src/server/transports/webhook-transport.ts';
import { openStore } from '../src/store/open-database.ts';

const MESSAGES = Number(process.env.BENCH_NOTIFY_MESSAGES ?? 600);
const BASELINE = Number(process.env.BENCH_NOTIFY_BASELINE ?? 20);
const DELAY_MS = Number(process.env.BENCH_NOTIFY_DELAY_MS ?? 300);
const CONCURRENCY = Number(process.env.NOTIFY_CONCURRENCY ?? 8);

if (process.argv[2] === 'receiver') {
  // The child: a gateway that answers every message after the delay.
  const { createServer } = await import('node:http');
  const server = createServer((request, response) => {
    request.resume();
    request.once('end', () => setTimeout(() => response.writeHead(200).end('{}'), DELAY_MS));
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as { port: number }).port));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['receiver'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  const dir = mkdtempSync(join(tmpdir(), 'bench-notify-'));
  const store = await openStore({ sqlitePath: join(dir, 'live.sqlite') });
  try {
    await store.migrate();
    const account = await store.accounts.addAccount({
      delisId: 'NOTIFY01',
      passwordHash: await hashPassword('bench-password'),
      depots: ['0522'],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: true,
    });
    const now = new Date();
    const made: NewNotification[] = Array.from({ length: BASELINE + MESSAGES }, (_, index) => ({
      accountId: account.id,
      parcelLabelNumber: `0522${String(800_000_000 + index).padStart(10, '0')}`,
      eventKey: '1:PickedUp',
      eventStatus: 'PickedUp',
      eventAt: now,
      source: 'proactiveNotification',
      sourceIndex: 0,
      rule: 1,
      channel: 3,
      recipient: '+31612345678',
      language: 'EN',
      textLanguage: 'en',
      topic: 'collected',
      subject: 'Your parcel',
      text: 'Your parcel from Shop BV has been collected.',
      status: 'queued',
      messageRef: `bench-${index}`,
      createdAt: now,
    })) as unknown as NewNotification[];
    // The baseline's messages are due first (the queue is taken in due order).
    await store.outbox.addNotifications(made.slice(0, BASELINE));
    const transport = createWebhookTransport({ url: `http://127.0.0.1:${port}/sms`, secret: 'b'.repeat(32), timeoutMs: 30_000 });
    const options = (concurrency: number): DeliveryOptions => ({
      leaseMs: 92_000,
      retryBaseMs: 30_000,
      maxAttempts: 10,
      batch: 1,
      concurrency,
    });

    let started = performance.now();
    const alone = await deliverDue(store.outbox, { phone: transport }, systemClock, options(1));
    const perMessage = (performance.now() - started) / BASELINE;
    await store.outbox.addNotifications(made.slice(BASELINE));
    started = performance.now();
    const together = await deliverDue(store.outbox, { phone: transport }, systemClock, options(CONCURRENCY));
    const seconds = (performance.now() - started) / 1000;
    if (alone.sent !== BASELINE || together.sent !== MESSAGES) throw new Error(`not all sent: ${JSON.stringify({ alone, together })}`);

    const oneAtATime = (perMessage * MESSAGES) / 1000;
    console.log(`a receiver answering each message after ${DELAY_MS} ms (webhook transport, SQLite outbox)`);
    console.log(`baseline, one at a time: ${perMessage.toFixed(0)} ms per message → ${MESSAGES} would take ${oneAtATime.toFixed(1)} s`);
    console.log(
      `${MESSAGES} messages with NOTIFY_CONCURRENCY=${CONCURRENCY}: ${seconds.toFixed(1)} s (${(MESSAGES / seconds).toFixed(1)} per second)`,
    );
    console.log(`ratio: ${(oneAtATime / seconds).toFixed(1)}× faster than one at a time (at most ${CONCURRENCY}×)`);
  } finally {
    await store.close();
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
