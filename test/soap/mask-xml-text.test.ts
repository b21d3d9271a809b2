// Masking personal fields in the SOAP text kept by the stage log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskXmlText } from '../../src/bindings/soap/mask-xml-text.ts';

const cases: ReadonlyArray<{ name: string; text: string; kept: string[]; gone: string[] }> = [
  {
    name: 'plain elements',
    text: '<recipient><name1>Jan Jansen</name1><street>Kerkstraat</street><zipCode>2011AB</zipCode></recipient>',
    kept: ['<zipCode>2011AB</zipCode>', '<name1>***</name1>'],
    gone: ['Jan Jansen', 'Kerkstraat'],
  },
  {
    name: 'prefixed elements with attributes',
    text: '<ns:authentication xmlns:ns="urn:a"><delisId>KD123456</delisId><authToken a="1">secret</authToken></ns:authentication><x:phone>+3161</x:phone >',
    kept: ['KD123456', '<authToken a="1">***</authToken>'],
    gone: ['secret', '+3161'],
  },
  { name: 'entities inside a value', text: '<name1>Jansen &amp; Zn</name1>', kept: [], gone: ['Jansen'] },
  {
    name: 'a CDATA section',
    text: '<name1><![CDATA[Geheim]]></name1><city><![CDATA[Haarlem & Co]]></city>',
    kept: ['<name1>***</name1>', '<city>Haarlem &amp; Co</city>'],
    gone: ['Geheim'],
  },
  {
    name: 'a prefix with letters beyond ASCII',
    text: '<ñs:password xmlns:ñs="urn:a">hunter22</ñs:password><Ω:name1>Geheim</Ω:name1>',
    kept: ['<ñs:password xmlns:ñs="urn:a">***</ñs:password>'],
    gone: ['hunter22', 'Geheim'],
  },
  {
    name: 'empty personal elements, as they are',
    text: '<name2/><name1 a="1"/><city>Haarlem</city><street></street>',
    kept: ['<name2/>', '<name1 a="1"/>', '<city>Haarlem</city>', '<street>***</street>'],
    gone: [],
  },
  {
    name: 'text around CDATA, a comment and an instruction',
    text: '<?xml version="1.0"?><name1>Ge<![CDATA[he]]>im<!-- x --><?pi y?></name1><street>Kerk<!-- z -->straat</street>',
    kept: ['<name1>***</name1>', '<street>***</street>'],
    gone: ['Ge', 'im', 'Kerk', 'straat'],
  },
];

describe('maskXmlText', () => {
  // Refused requests are kept too: a personal element holding elements cannot be masked element by
  // element, so nothing of the text is kept.
  for (const text of [
    '<authentication><delisId>KD123456</delisId><password><a>hunter22</a></password></authentication>',
    '<authToken>abc<b/>hunter22</authToken>',
    '<name1><name1>a</name1>Geheim</name1>',
  ]) {
    it(`keeps only the mask of ${text}`, () => assert.equal(maskXmlText(text), '***'));
  }

  for (const c of cases) {
    it(`masks ${c.name}`, () => {
      const masked = maskXmlText(c.text);
      for (const value of c.kept) assert.ok(masked.includes(value), `${value} was lost: ${masked}`);
      for (const value of c.gone) assert.equal(masked.includes(value), false, `${value} kept: ${masked}`);
    });
  }
});
