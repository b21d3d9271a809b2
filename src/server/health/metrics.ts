// Operator metrics in the Prometheus text format (prom-client), served on a port of their own
// (METRICS_PORT) so that they never share the API's address with integrators: every call by binding,
// operation and outcome (`ok` or its error code) with its duration, every HTTP answer by status, the
// process's own figures (CPU, memory, event-loop delay, garbage collection) and which environment and
// store the process serves.
import type { PushQueueStats } from '../../domain/ports/push-ports.ts';
import type { PushCounts } from '../../domain/push/deliver-pushes.ts';
import { operationList } from '../../contract/operation-table.ts';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CallMetrics, MeasuredCall } from '../../domain/ports/call-ports.ts';
import type { DeliveryCounts } from '../../domain/notifications/deliver-notifications.ts';
import type { OutboxStats } from '../../domain/ports/notification-ports.ts';

export interface Metrics extends CallMetrics {
  readonly registry: Registry;
  /** Counts one HTTP answer by its status code (every answer, also those no operation was found for). */
  countResponse(statusCode: number): void;
  /** Counts what a round of the notification sender did. */
  countNotifications(counts: DeliveryCounts): void;
  /** Reports the notification queue's size and age at each scrape. */
  watchOutbox(stats: () => Promise<OutboxStats>): void;
  /** Counts what the push sender did. */
  countPushes(counts: PushCounts): void;
  /** Reports the push queue's size and age at each scrape. */
  watchPushes(stats: () => Promise<PushQueueStats>): void;
  /** Serves `GET /metrics` on host:port (0 = any free port); resolves with the port. */
  listen(host: string, port: number): Promise<number>;
  close(): Promise<void>;
}

/** Seconds; a call of the service takes from well under a millisecond (validateOrders) to seconds (30 PDF labels). */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(labels: { readonly environment: string; readonly store: string }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parcel_' });
  new Gauge({
    name: 'parcel_service_info',
    help: 'The environment and store this process serves (always 1).',
    labelNames: ['environment', 'store'],
    registers: [registry],
  }).set({ environment: labels.environment, store: labels.store }, 1);
  const calls = new Counter({
    name: 'parcel_calls_total',
    help: 'Calls by binding, operation and outcome (ok, or the first error code).',
    labelNames: ['binding', 'operation', 'outcome'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'parcel_call_duration_seconds',
    help: "Time from a call's arrival to its answer, by binding and operation.",
    labelNames: ['binding', 'operation'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const responses = new Counter({
    name: 'parcel_http_responses_total',
    help: 'HTTP answers by status code.',
    labelNames: ['status'],
    registers: [registry],
  });

  const notificationOutcomes = new Counter({
    name: 'parcel_notifications_total',
    help: 'Receiver notifications handled by the sender (live), by outcome: sent, retried (an attempt failed, another follows), failed, unsent (no relay configured).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['sent', 'retried', 'failed', 'unsent']) notificationOutcomes.labels(outcome).inc(0);
  let outboxStats: (() => Promise<OutboxStats>) | undefined;
  const queueSeries = (name: string, help: string, read: (stats: OutboxStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        if (outboxStats !== undefined) this.set(read(await outboxStats()));
      },
    });
  queueSeries(
    'parcel_notifications_queued',
    'Receiver notifications waiting to be sent (queued or being sent).',
    (s) => s.queued + s.sending,
  );
  queueSeries(
    'parcel_notification_queue_age_seconds',
    'How long the oldest notification waiting to be sent has waited (0 when none waits).',
    (s) => (s.oldestWaitingAt === undefined ? 0 : Math.max(0, (Date.now() - s.oldestWaitingAt.getTime()) / 1000)),
  );

  // The Tracking Push Service (README "Tracking push").
  const pushOutcomes = new Counter({
    name: 'parcel_pushes_total',
    help: 'Pushes tried by this process, by outcome: delivered (acknowledged), failed (tried again in an hour), given_up (48 hours after the event).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['delivered', 'failed', 'given_up']) pushOutcomes.labels(outcome).inc(0);
  let pushStats: (() => Promise<PushQueueStats>) | undefined;
  new Gauge({
    name: 'parcel_pushes_queued',
    help: 'Pushes still to be sent (waiting for a try, or being sent).',
    registers: [registry],
    async collect() {
      if (pushStats !== undefined) this.set((await pushStats()).queued);
    },
  });
  new Gauge({
    name: 'parcel_push_queue_age_seconds',
    help: 'How long ago the oldest push still to be sent was made (0 when none is).',
    registers: [registry],
    async collect() {
      if (pushStats === undefined) return;
      const oldest = (await pushStats()).oldestQueuedAt;
      this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000));
    },
  });

  // Label sets are few and fixed; their children are looked up once, not hashed on every call.
  const callChildren = new Map<string, { inc(): void }>();
  const durationChildren = new Map<string, { observe(value: number): void }>();
  const responseChildren = new Map<number, { inc(): void }>();
  let server: Server | undefined;
  // Every declared operation's series exist from the start (zero calls), so that a dashboard or an
  // alert sees an operation before its first call.
  for (const operation of operationList) {
    for (const binding of ['rest', 'soap'] as const) {
      durationChildren.set(`${binding} ${operation.name}`, durations.labels(binding, operation.name));
    }
  }

  return {
    registry,
    observe(call: MeasuredCall) {
      const key = `${call.binding} ${call.operation}`;
      const outcomeKey = `${key} ${call.outcome}`;
      let count = callChildren.get(outcomeKey);
      if (count === undefined) {
        count = calls.labels(call.binding, call.operation, call.outcome);
        callChildren.set(outcomeKey, count);
      }
      count.inc();
      let duration = durationChildren.get(key);
      if (duration === undefined) {
        duration = durations.labels(call.binding, call.operation);
        durationChildren.set(key, duration);
      }
      duration.observe(call.seconds);
    },
    countNotifications(counts) {
      for (const outcome of ['sent', 'retried', 'failed', 'unsent'] as const) {
        if (counts[outcome] > 0) notificationOutcomes.labels(outcome).inc(counts[outcome]);
      }
    },
    watchOutbox(stats) {
      outboxStats = stats;
    },
    countPushes(counts) {
      if (counts.delivered > 0) pushOutcomes.labels('delivered').inc(counts.delivered);
      if (counts.failed > 0) pushOutcomes.labels('failed').inc(counts.failed);
      if (counts.givenUp > 0) pushOutcomes.labels('given_up').inc(counts.givenUp);
    },
    watchPushes(stats) {
      pushStats = stats;
    },
    countResponse(statusCode) {
      let count = responseChildren.get(statusCode);
      if (count === undefined) {
        count = responses.labels(String(statusCode));
        responseChildren.set(statusCode, count);
      }
      count.inc();
    },
    async listen(host, port) {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('GET /metrics\n');
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
        );
      });
      server.listen(port, host);
      await once(server, 'listening');
      const address = server.address();
      return typeof address === 'object' && address !== null ? address.port : port;
    },
    async close() {
      if (server === undefined) return;
      server.close();
      server.closeAllConnections();
      await once(server, 'close').catch(() => {});
      server = undefined;
    },
  };
}

/** The sink when METRICS_PORT is unset: nothing is counted. */
export const discardCallMetrics: CallMetrics = Object.freeze({ observe: () => {} });
