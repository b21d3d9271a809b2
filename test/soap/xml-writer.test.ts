// Instants in SOAP answers, in the form of docs/decisions.md "Tokens and instants" (bindings/soap/xml-writer.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { soapInstant } from '../../src/bindings/soap/xml-writer.ts';

describe('XML text', () => {
  it('writes instants as UTC with six fraction digits and no zone', () => {
    assert.equal(soapInstant(new Date('2026-11-23T04:19:00.123Z')), '2026-11-23T04:19:00.123000');
  });
});
