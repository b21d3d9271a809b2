// The references a request text carries, as the stage log reads them for its search keys
// (bindings/rest/json-references.ts, bindings/soap/xml-references.ts): every reference field at any
// depth, escapes and entities read, prefixes allowed, nothing else taken.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { referencesInJson } from '../../src/bindings/rest/json-references.ts';
import { referencesInXml } from '../../src/bindings/soap/xml-references.ts';

test('JSON: every reference field, in order, its escapes read; other fields and non-strings left out', () => {
  const text = JSON.stringify({
    order: [
      {
        generalShipmentData: { mpsCustomerReferenceNumber1: 'MPS-1', customerReferenceNumber: 'not one' },
        parcels: [{ customerReferenceNumber1: 'Ä "quoted"' }, { customerReferenceNumber4: 'P-4' }],
      },
      { parcels: [{ customerReferenceNumber2: 5 }] },
    ],
  }).replace('Ä', '\\u00c4');
  assert.deepEqual(referencesInJson(text), ['MPS-1', 'Ä "quoted"', 'P-4']);
  assert.deepEqual(referencesInJson('{"validateOrders":{}}'), []);
  assert.deepEqual(referencesInJson('not json "customerReferenceNumber1": "x\\q"'), []);
});

test('XML: every reference element, with or without a prefix, entities read; CDATA and nested markup left out', () => {
  const text =
    '<s:Body><ns:validateOrders><order><generalShipmentData><mpsCustomerReferenceNumber2>M &amp; 2</mpsCustomerReferenceNumber2></generalShipmentData>' +
    '<parcels><p:customerReferenceNumber1 xmlns:p="urn:x">R&#x41;&#66;</p:customerReferenceNumber1><customerReferenceNumber3><![CDATA[hidden]]></customerReferenceNumber3></parcels>' +
    '<parcels><customerReferenceNumber2/></parcels></order></ns:validateOrders></s:Body>';
  assert.deepEqual(referencesInXml(text), ['M & 2', 'RAB']);
  assert.deepEqual(referencesInXml('<validateOrders/>'), []);
});
