// A shop's push receiver on loopback, as a shop's webhook is: it keeps every GET's query parameters,
// answers with the acknowledgement of the pushid it got (or, as asked, HTTP 500, another pushid's
// acknowledgement, or no answer at all), and tells a test when pushes have arrived.
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The query's parameters in the order they came. */
  readonly parameters: ReadonlyArray<readonly [string, string]>;
  readonly get: (name: string) => string | undefined;
  readonly path: string;
  readonly method: string;
}

export type ReceiverBehaviour = 'acknowledge' | 'status500' | 'otherPushid' | 'silent';

export interface PushReceiver {
  /** The URL a push URL is set to (a token in its own query, as shops put one). */
  readonly url: string;
  readonly received: readonly ReceivedPush[];
  behaviour: ReceiverBehaviour;
  /** Resolves once `count` pushes have arrived in all. */
  arrived(count: number): Promise<readonly ReceivedPush[]>;
  /** Resolves once pushes with `count` different pushids have arrived. */
  arrivedDistinct(count: number): Promise<readonly ReceivedPush[]>;
  /**
   * From the push after the `count`th on, answers none (holds them unanswered, as a receiver stuck
   * mid-answer); resolves when the first is held.
   */
  holdAfter(count: number): Promise<void>;
  /** Ends the held requests unanswered and acknowledges again. */
  release(): void;
  close(): Promise<void>;
}

export async function startPushReceiver(behaviour: ReceiverBehaviour = 'acknowledge'): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const waiting: Array<{ count: number; distinct: boolean; resolve: (pushes: readonly ReceivedPush[]) => void }> = [];
  const silent: ServerResponse[] = [];
  let holdFrom: number | undefined;
  let held: (() => void) | undefined;
  const distinct = () => new Set(received.map((push) => push.get('pushid'))).size;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    const parameters = [...url.searchParams.entries()];
    received.push({ parameters, get: (name) => url.searchParams.get(name) ?? undefined, path: url.pathname, method: request.method ?? '' });
    const pushid = url.searchParams.get('pushid') ?? '';
    const holding = holdFrom !== undefined && received.length > holdFrom;
    if (holding) held?.();
    switch (holding ? 'silent' : receiver.behaviour) {
      case 'acknowledge':
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<push>\n  <pushid>${pushid}</pushid>\n  <status>OK</status>\n</push>\n`);
        break;
      case 'status500':
        response.writeHead(500, { 'content-type': 'text/plain' }).end('down for maintenance');
        break;
      case 'otherPushid':
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end(`<push><pushid>${Number(pushid) + 1}</pushid><status>OK</status></push>`);
        break;
      case 'silent':
        silent.push(response);
        break;
    }
    for (const wait of waiting.filter((w) => (w.distinct ? distinct() : received.length) >= w.count)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(received);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const receiver: PushReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/dpd/push?token=s3cret`,
    received,
    behaviour,
    arrived(count) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve) => waiting.push({ count, distinct: false, resolve }));
    },
    arrivedDistinct(count) {
      if (distinct() >= count) return Promise.resolve(received);
      return new Promise((resolve) => waiting.push({ count, distinct: true, resolve }));
    },
    holdAfter(count) {
      holdFrom = count;
      return new Promise((resolve) => {
        held = resolve;
      });
    },
    release() {
      holdFrom = undefined;
      held = undefined;
      for (const response of silent.splice(0)) response.destroy();
    },
    async close() {
      for (const response of silent) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => {});
    },
  };
  return receiver;
}

/** A loopback URL nothing listens on: its connections are refused. */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}/push`;
}
