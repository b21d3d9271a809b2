// The stage log's bounds (server/stage-log-bounds.ts): each text cut to its most bytes, each account's
// texts of a day up to their most, the calls themselves always kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StageRequest } from '../../src/domain/ports/stage-log-ports.ts';
import { createStageLogBounds } from '../../src/server/stage-log/stage-log-bounds.ts';

const request = (body: string, delisId = 'KD1', at = '2026-11-22T10:00:00.000Z'): StageRequest => ({
  at: new Date(at),
  binding: 'rest',
  operation: 'storeOrders',
  delisId,
  body,
});

describe('stage log bounds', () => {
  it('keeps a text within the bound as it is, and cuts a longer one at the bound, on a whole character, saying so', () => {
    const bound = createStageLogBounds({ maxEntryBytes: 10, maxAccountBytesPerDay: 1000 });
    const short = request('0123456789');
    assert.equal(bound(short), short);
    assert.equal(bound(request('0123456789AB')).body, '0123456789\n[cut: the request was 12 bytes; the stage log keeps 10 of each]');
    // "é" is two bytes in UTF-8: the tenth byte would split it.
    assert.equal(bound(request('012345678é')).body, '012345678\n[cut: the request was 11 bytes; the stage log keeps 10 of each]');
  });

  it("keeps an account's texts of a day up to the bound, then only notes of them; another account and the next day start afresh", () => {
    const bound = createStageLogBounds({ maxEntryBytes: 100, maxAccountBytesPerDay: 250 });
    const bodies = (delisId: string, at?: string) => [1, 2, 3].map(() => bound(request('x'.repeat(100), delisId, at)).body);
    const [first, second, third] = bodies('KD1');
    assert.equal(first, 'x'.repeat(100));
    assert.equal(second, 'x'.repeat(100));
    assert.equal(third, "[not kept: this account's requests of 2026-11-22 reached the 250 bytes the stage log keeps per day]");
    assert.equal(bodies('KD2')[1], 'x'.repeat(100));
    assert.equal(bodies('KD1', '2026-11-23T00:00:00.000Z')[0], 'x'.repeat(100));
  });

  it('counts a cut text at the bytes kept, not the bytes sent', () => {
    const bound = createStageLogBounds({ maxEntryBytes: 100, maxAccountBytesPerDay: 250 });
    assert.match(bound(request('x'.repeat(5000))).body, /^x{100}\n\[cut/);
    assert.match(bound(request('x'.repeat(5000))).body, /^x{100}\n\[cut/);
    assert.match(bound(request('x'.repeat(50))).body, /^x{50}$/);
  });
});
