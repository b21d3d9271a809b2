// The address rules of pushes: only http and https with a host; private, loopback and link-local
// addresses refused unless listed in PUSH_ALLOWED_NETWORKS, or (loopback) while the service listens on
// loopback only; a name is checked by the addresses it resolves to, and the transport checks the
// address it connects to, so a name resolving to loopback reaches nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPushAddressPolicy, isLoopbackHost, parseNetworks } from '../../src/server/transports/push-address-policy.ts';
import { createPushTransport } from '../../src/server/transports/push-transport.ts';
import { refusingUrl, startPushReceiver, type PushReceiver } from '../support/push-receiver.ts';

describe('push address rules', () => {
  const closed = createPushAddressPolicy({ loopbackAllowed: false, resolve: async () => ['203.0.113.7'] });
  it('refuses other schemes and URLs without a host', async () => {
    assert.deepEqual(await closed.check('ftp://shop.example/push'), { reason: 'scheme', detail: 'ftp:' });
    assert.equal((await closed.check('http://'))?.reason, 'host');
    assert.equal((await closed.check('not a url'))?.reason, 'host');
  });
  it('refuses private, loopback and link-local addresses, and accepts public ones', async () => {
    for (const address of [
      '10.1.2.3',
      '192.168.1.1',
      '172.20.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '[::1]',
      '[fe80::1]',
      '[fd00::1]',
      '[::ffff:10.0.0.1]',
      '0.0.0.0',
    ]) {
      assert.equal((await closed.check(`http://${address}/push`))?.reason, 'address', address);
    }
    assert.equal(await closed.check('https://203.0.113.7/push'), undefined);
    assert.equal(await closed.check('https://shop.example/push'), undefined);
  });
  it('accepts an address of PUSH_ALLOWED_NETWORKS', async () => {
    const policy = createPushAddressPolicy({ loopbackAllowed: false, allowedNetworks: parseNetworks('10.20.0.0/16, fd12::/16') });
    assert.equal(await policy.check('http://10.20.3.4/push'), undefined);
    assert.equal(await policy.check('http://[fd12::5]/push'), undefined);
    assert.equal((await policy.check('http://10.21.3.4/push'))?.reason, 'address');
    assert.throws(() => parseNetworks('10.0.0.0/33'), /PUSH_ALLOWED_NETWORKS/);
    assert.throws(() => parseNetworks('example.com'), /PUSH_ALLOWED_NETWORKS/);
  });
  it('accepts loopback (only) while the service listens on loopback only', async () => {
    assert.ok(isLoopbackHost('127.0.0.1') && isLoopbackHost('::1') && isLoopbackHost('localhost'));
    assert.ok(!isLoopbackHost('0.0.0.0') && !isLoopbackHost('192.168.1.5'));
    const local = createPushAddressPolicy({ loopbackAllowed: true });
    assert.equal(await local.check('http://127.0.0.1:9000/push'), undefined);
    assert.equal((await local.check('http://192.168.1.1/push'))?.reason, 'address');
  });
  it('refuses a name that resolves to loopback', async () => {
    const policy = createPushAddressPolicy({ loopbackAllowed: false, resolve: async () => ['127.0.0.1'] });
    assert.deepEqual(await policy.check('http://rebind.example/push'), {
      reason: 'address',
      detail: 'rebind.example resolves to 127.0.0.1',
    });
  });
});

describe('push transport', () => {
  let receiver: PushReceiver;
  before(async () => {
    receiver = await startPushReceiver();
  });
  after(() => receiver.close());

  it('connects to an allowed address and reads the answer', async () => {
    const transport = createPushTransport({ policy: createPushAddressPolicy({ loopbackAllowed: true }), timeoutMs: 5000 });
    const answer = await transport.get(`${receiver.url}&pushid=5`);
    transport.close();
    assert.equal(answer.httpStatus, 200);
    assert.match(answer.body, /<pushid>5<\/pushid>/);
    assert.equal(receiver.received.at(-1)?.get('token'), 's3cret');
  });
  it('refuses at connection a name that resolves to loopback (the address connected to is the one checked)', async () => {
    const transport = createPushTransport({ policy: createPushAddressPolicy({ loopbackAllowed: false }), timeoutMs: 5000 });
    const before = receiver.received.length;
    const named = await transport.get(receiver.url.replace('127.0.0.1', 'localhost'));
    const literal = await transport.get(receiver.url);
    transport.close();
    assert.equal(named.httpStatus, undefined);
    assert.match(named.body, /the address (127\.0\.0\.1|::1) is not allowed for pushes/);
    assert.match(literal.body, /the address 127\.0\.0\.1 is not allowed for pushes/);
    assert.equal(receiver.received.length, before);
  });
  it('reports a refused connection, and no answer within the timeout', async () => {
    const transport = createPushTransport({ policy: createPushAddressPolicy({ loopbackAllowed: true }), timeoutMs: 300 });
    assert.equal((await transport.get(await refusingUrl())).body, 'the connection was refused');
    receiver.behaviour = 'silent';
    const silent = await transport.get(receiver.url);
    receiver.behaviour = 'acknowledge';
    transport.close();
    assert.equal(silent.httpStatus, undefined);
    assert.equal(silent.body, 'no answer within 0.3 s');
  });
});
