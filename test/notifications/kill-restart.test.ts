// The live queue survives kill -9: a real `parcel-service serve` process sends the messages that
// `parcel-service parcels advance` queued to a real SMTP relay; it is killed with SIGKILL while the
// relay holds one message unanswered and the rest are still queued; a new process on the same data
// sends every message, and the relay has accepted each exactly once (counted by Message-ID). The
// operator's shell has no relay configured (issue 41 item 5): its messages are queued for the running
// service all the same, never marked unsent, and the service's relay sends them.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../src/store/open-database.ts';
import { edit, minimumParcel, minimumRequest, set } from '../fixtures/requests.ts';
import { REST_PATH } from '../support/rest.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpRelay, type SmtpRelay } from '../support/smtp-relay.ts';

const PASSWORD = 'kill-test-password';
const DELIS_ID = 'KILL0001';
const PARCELS = 12;
/** Accepted before the relay holds one and the process is killed. */
const BEFORE_KILL = 4;

describe('the live notification queue across kill -9', () => {
  let relay: SmtpRelay;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  before(async () => {
    relay = await startSmtpRelay();
    dataDir = await mkdtemp(join(tmpdir(), 'parcel-notify-kill-'));
    env = {
      PARCEL_ENV: 'live',
      DATA_DIR: dataDir,
      SMTP_URL: relay.url,
      SMTP_FROM: 'notify@carrier.example',
      NOTIFY_INTERVAL_SECONDS: '1',
      // A lease of 3 × 1 s + 2 s: the message cut off by the kill is taken again soon after the restart.
      NOTIFY_SEND_TIMEOUT_SECONDS: '1',
      // One message under way at a time: the kill cuts off exactly one (test/notifications/concurrent-delivery.test.ts sends several).
      NOTIFY_CONCURRENCY: '1',
      LABEL_THREADS: '0',
    };
    await runCli(['accounts', 'add', '--delis-id', DELIS_ID, '--password', PASSWORD, '--depot', '0522'], env);
  });
  after(async () => {
    await server?.kill();
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers every queued message once after a kill -9 and a restart', async () => {
    server = await startServerProcess(env);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server!.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, any>;
    };
    const login = await post(REST_PATH.getAuth, { delisId: DELIS_ID, password: PASSWORD, messageLanguage: 'en_US' });
    const authentication = { delisId: DELIS_ID, authToken: login.getAuthResponse.return.authToken as string, messageLanguage: 'en_US' };
    // One order of twelve parcels whose receiver hears by e-mail of each handover (rule 1).
    const order = edit(
      minimumRequest(),
      set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' }),
      set(
        'order[0].parcels',
        Array.from({ length: PARCELS }, () => minimumParcel()),
      ),
      set('order[0].productAndServiceData.proactiveNotification', [{ channel: 1, value: 'receiver@example.nl', rule: 1, language: 'EN' }]),
    );
    const stored = await post(REST_PATH.storeOrders, { authentication, storeOrders: order });
    const numbers = (stored.orderResult.shipmentResponses[0].parcelInformation as Array<{ parcelLabelNumber: string }>).map(
      (p) => p.parcelLabelNumber,
    );
    assert.equal(numbers.length, PARCELS, JSON.stringify(stored));
    const today = Number(stored.orderResult.shipmentResponses[0].mpsId.slice(-8));
    await post(REST_PATH.startOrdersConsolidation, { authentication, startOrdersConsolidation: { consolidationDate: today } });

    // The relay accepts four, then holds the fifth unanswered: the moment to kill the sender.
    const holding = relay.holdAfter(BEFORE_KILL);
    const { SMTP_URL: _url, SMTP_FROM: _from, ...shell } = env;
    const advanced = await runCli(['parcels', 'advance', '--delis-id', DELIS_ID, '--to', 'collected', ...numbers], shell);
    assert.match(advanced, new RegExp(`${PARCELS} receiver notifications in the outbox`));
    await holding;
    await server.kill();
    server = undefined;
    relay.release();
    assert.equal(relay.messages.length, BEFORE_KILL);

    // A new process on the same data sends the rest: the held one once its lease ends.
    server = await startServerProcess(env);
    const received = await relay.received(PARCELS);
    // Stopped gracefully, the sender ends its round: what the store then holds is final.
    await server.stop();
    server = undefined;
    const ids = received.map((message) => message.headers.get('message-id'));
    assert.equal(new Set(ids).size, PARCELS, 'every message once');
    assert.equal(relay.messages.length, PARCELS, 'none twice');
    assert.deepEqual(
      received.map((message) => message.to),
      Array.from({ length: PARCELS }, () => ['receiver@example.nl']),
    );
    const store = await openStore({ sqlitePath: join(dataDir, 'live.sqlite') });
    try {
      const kept = await store.outbox.findForOperator({}, 100);
      assert.equal(kept.length, PARCELS);
      assert.ok(
        kept.every((message) => message.status === 'sent'),
        JSON.stringify(kept.map((m) => m.status)),
      );
      assert.deepEqual(new Set(kept.map((m) => m.parcelLabelNumber)), new Set(numbers));
      // The message the kill cut off took a second attempt; the others one each.
      assert.deepEqual(kept.map((m) => m.attempts).sort(), [...Array.from({ length: PARCELS - 1 }, () => 1), 2]);
    } finally {
      await store.close();
    }
    const listed = await runCli(['notifications', 'list', '--delis-id', DELIS_ID, '--status', 'sent'], env);
    assert.equal(listed.split('\n').filter((line) => / sent ×\d/.test(line)).length, PARCELS);
    assert.match(listed, /queue \(live\): 0 queued, 0 being sent/);
  });
});
