// When answers are written (bindings/http/answer-batch.ts): those ready in the turn that read their request
// at the end of that turn, together and in order; later ones at once; a failing write alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { answerAtTurnEnd, currentTurn } from '../../src/bindings/http/answer-batch.ts';

/** A reply that records what happens to it. */
function recordingReply(name: string, events: string[]) {
  const reply = {
    sent: false,
    log: { error: () => events.push(`${name} logged`) },
    raw: { destroy: () => events.push(`${name} destroyed`) },
  };
  return reply as unknown as FastifyReply;
}

const immediatesPending = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Immediate').length;

describe('answers at the end of the turn', () => {
  it('holds the answers of requests read in this turn until its end, then writes them in order', async () => {
    const events: string[] = [];
    const first = currentTurn();
    const second = currentTurn();
    assert.equal(first, second, 'one turn');
    answerAtTurnEnd(recordingReply('a', events), () => events.push('a written'), first);
    await Promise.resolve();
    answerAtTurnEnd(recordingReply('b', events), () => events.push('b written'), second);
    assert.deepEqual(events, [], 'nothing is written within the turn');
    await nextTurn();
    assert.deepEqual(events, ['a written', 'b written']);
  });

  it('writes at once an answer whose request was read in an earlier turn', async () => {
    const events: string[] = [];
    const turn = currentTurn();
    await nextTurn();
    const reply = recordingReply('late', events);
    assert.equal(
      answerAtTurnEnd(reply, () => events.push('late written'), turn),
      reply,
    );
    assert.deepEqual(events, ['late written']);
  });

  it("counts as late an answer settled by a callback set up before a request of the turn was read (a group commit's)", async () => {
    const events: string[] = [];
    currentTurn();
    // A group commit schedules its commit for the next turn's end; a request read after that is in
    // the group, and its answer is settled by the commit, which must not hold it for yet another turn.
    const committed = new Promise<void>((resolve) =>
      setImmediate(() => {
        let straggler = 0;
        setImmediate(() => {
          answerAtTurnEnd(recordingReply('straggler', events), () => events.push('straggler written'), straggler);
          events.push('commit done');
          resolve();
        });
        straggler = currentTurn();
      }),
    );
    await committed;
    assert.deepEqual(events, ['straggler written', 'commit done']);
  });

  it("writes the others when one write throws, and closes the failed one's connection", async () => {
    const events: string[] = [];
    const turn = currentTurn();
    answerAtTurnEnd(
      recordingReply('a', events),
      () => {
        throw new Error('cannot serialise');
      },
      turn,
    );
    answerAtTurnEnd(recordingReply('b', events), () => events.push('b written'), turn);
    await nextTurn();
    assert.deepEqual(events, ['a logged', 'a destroyed', 'b written']);
  });

  it('stops marking turns once a turn reads no request, so an idle process waits for input', async () => {
    currentTurn();
    for (let i = 0; i < 3; i++) await nextTurn();
    assert.equal(immediatesPending(), 0);
  });
});
