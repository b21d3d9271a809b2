// Abuse 5: SIGTERM under load answers every request and loses nothing. Clients on kept-alive
// connections (REST and SOAP storeOrders, REST validateOrders) send one request after another; on
// SIGTERM every request sent is answered — 200, or 503 ERR_SHUTTING_DOWN in its binding's shape, with
// Connection: close — none is reset, the process exits 0, and the parcels stored are exactly those
// acknowledged.
import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../../src/store/open-database.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { soapRequest } from '../support/soap-request.ts';
import { authenticate, removeBundle, send, startAbuseServer, STORE, VALIDATE, type Answer } from '../support/abuse.ts';

const ZPL = { ...minimumRequest(), printOptions: { printerLanguage: 'ZPL', paperFormat: 'A6' } };
/** Per client: at most this many requests, and no longer than this. */
const MAX_REQUESTS = 5000;
const MAX_MS = 30_000;

type Kind = 'rest-store' | 'rest-validate' | 'soap-store';

describe('SIGTERM under load', { timeout: 120_000 }, () => {
  after(removeBundle);

  for (let round = 1; round <= 3; round++)
    it(`answers every request 200 or 503, exits 0, and stores exactly the acknowledged parcels (round ${round})`, async (t) => {
      const server = await startAbuseServer();
      try {
        const authentication = await authenticate(server);
        const bodies: Record<Kind, { path: string; body: string; contentType: string }> = {
          'rest-store': { path: STORE, body: JSON.stringify({ authentication, storeOrders: ZPL }), contentType: 'application/json' },
          'rest-validate': {
            path: VALIDATE,
            body: JSON.stringify({ authentication, validateOrders: minimumRequest() }),
            contentType: 'application/json',
          },
          'soap-store': {
            path: '/soap/services/ShipmentService/V3_5',
            body: soapRequest('storeOrders', ZPL, { authentication }),
            contentType: 'text/xml; charset=utf-8',
          },
        };
        // Busy clients (a moment between requests, as real clients take), and unhurried ones, whose
        // connections the shutdown finds idle and whose next request it must answer 503, not reset.
        const clients: ReadonlyArray<{ kind: Kind; pauseMs: number }> = [
          ...(['rest-store', 'rest-store', 'rest-store', 'rest-validate', 'soap-store', 'soap-store'] as const).map((kind) => ({
            kind,
            pauseMs: 10,
          })),
          ...(['rest-store', 'rest-validate', 'soap-store'] as const).map((kind) => ({ kind, pauseMs: 300 })),
        ];
        const acknowledged: string[] = [];
        const outcomes = { ok: 0, unavailable: 0, other: [] as string[], failed: [] as string[], sent: 0 };
        const started = performance.now();
        const client = async ({ kind, pauseMs }: { kind: Kind; pauseMs: number }) => {
          const agent = new Agent({ keepAlive: true, maxSockets: 1 });
          const { path, body, contentType } = bodies[kind];
          try {
            for (let i = 0; i < MAX_REQUESTS && performance.now() - started < MAX_MS; i++) {
              outcomes.sent += 1;
              let answer: Answer;
              try {
                answer = await send(server, path, body, { agent, contentType, timeoutMs: 20_000 });
              } catch (error) {
                outcomes.failed.push(`${kind}: ${(error as Error).message}`);
                return;
              }
              if (answer.status === 200) {
                outcomes.ok += 1;
                if (kind === 'rest-store')
                  acknowledged.push(JSON.parse(answer.text).orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber);
                if (kind === 'soap-store') acknowledged.push(/<parcelLabelNumber>(\d{14})<\/parcelLabelNumber>/.exec(answer.text)![1]);
              } else if (answer.status === 503) {
                outcomes.unavailable += 1;
                const shaped =
                  kind === 'soap-store'
                    ? /<faultCode[^>]*>ERR_SHUTTING_DOWN</.test(answer.text)
                    : JSON.parse(answer.text).status.code === 'ERR_SHUTTING_DOWN';
                if (!shaped) outcomes.other.push(`${kind}: 503 ${answer.text.slice(0, 200)}`);
              } else {
                outcomes.other.push(`${kind}: ${answer.status} ${answer.text.slice(0, 200)}`);
              }
              // The server said this connection ends (during the shutdown): a client goes elsewhere.
              if (answer.headers.connection === 'close') return;
              await new Promise((resolve) => setTimeout(resolve, Math.random() * pauseMs));
            }
          } finally {
            agent.destroy();
          }
        };
        const load = clients.map(client);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const stopping = server.stop();
        await Promise.all(load);
        const { code, ms } = await stopping;
        t.diagnostic(
          `${outcomes.sent} requests: ${outcomes.ok} answered 200, ${outcomes.unavailable} answered 503; ${acknowledged.length} parcels acknowledged; exit ${code} after ${Math.round(ms)} ms`,
        );
        assert.deepEqual(outcomes.failed, [], 'requests reset or unanswered');
        assert.deepEqual(outcomes.other, [], 'answers other than 200 or 503 ERR_SHUTTING_DOWN');
        assert.equal(outcomes.ok + outcomes.unavailable, outcomes.sent);
        assert.ok(outcomes.unavailable > 0, 'no request arrived during the shutdown: the test showed nothing');
        assert.ok(acknowledged.length > 0);
        assert.equal(code, 0);
        const { db } = openDatabase({ sqlitePath: join(server.dataDir, 'stage.sqlite') });
        try {
          const stored = (await db.selectFrom('parcels').select('parcel_label_number').execute()).map((row) => row.parcel_label_number);
          assert.deepEqual([...stored].sort(), [...acknowledged].sort(), 'stored and acknowledged parcels differ');
        } finally {
          await db.destroy();
        }
      } finally {
        await server.dispose();
      }
    });
});
