// Which addresses the service may push to (README "Tracking push", address rules): an account's URL
// must not turn the service into a way to reach addresses its operator did not allow. Private,
// loopback and link-local addresses are refused, unless listed in PUSH_ALLOWED_NETWORKS, or (loopback)
// while the service itself listens on loopback only — the one-command local start, where the shop's
// receiver runs on the same machine. The address checked is the one connected to (push-transport.ts).
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Why an address or URL is refused; undefined when it may be pushed to. */
export type AddressRefusal = { readonly reason: 'scheme' | 'host' | 'address'; readonly detail: string };

export interface PushAddressPolicy {
  /** Whether the service may connect to `address` (an IP address). */
  allows(address: string): boolean;
  /** A URL checked as far as it can be before a push: scheme, host, and the addresses its host has now. */
  check(url: string): Promise<AddressRefusal | undefined>;
}

const FAMILY = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Addresses no push goes to unless allowed: private, shared, loopback, link-local, unspecified, multicast, reserved. */
function closedNetworks(): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
}

function loopbackNetworks(): BlockList {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  return list;
}

/** `a.b.c.d/n` or `x::/n` entries of PUSH_ALLOWED_NETWORKS (a bare address is its own /32 or /128). */
export function parseNetworks(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split('/');
    const version = isIP(address);
    const max = version === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (version === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      throw new Error(`PUSH_ALLOWED_NETWORKS: ${entry} is not an address or network (a.b.c.d/n, x::/n)`);
    }
    list.addSubnet(address, prefix, version === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is checked as the IPv4 one. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped === null ? address : mapped[1];
}

/** Whether `host` (a HOST setting) listens on loopback only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || (isIP(bare) !== 0 && loopbackNetworks().check(unmapped(bare), FAMILY(unmapped(bare))));
}

export function createPushAddressPolicy(options: {
  /** The service listens on loopback only: loopback receivers are allowed. */
  readonly loopbackAllowed: boolean;
  /** PUSH_ALLOWED_NETWORKS. */
  readonly allowedNetworks?: BlockList;
  /** The name resolver (tests give their own). */
  readonly resolve?: (host: string) => Promise<string[]>;
}): PushAddressPolicy {
  const closed = closedNetworks();
  const loopback = loopbackNetworks();
  const resolve =
    options.resolve ?? (async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address));
  const allows = (raw: string) => {
    const address = unmapped(raw);
    const family = FAMILY(address);
    if (isIP(address) === 0) return false;
    if (options.allowedNetworks?.check(address, family) === true) return true;
    if (options.loopbackAllowed && loopback.check(address, family)) return true;
    return !closed.check(address, family);
  };
  return {
    allows,
    async check(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { reason: 'host', detail: 'not a URL' };
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { reason: 'scheme', detail: parsed.protocol };
      const host = parsed.hostname.replace(/^\[|\]$/g, '');
      if (host === '') return { reason: 'host', detail: 'no host' };
      if (isIP(host) !== 0) return allows(host) ? undefined : { reason: 'address', detail: host };
      let addresses: string[];
      try {
        addresses = await resolve(host);
      } catch {
        // A name that does not resolve now may later: each push checks the address it connects to.
        return undefined;
      }
      const refused = addresses.find((address) => !allows(address));
      return refused === undefined ? undefined : { reason: 'address', detail: `${host} resolves to ${refused}` };
    },
  };
}
