// A large document served from one Buffer per origin: the same bytes for every request of an origin,
// the document as written for it, and no more than MAX_CACHED_ORIGINS origins kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_CACHED_ORIGINS, ORIGIN_MARK, originDocument } from '../../src/bindings/http/origin-document.ts';

const TEXT = `{"servers":[{"url":"${ORIGIN_MARK}/rest"}],"big":"${'x'.repeat(1000)}"}`;

describe('originDocument', () => {
  it("answers each origin's document, the same Buffer every time", () => {
    const write = originDocument(TEXT, 'the test document');
    const first = write('http://localhost:8080');
    assert.equal(first.toString('utf8'), TEXT.replace(ORIGIN_MARK, 'http://localhost:8080'));
    assert.equal(write('http://localhost:8080'), first);
    assert.equal(write('http://[::1]:9000').toString('utf8'), TEXT.replace(ORIGIN_MARK, 'http://[::1]:9000'));
  });

  it(`keeps the ${MAX_CACHED_ORIGINS} origins used last, dropping the least recently used`, () => {
    const write = originDocument(TEXT, 'the test document');
    const one = write('http://localhost:1');
    const two = write('http://localhost:2');
    for (let port = 3; port <= MAX_CACHED_ORIGINS; port++) write(`http://localhost:${port}`);
    // Used again: now the latest, so the next new origin drops port 2, the least recently used.
    assert.equal(write('http://localhost:1'), one);
    write(`http://localhost:${MAX_CACHED_ORIGINS + 1}`);
    assert.equal(write('http://localhost:1'), one, 'kept: used lately');
    const again = write('http://localhost:2');
    assert.notEqual(again, two, 'dropped, so written anew');
    assert.deepEqual(again, two);
  });

  it('refuses a document that does not name its origin exactly once', () => {
    assert.throws(() => originDocument('{}', 'the test document'), /the test document must name its origin once, not 0 times/);
    assert.throws(() => originDocument(`${ORIGIN_MARK}${ORIGIN_MARK}`, 'the test document'), /not 2 times/);
  });
});
