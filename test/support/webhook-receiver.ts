// An HTTP receiver for the notification webhook on loopback, as an operator's SMS gateway would be: it
// keeps each request's headers and body, checks the signature header against a secret of its own, can
// answer the next requests with an error status, and tells a test when requests have arrived.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookCall {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
  /** The status it was answered with. */
  readonly status: number;
}

/**
 * Whether `header` (`t=<seconds>,v1=<hex>`) signs `body` under `secret`: the check the README tells a
 * receiver to make (HMAC-SHA256 of `<t>.<body>`, compared in constant time).
 */
export function isSignedBy(secret: string, header: string | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (match === null) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}

export interface WebhookReceiver {
  readonly url: string;
  readonly calls: readonly WebhookCall[];
  /** Answers the next `count` requests with `status`. */
  failNext(count: number, status: number): void;
  /** Resolves once `count` requests were answered 2xx in all. */
  accepted(count: number): Promise<readonly WebhookCall[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: WebhookCall[] = [];
  const waiting: Array<{ count: number; resolve: (calls: readonly WebhookCall[]) => void }> = [];
  let failures = { count: 0, status: 0 };
  const acceptedCalls = () => calls.filter((call) => call.status < 300);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let status = 204;
      if (failures.count > 0) {
        failures = { count: failures.count - 1, status: failures.status };
        status = failures.status;
      }
      calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status).end();
      const accepted = acceptedCalls();
      for (const wait of waiting.filter((w) => accepted.length >= w.count)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(accepted);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`,
    calls,
    failNext(count, status) {
      failures = { count, status };
    },
    accepted(count) {
      const accepted = acceptedCalls();
      if (accepted.length >= count) return Promise.resolve(accepted);
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => {});
    },
  };
}
