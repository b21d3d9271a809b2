// Answers written at the end of the event-loop turn that read their requests, back to back with the
// turn's other answers, so a waiting client is woken once per turn, not once per answer. An answer
// that took longer than its turn (a group commit, a label thread, a PostgreSQL query) is written at
// once. An answer waits at most for the other requests its turn read (why: docs/performance.md,
// "Why the code is shaped as it is").
import type { FastifyReply } from 'fastify';

interface PendingAnswer {
  readonly reply: FastifyReply;
  readonly send: () => void;
}

let turn = 0;
let marking = false;
let requestsThisTurn = false;
let pending: PendingAnswer[] = [];
let writeScheduled = false;

/**
 * Marks the end of a turn (the check phase runs after the poll phase that read the turn's requests).
 * While requests keep coming the next mark is set at once, so in every check phase it runs before any
 * callback set up later — a group commit's, for one — and an answer settled in such a callback counts
 * as late and is written at once, not held for another turn. A turn without requests ends the chain.
 */
function endTurn(): void {
  turn += 1;
  if (requestsThisTurn) {
    requestsThisTurn = false;
    setImmediate(endTurn);
  } else {
    marking = false;
  }
}

/** A token for the turn running now, taken when a request is read. */
export function currentTurn(): number {
  requestsThisTurn = true;
  if (!marking) {
    marking = true;
    setImmediate(endTurn);
  }
  return turn;
}

function write({ reply, send }: PendingAnswer): void {
  try {
    send();
  } catch (error) {
    // One failed write must not keep other answers back; its client is not left waiting either.
    reply.log.error({ err: error }, 'writing the answer failed');
    if (!reply.sent) reply.raw.destroy(error instanceof Error ? error : undefined);
  }
}

function writeAnswers(): void {
  writeScheduled = false;
  const answers = pending;
  pending = [];
  for (const answer of answers) write(answer);
}

/**
 * Runs `send` (which writes `reply`'s answer) at the end of the turn, with the turn's other answers,
 * if the request was read in this turn (`readInTurn`, from `currentTurn()`); otherwise at once.
 * Returns `reply`, which an async Fastify handler returns to say it answers by itself.
 */
export function answerAtTurnEnd(reply: FastifyReply, send: () => void, readInTurn: number): FastifyReply {
  if (readInTurn !== turn) {
    write({ reply, send });
    return reply;
  }
  pending.push({ reply, send });
  if (!writeScheduled) {
    writeScheduled = true;
    setImmediate(writeAnswers);
  }
  return reply;
}
