// One push as the carrier sends it (README "Tracking push"): an HTTP GET to the push address, no
// redirect followed, answered within 10 seconds, the answer's body read up to a small limit. The
// address connected to is checked against the address rules (push-address-policy.ts) in the agent's
// own `lookup`, so a name that resolves to an allowed address when the URL is set and to another when
// the push leaves (DNS rebinding) reaches nothing; an IP-literal host is checked before connecting.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { PUSH_REQUEST_HEADERS } from '../../contract/push-codes.ts';
import type { PushAnswer, PushTransport } from '../../domain/push/deliver-pushes.ts';
import type { PushAddressPolicy } from './push-address-policy.ts';

/** The answer's bytes kept: enough for the acknowledgement and a look at what else came. */
export const ANSWER_LIMIT = 1024;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

class RefusedAddress extends Error {
  readonly code = 'EPUSHADDRESS';
}

/** dns.lookup that answers only allowed addresses, and fails naming the first refused one when none is. */
function guardedLookup(policy: PushAddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, '');
      const list = addresses;
      const allowed = list.filter((entry) => policy.allows(entry.address));
      if (allowed.length === 0) {
        return callback(new RefusedAddress(`the address ${list[0]?.address ?? hostname} is not allowed for pushes`), '');
      }
      if (options.all === true) return callback(null, allowed);
      return callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

export function createPushTransport(options: {
  readonly policy: PushAddressPolicy;
  /** No answer within this: a failure (10 s). */
  readonly timeoutMs: number;
  /** Sockets kept per receiver. */
  readonly maxSockets?: number;
}): PushTransport & { close(): void } {
  const lookup = guardedLookup(options.policy);
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 4, lookup } as http.AgentOptions;
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };
  return {
    get(address: string): Promise<PushAnswer> {
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        return Promise.resolve({ body: 'the push URL is not a URL', durationMs: 0 });
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return Promise.resolve({ body: `the push URL's scheme ${url.protocol} is not http or https`, durationMs: 0 });
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && !options.policy.allows(host)) {
        return Promise.resolve({ body: `the address ${host} is not allowed for pushes`, durationMs: 0 });
      }
      return new Promise((resolve) => {
        let done = false;
        const finish = (answer: Omit<PushAnswer, 'durationMs'>) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve({ ...answer, durationMs: elapsed() });
        };
        const request = (url.protocol === 'https:' ? https : http).request(url, {
          method: 'GET',
          agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
          headers: { ...PUSH_REQUEST_HEADERS },
        });
        const timer = setTimeout(() => {
          finish({ body: `no answer within ${options.timeoutMs / 1000} s` });
          request.destroy();
        }, options.timeoutMs);
        request.on('error', (error: NodeJS.ErrnoException) => {
          const why =
            error instanceof RefusedAddress
              ? error.message
              : error.code === 'ECONNREFUSED'
                ? 'the connection was refused'
                : `the request failed: ${error.code ?? error.message}`;
          finish({ body: why });
        });
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const complete = () => finish({ httpStatus: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
          response.on('data', (chunk: Buffer) => {
            if (size >= ANSWER_LIMIT) return;
            chunks.push(chunk.subarray(0, ANSWER_LIMIT - size));
            size += Math.min(chunk.length, ANSWER_LIMIT - size);
            // Enough read: the rest is not waited for, and the connection is not reused.
            if (size >= ANSWER_LIMIT) {
              complete();
              response.destroy();
            }
          });
          response.on('end', complete);
          response.on('error', complete);
          response.on('aborted', complete);
        });
        request.end();
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
