// The server's stage log (server/stage-log/stage-log-thread.ts): calls posted to a worker thread, which masks
// them and writes them with its own connection, over every store.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StageCall } from '../../src/domain/ports/stage-log-ports.ts';
import { createStageLogThread } from '../../src/server/stage-log/stage-log-thread.ts';
import { forEachStore } from '../support/databases.ts';

const at = new Date('2026-11-22T10:00:00.000Z');
const rest: StageCall = {
  at,
  binding: 'rest',
  operation: 'validateOrders',
  delisId: 'KD1',
  text: '{"authentication":{"delisId":"KD1","authToken":"geheim-token"},"validateOrders":{"order":[{"generalShipmentData":{"recipient":{"name1":"Jan Jansen","zipCode":"2011AB"}}}]}}',
};
const soap: StageCall = {
  at,
  binding: 'soap',
  operation: 'storeOrders',
  errorCode: 'error_weight_too_low',
  text: '<s:Envelope><s:Body><storeOrders><recipient><name1><![CDATA[Piet Geheim]]></name1><phone>+31612345678</phone><city>Haarlem</city></recipient></storeOrders></s:Body></s:Envelope>',
};

forEachStore('stage log thread', ({ store }) => {
  test('a flush writes every posted call, masked, with its operation and error code', async () => {
    const log = createStageLogThread(store().config);
    try {
      log.record(rest);
      log.record(soap);
      await log.flush();
      const kept = await store().stageRequests.latest(10);
      assert.deepEqual(kept.map((r) => [r.binding, r.operation, r.delisId, r.errorCode]).sort(), [
        ['rest', 'validateOrders', 'KD1', undefined],
        ['soap', 'storeOrders', undefined, 'error_weight_too_low'],
      ]);
      const json = kept.find((r) => r.binding === 'rest')!.body;
      assert.equal(json, rest.text.replace('geheim-token', '***').replace('Jan Jansen', '***'));
      const xml = kept.find((r) => r.binding === 'soap')!.body;
      for (const secret of ['Piet Geheim', '+31612345678']) assert.equal(xml.includes(secret), false, `${secret} kept in ${xml}`);
      assert.match(xml, /<city>Haarlem<\/city>/);
    } finally {
      await log.close();
    }
  });

  test('the worker keeps each text within the bounds it is given', async () => {
    const log = createStageLogThread(store().config, { bounds: { maxEntryBytes: 1024, maxAccountBytesPerDay: 1024 * 1024 } });
    try {
      log.record({ ...rest, operation: 'bounded', text: JSON.stringify({ validateOrders: { pad: 'x'.repeat(5000) } }) });
      await log.flush();
      const [kept] = (await store().stageRequests.latest(100)).filter((r) => r.operation === 'bounded');
      assert.match(kept.body, /^\{"validateOrders":\{"pad":"x+\n\[cut: the request was 5029 bytes; the stage log keeps 1024 of each\]$/);
    } finally {
      await log.close();
    }
  });

  test('close writes what is still pending, then the worker ends', async () => {
    const before = (await store().stageRequests.latest(100)).length;
    const log = createStageLogThread(store().config);
    for (let i = 0; i < 300; i++) log.record({ ...rest, operation: `op${i % 3}` });
    await log.close();
    assert.equal((await store().stageRequests.latest(1000)).length, before + 300);
  });
});
