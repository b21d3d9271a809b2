// A large document written once and completed with each request's origin: the document as written for
// that origin, its bytes before and after the origin shared by every answer whatever the origin.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ORIGIN_MARK, originDocument, wholeDocument } from '../../src/bindings/http/origin-document.ts';

const TEXT = `{"servers":[{"url":"${ORIGIN_MARK}/rest"}],"big":"${'x'.repeat(1000)}"}`;

describe('originDocument', () => {
  it("answers each origin's document", () => {
    const write = originDocument(TEXT, 'the test document');
    for (const origin of ['http://localhost:8080', 'http://[::1]:9000', 'http://127.0.3.4:10001']) {
      const answer = write(origin);
      assert.equal(wholeDocument(answer).toString('utf8'), TEXT.replace(ORIGIN_MARK, origin));
      assert.equal(answer.byteLength, Buffer.byteLength(TEXT.replace(ORIGIN_MARK, origin)));
    }
  });

  it('shares the bytes around the origin between every answer, whatever its origin', () => {
    const write = originDocument(TEXT, 'the test document');
    const first = write('http://localhost:1');
    for (let port = 2; port <= 100; port++) {
      const answer = write(`http://127.0.0.${port}:${port}`);
      assert.equal(answer.parts[0], first.parts[0]);
      assert.equal(answer.parts[2], first.parts[2]);
      assert.ok(answer.parts[1].length < 40);
    }
  });

  it('refuses a document that does not name its origin exactly once', () => {
    assert.throws(() => originDocument('{}', 'the test document'), /the test document must name its origin once, not 0 times/);
    assert.throws(() => originDocument(`${ORIGIN_MARK}${ORIGIN_MARK}`, 'the test document'), /not 2 times/);
  });
});
