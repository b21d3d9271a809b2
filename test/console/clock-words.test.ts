// The Sandbox page's clock line in words: "on the real time", "3 days 2 hours ahead", never "PT0S".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { durationInWords } from '../../src/console/clock-words.ts';

describe('durationInWords', () => {
  const cases: ReadonlyArray<[string, 'en' | 'nl', string]> = [
    ['PT0S', 'en', ''],
    ['P3DT2H', 'en', '3 days 2 hours'],
    ['P1DT1H1M1S', 'en', '1 day 1 hour 1 minute 1 second'],
    ['PT25M', 'en', '25 minutes'],
    ['PT1.5S', 'en', '1.5 seconds'],
    ['P3DT2H', 'nl', '3 dagen 2 uur'],
    ['P1DT1H1M1S', 'nl', '1 dag 1 uur 1 minuut 1 seconde'],
    ['nonsense', 'en', ''],
  ];
  for (const [iso, language, words] of cases)
    it(`${iso} (${language}) → ${JSON.stringify(words)}`, () => assert.equal(durationInWords(iso, language), words));
});
