// Masking personal fields in the JSON text kept by the stage log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskJsonText } from '../../src/bindings/rest/mask-json-text.ts';

const cases: ReadonlyArray<{ name: string; text: string; kept: string[]; gone: string[] }> = [
  {
    name: 'strings, spaced and tight',
    text: '{"name1" : "Jan Jansen","street":"Kerkstraat","zipCode":"2011AB"}',
    kept: ['2011AB', '"zipCode"'],
    gone: ['Jan Jansen', 'Kerkstraat'],
  },
  {
    name: 'escaped quotes inside a value',
    text: '{"name1":"Jan \\"de\\" Vries","city":"Haarlem"}',
    kept: ['Haarlem'],
    gone: ['Vries', 'de\\"'],
  },
  { name: 'numbers (houseNo as a number)', text: '{"houseNo":12,"weight":500}', kept: ['"weight":500'], gone: ['12'] },
  {
    name: 'tokens and passwords',
    text: '{"authentication":{"delisId":"KD123456","authToken":"abcDEF","messageLanguage":"en_US"},"password":"hunter22"}',
    kept: ['KD123456', 'en_US'],
    gone: ['abcDEF', 'hunter22'],
  },
  {
    name: 'where a consumer searched for parcel shops from',
    text: '{"findParcelShopsByGeoData":{"longitude":4.8924,"latitude":-52.373,"limit":5}}',
    kept: ['"limit":5'],
    gone: ['4.8924', '52.373'],
  },
  {
    name: 'personalDelivery, now sent over REST too',
    text: '{"personalDelivery":{"type":1,"floor":"3","name":"Piet Jansen","phone":"0612345678","personId":"NL-ID-4711"}}',
    kept: ['"type":1', '"floor":"3"'],
    gone: ['Piet Jansen', '0612345678', 'NL-ID-4711'],
  },
  { name: 'a key written with escapes takes the walk', text: '{"\\u006eame1":"Geheim"}', kept: [], gone: ['Geheim'] },
  { name: 'a text that is no JSON at all, when escapes force the walk', text: '{"name1":"Geheim\\u0021"', kept: [], gone: ['Geheim'] },
];

describe('maskJsonText', () => {
  for (const c of cases) {
    it(`masks ${c.name}`, () => {
      const masked = maskJsonText(c.text);
      for (const value of c.kept) assert.ok(masked.includes(value), `${value} was lost: ${masked}`);
      for (const value of c.gone) assert.equal(masked.includes(value), false, `${value} kept: ${masked}`);
      assert.doesNotThrow(() => JSON.parse(masked));
    });
  }
});

describe('maskJsonText tells keys from values', () => {
  const cases: ReadonlyArray<{ name: string; text: string; expected: string }> = [
    {
      name: 'a value that looks like a personal key',
      text: '{"content":"\\"name1\\": \\"x\\"","city":"name1"}',
      expected: '{"content":"\\"name1\\": \\"x\\"","city":"name1"}',
    },
    {
      name: 'a personal key inside a nested list',
      text: '{"order":[{"sender":{"name1":"A","zipCode":"1"}},{"sender":{"name1":"B"}}]}',
      expected: '{"order":[{"sender":{"name1":"***","zipCode":"1"}},{"sender":{"name1":"***"}}]}',
    },
    {
      name: 'strings and numbers in objects and lists under a personal key are masked; booleans and nulls stay',
      text: '{"name":{"a":1},"value":[1],"phone":true,"fax":null}',
      expected: '{"name":{"a":"***"},"value":["***"],"phone":true,"fax":null}',
    },
    {
      name: 'secrets sent as a list or an object',
      text: '{"authentication":{"delisId":"KD123456","authToken":{"t":"abcDEF"}},"password":["hunter22",["x"]]}',
      expected: '{"authentication":{"delisId":"KD123456","authToken":{"t":"***"}},"password":["***",["***"]]}',
    },
    { name: 'a value ending in an escaped backslash', text: '{"name1":"a\\\\","street":"b"}', expected: '{"name1":"***","street":"***"}' },
    { name: 'negative and exponent numbers', text: '{"houseNo":-1.5e3 ,"weight":2}', expected: '{"houseNo":"***" ,"weight":2}' },
    { name: 'nothing personal: the same text', text: '{"weight":2,"zipCode":"2011AB"}', expected: '{"weight":2,"zipCode":"2011AB"}' },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(maskJsonText(c.text), c.expected));
  }
});
