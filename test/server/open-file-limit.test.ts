// The open-file limit the connection cap is kept under (server/open-file-limit.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readOpenFileLimit } from '../../src/server/connections/open-file-limit.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('readOpenFileLimit', () => {
  it('reads the soft limit from /proc/self/limits', () =>
    assert.equal(
      readOpenFileLimit(() => LIMITS),
      1024,
    ));
  it('says nothing where the limit is unlimited', () =>
    assert.equal(
      readOpenFileLimit(() => LIMITS.replace('1024                ', 'unlimited           ')),
      undefined,
    ));
  it('says nothing where the system has no such file', () =>
    assert.equal(
      readOpenFileLimit(() => {
        throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      }),
      undefined,
    ));
  it("reads this process's limit on Linux", () => {
    assert.ok(process.platform !== 'linux' || Number.isInteger(readOpenFileLimit()));
  });
});
