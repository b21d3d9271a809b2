// A real SMTP relay for tests (the smtp-server package) on loopback: it keeps every message it accepted
// with its envelope and its MIME parts read back, can refuse the next messages with an SMTP code, and
// tells a test when a number of messages has arrived (tests wait on that, never on time).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One message as the relay accepted it. */
export interface RelayedMessage {
  readonly from: string;
  readonly to: readonly string[];
  readonly headers: ReadonlyMap<string, string>;
  /** The text/plain part, decoded. */
  readonly text?: string;
  /** The text/html part, decoded. */
  readonly html?: string;
  readonly raw: string;
}

export interface SmtpRelay {
  readonly port: number;
  readonly url: string;
  /** Accepted messages, in order. */
  readonly messages: readonly RelayedMessage[];
  /** Refuses the next `count` messages' data with `code` (e.g. 451, a temporary failure). */
  refuseNext(count: number, code: number): void;
  /**
   * Holds the data of the message that arrives after `accepted` messages have been accepted in all: no
   * answer to it, as a relay still writing it to disk; resolves when that message is being held. A
   * message held is never accepted (its client cannot have been told so).
   */
  holdAfter(accepted: number): Promise<void>;
  /** Ends holding: the message held (if its connection is still there) is refused; later ones are accepted. */
  release(): void;
  /** Resolves once `count` messages have been accepted in all. */
  received(count: number): Promise<readonly RelayedMessage[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .split(/(=[0-9A-F]{2})/)
    .flatMap((piece) => (/^=[0-9A-F]{2}$/.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, 'utf8')]));
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Headers (unfolded, names lower case) and body of one MIME entity. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const end = entity.indexOf('\r\n\r\n');
  const head = end < 0 ? entity : entity.slice(0, end);
  const body = end < 0 ? '' : entity.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text/plain and text/html parts of a message (single part, or multipart/alternative). */
export function readMime(raw: string): Pick<RelayedMessage, 'headers' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw);
  const parts: Array<{ type: string; text: string }> = [];
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) parts.push({ type: contentType, text: decodeBody(body, headers.get('content-transfer-encoding')) });
  else {
    for (const piece of body.split(`--${boundary}`).slice(1)) {
      if (piece.startsWith('--')) break;
      const part = splitEntity(piece.replace(/^\r\n/, ''));
      parts.push({
        type: part.headers.get('content-type') ?? 'text/plain',
        text: decodeBody(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding')),
      });
    }
  }
  const text = parts.find((part) => part.type.startsWith('text/plain'))?.text;
  const html = parts.find((part) => part.type.startsWith('text/html'))?.text;
  return {
    headers,
    ...(text === undefined ? {} : { text: text.replace(/\r\n/g, '\n') }),
    ...(html === undefined ? {} : { html: html.replace(/\r\n/g, '\n') }),
  };
}

/** Starts a relay on 127.0.0.1 (any free port); `options` may add TLS or authentication. */
export async function startSmtpRelay(options: Partial<SMTPServerOptions> = {}): Promise<SmtpRelay> {
  const messages: RelayedMessage[] = [];
  const waiting: Array<{ count: number; resolve: (messages: readonly RelayedMessage[]) => void }> = [];
  let refusals: { count: number; code: number } = { count: 0, code: 0 };
  let hold: { after: number; reached: () => void; held?: (error: Error) => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals = { count: refusals.count - 1, code: refusals.code };
          const error = Object.assign(new Error('Try again later'), { responseCode: refusals.code });
          callback(error);
          return;
        }
        if (hold !== undefined && messages.length >= hold.after) {
          hold.held = callback;
          hold.reached();
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...readMime(raw),
        });
        callback();
        for (const wait of waiting.filter((w) => messages.length >= w.count)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve([...messages]);
        }
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    holdAfter(accepted) {
      return new Promise((reached) => {
        hold = { after: accepted, reached };
      });
    },
    release() {
      const held = hold?.held;
      hold = undefined;
      held?.(Object.assign(new Error('Not accepted'), { responseCode: 451 }));
    },
    received(count) {
      if (messages.length >= count) return Promise.resolve([...messages]);
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
