// Abuse 6: refusals answered before the body has all arrived are read by ordinary clients. A JSON body
// refused as too deep after its first bytes, and bodies over BODY_LIMIT (REST and SOAP), are answered
// with Connection: close, and the server reads and drops the rest of the body (up to 32 MiB or 10 s)
// before it closes: Node's fetch, Node's keep-alive http.Agent and a Python `requests` Session each read
// every refusal and then the answer to a next request on the same agent or session — 20 tries each, no
// error, no answer lost. Closing at once instead resets the connection under a client still sending.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { removeBundle, startAbuseServer, VALIDATE, type AbuseServer } from '../support/abuse.ts';

const TRIES = 20;
const MiB = 2 ** 20;
const PYTHON_CLIENT = new URL('clients/early-refusal.py', import.meta.url).pathname;
/** The next request on the same agent or session, after each refusal. */
const NEXT_PATH = '/health';

/** A refused request: where it goes, its body (`deep:N`: N bytes of nested arrays; `flat:N`: N bytes of `x`), and its answer. */
interface Case {
  readonly name: string;
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
  readonly status: number;
  readonly code: string;
}

const JSON_TYPE = 'application/json';
const SOAP = '/soap/services/ShipmentService/V3_5';
const CASES: readonly Case[] = [
  {
    name: 'REST, 1 MB of nested arrays',
    path: VALIDATE,
    contentType: JSON_TYPE,
    body: 'deep:1000000',
    status: 400,
    code: 'ERR_BODY_TOO_DEEP',
  },
  {
    name: 'REST, 5 MiB + 1 byte',
    path: VALIDATE,
    contentType: JSON_TYPE,
    body: `flat:${5 * MiB + 1}`,
    status: 413,
    code: 'ERR_BODY_TOO_LARGE',
  },
  { name: 'REST, 6 MiB', path: VALIDATE, contentType: JSON_TYPE, body: `flat:${6 * MiB}`, status: 413, code: 'ERR_BODY_TOO_LARGE' },
  { name: 'REST, 20 MiB', path: VALIDATE, contentType: JSON_TYPE, body: `flat:${20 * MiB}`, status: 413, code: 'ERR_BODY_TOO_LARGE' },
  {
    name: 'SOAP, 6 MiB',
    path: SOAP,
    contentType: 'text/xml; charset=utf-8',
    body: `flat:${6 * MiB}`,
    status: 500,
    code: 'ERR_BODY_TOO_LARGE',
  },
];

type Body = Uint8Array<ArrayBuffer>;

function bodyOf(spec: string): Body {
  const [kind, size] = spec.split(':');
  const bytes = Number(size);
  if (kind === 'flat') return new Uint8Array(bytes).fill('x'.charCodeAt(0));
  const half = Math.floor(bytes / 2);
  return new TextEncoder().encode('['.repeat(half) + ']'.repeat(bytes - half));
}

/** What a client saw over its tries: answers lost (refusal or next answer not read as expected) and errors by kind. */
interface Figures {
  readonly tries: number;
  lost: number;
  readonly errors: Record<string, number>;
}

function failed(figures: Figures, kind: string): void {
  figures.lost += 1;
  figures.errors[kind] = (figures.errors[kind] ?? 0) + 1;
}

/** An error's kind: its code, and its cause's (`TypeError: fetch failed` has the socket's error as its cause). */
function kindOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const own = code ?? (error instanceof Error ? error.message : String(error));
  return cause === undefined ? own : `${own} (${cause.code ?? cause.message ?? ''})`;
}

async function tryFetch(server: AbuseServer, refused: Case, body: Body): Promise<Figures> {
  const figures: Figures = { tries: TRIES, lost: 0, errors: {} };
  for (let i = 0; i < TRIES; i++) {
    try {
      const answer = await fetch(`${server.url}${refused.path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': refused.contentType },
        signal: AbortSignal.timeout(30_000),
      });
      const text = await answer.text();
      if (answer.status !== refused.status || !text.includes(refused.code)) failed(figures, `refusal answered ${answer.status}`);
    } catch (error) {
      failed(figures, kindOf(error));
    }
    try {
      const next = await fetch(`${server.url}${NEXT_PATH}`, { signal: AbortSignal.timeout(30_000) });
      await next.text();
      if (next.status !== 200) failed(figures, `next answered ${next.status}`);
    } catch (error) {
      failed(figures, `next: ${kindOf(error)}`);
    }
  }
  return figures;
}

/**
 * One request on `agent`, settled once the answer has all arrived and the request has closed: an error
 * the request raises after its answer (a late EPIPE while the body is still being written) counts too.
 */
function agentRequest(server: AbuseServer, agent: Agent, path: string, body?: Body, contentType?: string) {
  return new Promise<{ status?: number; text: string; errors: string[] }>((resolve) => {
    const seen = { status: undefined as number | undefined, text: '', errors: [] as string[] };
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent,
        headers: body === undefined ? {} : { 'content-type': contentType, 'content-length': body.length },
        timeout: 30_000,
      },
      (response) => {
        seen.status = response.statusCode;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (seen.text += chunk));
        response.on('error', (error) => seen.errors.push(kindOf(error)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', (error) => seen.errors.push(kindOf(error)));
    // After 'close', a request raises nothing more.
    request.on('close', () => setImmediate(() => resolve(seen)));
    request.end(body);
  });
}

async function tryAgent(server: AbuseServer, refused: Case, body: Body): Promise<Figures> {
  const figures: Figures = { tries: TRIES, lost: 0, errors: {} };
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < TRIES; i++) {
      const answer = await agentRequest(server, agent, refused.path, body, refused.contentType);
      for (const error of answer.errors) failed(figures, error);
      if (answer.errors.length === 0 && (answer.status !== refused.status || !answer.text.includes(refused.code))) {
        failed(figures, `refusal answered ${answer.status}`);
      }
      const next = await agentRequest(server, agent, NEXT_PATH);
      for (const error of next.errors) failed(figures, `next: ${error}`);
      if (next.errors.length === 0 && next.status !== 200) failed(figures, `next answered ${next.status}`);
    }
  } finally {
    agent.destroy();
  }
  return figures;
}

async function tryPython(server: AbuseServer, refused: Case): Promise<Figures> {
  const args = [PYTHON_CLIENT, server.url, refused.path, refused.contentType, refused.body, String(refused.status), refused.code];
  const { stdout } = await promisify(execFile)('/usr/bin/python3', [...args, String(TRIES), NEXT_PATH], { timeout: 600_000 });
  return JSON.parse(stdout) as Figures;
}

describe('early refusals read by ordinary clients', { timeout: 1_200_000 }, () => {
  let server: AbuseServer;
  before(async () => {
    server = await startAbuseServer();
  });
  after(async () => {
    await server.dispose();
    await removeBundle();
  });

  for (const refused of CASES) {
    describe(`${refused.name}: ${refused.status} ${refused.code}`, () => {
      const body = bodyOf(refused.body);
      const clients: ReadonlyArray<[string, () => Promise<Figures>]> = [
        ["Node's fetch", () => tryFetch(server, refused, body)],
        ["Node's keep-alive http.Agent", () => tryAgent(server, refused, body)],
        ['a Python requests Session', () => tryPython(server, refused)],
      ];
      for (const [client, attempt] of clients) {
        it(`${client}: every refusal and every next answer read, no error, over ${TRIES} tries`, async (t) => {
          const started = performance.now();
          const figures = await attempt();
          t.diagnostic(
            `${client}, ${refused.name}: ${figures.tries} tries, ${figures.lost} answers lost, errors ${JSON.stringify(figures.errors)} (${Math.round(
              performance.now() - started,
            )} ms)`,
          );
          assert.equal(figures.tries, TRIES);
          assert.deepEqual(figures.errors, {});
          assert.equal(figures.lost, 0);
        });
      }
    });
  }
});
