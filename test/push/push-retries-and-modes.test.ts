// A receiver that fails gets the same push again an hour of the account's clock later, and the push is
// given up 48 hours after its event: one that answers 500, one that echoes another pushid, one that
// does not answer, one that refuses connections. And the test modes: batched (sent at the quarter hour
// of the account's clock), shuffled (a batch out of order), duplicated (each push twice, same pushid).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { refusingUrl, startPushReceiver, type PushReceiver, type ReceiverBehaviour } from '../support/push-receiver.ts';
import { REST_PATH, type Auth } from '../support/rest.ts';

const TUESDAY = '2027-01-05T10:00:00.000Z';

describe('push retries and test modes (stage)', () => {
  let t: TestApp;
  const receivers: PushReceiver[] = [];
  before(async () => {
    t = await startTestApp({ env: { SESSION_CACHE_SECONDS: '0', PUSH_TIMEOUT_SECONDS: '1' } });
  });
  after(async () => {
    await t.close();
    for (const receiver of receivers) await receiver.close();
  });

  const post = async (path: string, body: unknown) => {
    const answer = await t.post(path, body);
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json();
  };
  /** A round of the push job and the tries it started. */
  const round = async () => {
    await t.pushes.run();
    await t.pushes.idle();
  };

  /** An account on a fixed clock pushing to `url` in `mode`, with `parcels` parcels stored (start_order each). */
  async function setUp(url: string, mode = 'immediate', parcels = 1) {
    const account = await t.addAccount();
    let auth: Auth = await t.authenticate(account.delisId);
    await post(REST_PATH.setClock, { authentication: auth, setClock: { fixedTime: TUESDAY } });
    auth = await t.authenticate(account.delisId);
    await post(REST_PATH.setPushUrl, { authentication: auth, setPushUrl: { url } });
    assert.deepEqual((await post(REST_PATH.setPushMode, { authentication: auth, setPushMode: { mode } })).setPushModeResponse, {
      url,
      mode,
    });
    const numbers: string[] = [];
    for (let i = 0; i < parcels; i++) {
      const stored = await post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() });
      numbers.push(stored.orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber);
    }
    const clock = async (advanceBy: string) => {
      await post(REST_PATH.setClock, { authentication: auth, setClock: { advanceBy } });
      auth = await t.authenticate(account.delisId);
    };
    const pushes = async () =>
      (await post(REST_PATH.findPushes, { authentication: auth, findPushes: { limit: 100 } })).findPushesResponse.push;
    const advance = async (number: string, to: string) =>
      post(REST_PATH.advanceParcel, { authentication: auth, advanceParcel: { parcelLabelNumber: number, to } });
    return { numbers, clock, pushes, advance };
  }

  const failing: Array<[string, ReceiverBehaviour | 'refused', RegExp]> = [
    ['answers HTTP 500', 'status500', /^down for maintenance$/],
    ['echoes another pushid', 'otherPushid', /^<push><pushid>\d+<\/pushid><status>OK<\/status><\/push>$/],
    ['does not answer', 'silent', /^no answer within 1 s$/],
    ['refuses connections', 'refused', /^the connection was refused$/],
  ];
  for (const [name, behaviour, why] of failing) {
    it(`a receiver that ${name} gets the same push an hour of the account's clock later, and it is given up after 48 hours`, async () => {
      const receiver = behaviour === 'refused' ? undefined : await startPushReceiver(behaviour);
      if (receiver !== undefined) receivers.push(receiver);
      const url = receiver?.url ?? (await refusingUrl());
      const { clock, pushes } = await setUp(url);
      await round();
      let [push] = await pushes();
      assert.equal(push.status, 'start_order');
      assert.equal(push.state, 'waiting');
      assert.equal(push.nextTryAt, '2027-01-05T11:00:00.000000Z');
      assert.equal(push.attempt.length, 1);
      assert.match(push.attempt[0].answer, why);
      // Not before its hour.
      await clock('PT59M');
      await round();
      assert.equal((await pushes())[0].attempt.length, 1);
      await clock('PT1M');
      await round();
      [push] = await pushes();
      assert.equal(push.attempt.length, 2);
      assert.equal(push.attempt[1].at, '2027-01-05T11:00:00.000000Z');
      if (receiver !== undefined) {
        const ids = receiver.received.map((r) => r.get('pushid'));
        assert.deepEqual(ids, [String(push.pushid), String(push.pushid)]);
      }
      // 48 hours after the event: the last try, then given up (and kept).
      await clock('PT47H');
      await round();
      [push] = await pushes();
      assert.equal(push.state, 'given_up');
      assert.match(push.reason, /^given up 48 hours after the event: /);
      assert.equal(push.attempt.length, 3);
      await clock('PT5H');
      await round();
      assert.equal((await pushes())[0].attempt.length, 3);
    });
  }

  it('sends a given-up push again on request, with its pushid', async () => {
    const receiver = await startPushReceiver('status500');
    receivers.push(receiver);
    const { clock, pushes } = await setUp(receiver.url);
    await round();
    await clock('P3D');
    await round();
    const [push] = await pushes();
    assert.equal(push.state, 'given_up');
    receiver.behaviour = 'acknowledge';
    const resent = await t.deps.pushes.resend({ pushid: String(push.pushid) }, async () => new Date('2027-01-08T10:00:00Z'));
    assert.equal(resent, 1);
    await round();
    assert.equal((await pushes())[0].state, 'delivered');
    assert.equal(receiver.received.at(-1)?.get('pushid'), String(push.pushid));
  });

  it('batched: gathered and sent at the quarter hour of the account’s clock', async () => {
    const receiver = await startPushReceiver();
    receivers.push(receiver);
    const { numbers, clock, advance } = await setUp(receiver.url, 'batched');
    await advance(numbers[0], 'Courier');
    await round();
    // Each event at its planned time, the account's clock moved on to the Courier's (07:34:34, issue 38):
    // the quarter hours after the earlier ones have passed, the Courier's (07:45) has not.
    assert.deepEqual(
      receiver.received.map((r) => r.get('status')),
      ['start_order', 'pickup_driver', 'pickup_depot', 'pickup_depot', 'delivery_depot'],
    );
    await clock('PT10M');
    await round();
    assert.equal(receiver.received.length, 5);
    await clock('PT1M');
    await round();
    assert.deepEqual(
      receiver.received.map((r) => r.get('status')),
      ['start_order', 'pickup_driver', 'pickup_depot', 'pickup_depot', 'delivery_depot', 'delivery_carload'],
    );
  });

  it('shuffled: a batch arrives out of order', async () => {
    const receiver = await startPushReceiver();
    receivers.push(receiver);
    const { numbers, clock, advance } = await setUp(receiver.url, 'shuffled', 3);
    for (const number of numbers) await advance(number, 'Delivered');
    await clock('PT15M');
    await round();
    const codes = [
      'start_order',
      'pickup_driver',
      'pickup_depot',
      'pickup_depot',
      'delivery_depot',
      'delivery_carload',
      'delivery_customer',
    ];
    const orders = numbers.map((number) => receiver.received.filter((r) => r.get('pnr') === number).map((r) => r.get('status')));
    for (const order of orders) assert.deepEqual([...order].sort(), [...codes].sort());
    // Each event at its planned time (issue 38): a quarter hour's batch holds the same event of the three
    // parcels. Eight batches each in the parcels' order by chance: once in 6⁸.
    const batches = [...new Set(codes)].map((code) => receiver.received.filter((r) => r.get('status') === code).map((r) => r.get('pnr')));
    assert.ok(
      batches.some((batch) => batch.join() !== [...numbers, ...numbers].slice(0, batch.length).join()),
      JSON.stringify(batches),
    );
  });

  it('duplicated: every push sent twice, with the same pushid', async () => {
    const receiver = await startPushReceiver();
    receivers.push(receiver);
    const { numbers, advance, pushes } = await setUp(receiver.url, 'duplicated');
    await advance(numbers[0], 'PickedUp');
    await round();
    const ids = receiver.received.map((r) => r.get('pushid'));
    assert.equal(ids.length, 4);
    const counts = new Map<string | undefined, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    assert.deepEqual([...counts.values()], [2, 2]);
    for (const push of await pushes()) assert.deepEqual([push.state, push.attempt.length], ['delivered', 2]);
  });
});
