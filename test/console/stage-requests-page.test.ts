// findStageRequests pages bounded in size (domain/console/find-stage-requests.ts): a page ends before
// the entry whose texts would pass MAX_STAGE_REQUESTS_PAGE_TEXT, with `more`, whatever `limit` says;
// it always holds at least one entry, so paging with `before` always moves on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_STAGE_REQUESTS_PAGE_TEXT } from '../../src/contract/console-service.ts';
import type { Session } from '../../src/domain/core/outcome.ts';
import type { Dependencies } from '../../src/domain/dependencies.ts';
import { findStageRequests } from '../../src/domain/console/find-stage-requests.ts';

/** Stage dependencies whose log holds `count` calls, each with a request and an answer of `textLength` characters each. */
function depsWithLog(count: number, textLength: number): Dependencies {
  const logged = Array.from({ length: count }, (_, index) => ({
    id: count - index,
    at: new Date(0),
    binding: 'rest' as const,
    operation: 'validateOrders',
    body: 'q'.repeat(textLength),
    answer: 'a'.repeat(textLength),
  }));
  return {
    settings: { environment: 'stage' },
    clock: { now: () => new Date(0) },
    stageLogReader: {
      findStageRequests: async (_delisId: string, query: { limit: number }) => ({
        requests: logged.slice(0, query.limit),
        more: logged.length > query.limit,
      }),
      refusedCalls: async (_delisId: string, day: string) => ({ day, count: 0, addresses: 0, moreAddresses: false, examples: [] }),
    },
  } as unknown as Dependencies;
}

const session = { account: { delisId: 'KDSTAGE01' } } as unknown as Session;

async function page(deps: Dependencies, limit: number) {
  const outcome = await findStageRequests(deps, session, { limit });
  assert.ok(outcome.ok);
  return outcome.value;
}

describe('findStageRequests page size', () => {
  const cases = [
    { name: '100 calls of 64 K texts: cut at the bound, more', count: 100, textLength: 32 * 1024, entries: 16, more: true },
    { name: 'small texts: limit alone decides', count: 100, textLength: 100, entries: 100, more: false },
    {
      name: 'one entry past the bound alone: still answered, more',
      count: 3,
      textLength: MAX_STAGE_REQUESTS_PAGE_TEXT,
      entries: 1,
      more: true,
    },
    { name: 'within both bounds: all of them, no more', count: 5, textLength: 1000, entries: 5, more: false },
  ];
  for (const { name, count, textLength, entries, more } of cases) {
    it(name, async () => {
      const answer = await page(depsWithLog(count, textLength), 100);
      assert.equal(answer.stageRequest.length, entries);
      assert.equal(answer.more, more);
      const text = answer.stageRequest.reduce((sum, entry) => sum + entry.request.length + (entry.answer?.length ?? 0), 0);
      assert.ok(entries === 1 || text <= MAX_STAGE_REQUESTS_PAGE_TEXT, `${text} characters`);
    });
  }
});
