// The configuration (server/config.ts): a wrong value stops the start, naming the variable and what it
// must be; a right one is taken.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, readConfig } from '../../src/server/config.ts';

describe('readConfig', () => {
  const refusals: ReadonlyArray<{ env: Record<string, string>; message: RegExp }> = [
    { env: { OPERATOR_VALUES: '{"smallParcel": 5}' }, message: /OPERATOR_VALUES\.smallParcel must be \{"maxWeight", "maxLength", "maxWidth", "maxHeight"\}/ },
    { env: { OPERATOR_VALUES: '{"parcelLetter": null}' }, message: /OPERATOR_VALUES\.parcelLetter must be/ },
    { env: { OPERATOR_VALUES: '{"parcelLetter": {"maxWeight": 100, "maxLength": 35, "maxWidth": 25}}' }, message: /OPERATOR_VALUES\.parcelLetter must be/ },
    { env: { OPERATOR_VALUES: '{"codInkasso": "x"}' }, message: /OPERATOR_VALUES\.codInkasso must be a non-empty list of whole numbers, got "x"/ },
    { env: { OPERATOR_VALUES: '{"proactiveNotificationRules": [1, -2]}' }, message: /OPERATOR_VALUES\.proactiveNotificationRules must be a non-empty list/ },
    { env: { OPERATOR_VALUES: '{"ukRegistrationThreshold": {"gbp": 100}}' }, message: /OPERATOR_VALUES\.ukRegistrationThreshold must be an object of ISO 4217 currency codes/ },
    { env: { OPERATOR_VALUES: '{"maxParcelsPerOrder": 0}' }, message: /OPERATOR_VALUES\.maxParcelsPerOrder must be a whole number of at least 1, got 0/ },
    { env: { OPERATOR_VALUES: '{"maxParcelsPerOrder": "5"}' }, message: /OPERATOR_VALUES\.maxParcelsPerOrder must be a whole number of at least 1/ },
    { env: { OPERATOR_VALUES: '{"nonsense": 1}' }, message: /OPERATOR_VALUES has unknown keys: nonsense/ },
    { env: { PORT: '8080', METRICS_PORT: '8080' }, message: /METRICS_PORT must differ from PORT/ },
  ];
  for (const { env, message } of refusals) {
    it(`refuses ${JSON.stringify(env)}`, () => {
      assert.throws(() => readConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
    });
  }

  it('takes well-formed operator values and keeps the defaults of the others', () => {
    const config = readConfig({ OPERATOR_VALUES: '{"codInkasso": [0, 2], "ukRegistrationThreshold": {"GBP": 13500, "USD": 17000}}' });
    assert.deepEqual(config.operatorValues.codInkasso, [0, 2]);
    assert.deepEqual(config.operatorValues.ukRegistrationThreshold, { GBP: 13500, USD: 17000 });
    assert.equal(config.operatorValues.parcelLetter.maxWeight, 100);
    assert.equal(readConfig({ PORT: '0', METRICS_PORT: '0' }).metricsPort, 0);
  });
});
