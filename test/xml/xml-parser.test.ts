// The service's own XML reader (src/xml/xml-parser.ts) held to saxes (saxes-tree.ts, the
// reader it replaced): on every operation's SOAP request, on hand-made documents that use the parts
// of XML a SOAP message may hold, and on thousands of documents mutated from them, both must accept
// the same documents and build the same element trees. Plus the refusals and bounds of its own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_XML_LIMITS, parseXml, type XmlParseResult } from '../../src/xml/xml-parser.ts';
import { collectionRequest, minimumRequest, pickupRequest, switzerlandRequest, ukRequest } from '../fixtures/requests.ts';
import { parseXmlWithSaxes } from '../support/saxes-tree.ts';
import { soapRequest } from '../support/soap-request.ts';

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const authentication = { delisId: 'KD0001', authToken: 'a'.repeat(40), messageLanguage: 'nl_NL' };

const handMade: readonly string[] = [
  // Declarations, a byte-order mark, line ends of every kind, comments before, inside and after.
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<!-- before --><s:Envelope xmlns:s="${SOAP11}">\r\n <s:Body><!-- inside --><op>x</op></s:Body></s:Envelope>\n<!-- after -->\n`,
  `\uFEFF<?xml version='1.0'?><a/>`,
  `<?xml version="1.0" ?>\n<a>one\r\ntwo\rthree\nfour</a>`,
  // Text: references of every kind, CDATA (with markup and "]]" inside), "]" and ">" alone.
  `<a>&lt;&gt;&amp;&apos;&quot; &#65;&#x42;&#x1F4E6; &#10;&#13;&#9;</a>`,
  `<a>x<![CDATA[<b>&amp;]]</b>\r\n]]>y ] > ]] z</a>`,
  // Attributes: both quotes, whitespace normalised (line ends, tabs), references kept as written.
  `<a one="1" two='2' three="a\tb\r\nc\nd" four="&#10;&#9;&lt;&quot;'" five='"'/>`,
  `<a   b = "c"   d\n=\n'e'  ></a  >`,
  // Namespaces: default and prefixed, redeclared, undeclared default, xml:lang, attributes in a namespace.
  `<a xmlns="urn:one" xmlns:p="urn:two"><b/><p:c p:attr="1" attr="2"/><d xmlns=""><e/></d><p:f xmlns:p="urn:three"/></a>`,
  `<a xml:lang="nl" xmlns:xml="http://www.w3.org/XML/1998/namespace"><b xml:space="preserve"> </b></a>`,
  `<p:a xmlns:p="urn:x" xmlns:q="urn:x"><p:b/><q:b/></p:a>`,
  // Names beyond ASCII, text beyond the BMP, empty elements written both ways.
  `<ñame xmlns:ü="urn:ü"><ü:straße>Łódź Θεσσαλονίκη 📦</ü:straße><_a.b-c·d/><e></e></ñame>`,
  // Mixed content: text around children stays the parent's own.
  `<a>one<b>two</b>three<c/>four</a>`,
];

const operationRequests: readonly string[] = [
  soapRequest('storeOrders', minimumRequest(), { authentication }),
  soapRequest('storeOrders', ukRequest(), { authentication }),
  soapRequest('storeOrders', switzerlandRequest(), { authentication }),
  soapRequest('storeOrders', pickupRequest(), { authentication }),
  soapRequest('storeOrders', collectionRequest(), { authentication }),
  soapRequest('validateOrders', minimumRequest(), { authentication }),
];

const corpus = [...operationRequests, ...handMade];

/** Characters outside XML's Char production (§2.2), found without the reader's own expression. */
// eslint-disable-next-line no-control-regex -- the control characters XML leaves out are what it looks for
const holdsIllegalCharacter = (document: string) => !document.isWellFormed() || /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/.test(document);

/**
 * saxes's answer for `document`, set right where saxes is known to be wrong: it takes some characters
 * XML does not allow (a lone surrogate before "]]" in a CDATA section, for one), so a document
 * holding one counts as refused.
 */
function reference(document: string): XmlParseResult {
  if (holdsIllegalCharacter(document)) return { ok: false, reason: 'a character XML does not allow' };
  return parseXmlWithSaxes(document);
}

/**
 * The other place saxes is lenient: a prefix or local part that starts with a character no name may
 * start with ("xml:-lang", "xmlns:·"), which Namespaces in XML 1.0 forbids (an NCName is a Name). Only
 * a refusal of the reader for that reason, of a document that has such a part, counts as this.
 */
const isNcNameLeniency = (document: string, ours: XmlParseResult, saxes: XmlParseResult) =>
  !ours.ok &&
  saxes.ok &&
  /is not a valid namespace prefix or local name/.test(ours.reason) &&
  // eslint-disable-next-line no-misleading-character-class -- XML's NameChar (§2.3) includes the combining marks on their own
  /:[-.0-9\u00B7\u0300-\u036F\u203F\u2040]/.test(document);

function assertSameOutcome(document: string, ours: XmlParseResult, reference: XmlParseResult): void {
  assert.equal(
    ours.ok,
    reference.ok,
    `${JSON.stringify(document)}: ours ${ours.ok ? 'accepted' : `refused (${ours.reason})`}, saxes ${reference.ok ? 'accepted' : `refused (${reference.reason})`}`,
  );
  if (ours.ok && reference.ok) assert.deepEqual(ours.root, reference.root, JSON.stringify(document));
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces that make or break XML, inserted or substituted by the mutations. */
const PIECES = [
  '<',
  '>',
  '&',
  ';',
  '"',
  "'",
  '/',
  '!',
  '?',
  ':',
  '=',
  ' ',
  '\t',
  '\r',
  '\n',
  'a',
  'x',
  '#',
  '-',
  '--',
  ']]>',
  '<![CDATA[',
  '<!--',
  '-->',
  '&amp;',
  '&#0;',
  '&#x10FFFF;',
  '&#xD800;',
  '&bogus;',
  '\u0001',
  '\uD800',
  '\uFFFE',
  '📦',
  'ñ',
  '·',
  '<?pi?>',
  '<!DOCTYPE a>',
  'xmlns',
  'xmlns:p=""',
  'xmlns:p="urn:p"',
  'p:',
  ':p',
  'xml:',
  'xmlns="http://www.w3.org/XML/1998/namespace"',
  'xmlns:xml="urn:x"',
  '<b>',
  '</b>',
  '<b/>',
  '1',
];

/** Pieces that keep a document well-formed where they land in text (and break it inside a tag). */
const TEXT_PIECES = [
  ' ',
  'a',
  'ñ',
  '📦',
  '&amp;',
  '&#x42;',
  '&#233;',
  '<!-- c -->',
  '<![CDATA[<x>]]>',
  '<b/>',
  '<b c="d">t</b>',
  '\r\n',
  '\t',
  '>',
  ']',
];

function mutate(document: string, next: () => number): string {
  const at = Math.floor(next() * (document.length + 1));
  if (next() < 0.5) {
    // Into text where it can: just after a '>' at or before the position.
    const after = document.lastIndexOf('>', at - 1) + 1;
    return document.slice(0, after) + TEXT_PIECES[Math.floor(next() * TEXT_PIECES.length)] + document.slice(after);
  }
  const piece = PIECES[Math.floor(next() * PIECES.length)];
  switch (Math.floor(next() * 6)) {
    case 0:
      return document.slice(0, at) + document.slice(at + 1);
    case 1:
      return document.slice(0, at) + piece + document.slice(at);
    case 2:
      return document.slice(0, at) + piece + document.slice(at + piece.length);
    case 3:
      return document.slice(0, at);
    case 4: {
      // A stretch of the document repeated elsewhere: tags out of order, attributes twice.
      const from = Math.floor(next() * document.length);
      const stretch = document.slice(from, from + 1 + Math.floor(next() * 24));
      return document.slice(0, at) + stretch + document.slice(at);
    }
    default:
      return document.slice(0, at) + document.charAt(at + 1) + document.charAt(at) + document.slice(at + 2);
  }
}

describe('the XML reader', () => {
  it('builds the same trees as saxes from every operation request and the hand-made documents', () => {
    for (const document of corpus) {
      const ours = parseXml(document);
      assert.ok(ours.ok, ours.ok ? '' : `${ours.reason}: ${document}`);
      assertSameOutcome(document, ours, reference(document));
    }
  });

  it('saxes, as the reference, is set right where it is known to be wrong', () => {
    const lenient = '<a><![CDATA[x\uD800]]y]]></a>';
    assert.equal(parseXmlWithSaxes(lenient).ok, true, 'what saxes itself says');
    assert.equal(reference(lenient).ok, false);
    assert.match((parseXml(lenient) as { reason: string }).reason, /the character U\+D800 is not allowed in XML/);
  });

  it('refuses a prefix or local part that does not start as a name may (saxes takes it)', () => {
    for (const document of ['<a xml:-lang="nl"/>', '<a xmlns:·="urn:x"/>', '<p:1a xmlns:p="urn:x"/>']) {
      const ours = parseXml(document);
      assert.match(ours.ok ? '' : ours.reason, /is not a valid namespace prefix or local name/, document);
      assert.ok(isNcNameLeniency(document, ours, parseXmlWithSaxes(document)), document);
    }
  });

  it('drops spaces around a namespace name, as saxes did, and keeps them in other attribute values', () => {
    const document = '<a xmlns=" urn:x\r\n" xmlns:p="\turn:y " p:b=" c\n"/>';
    const ours = parseXml(document);
    assertSameOutcome(document, ours, parseXmlWithSaxes(document));
    assert.deepEqual(ours.ok && { uri: ours.root.uri, attributes: ours.root.attributes }, {
      uri: 'urn:x',
      attributes: [{ uri: 'urn:y', local: 'b', value: ' c ' }],
    });
  });

  it('accepts and refuses what saxes does, with the same trees, on 30,000 mutated documents', () => {
    const next = random(20261122);
    let refused = 0;
    let lenient = 0;
    for (let round = 0; round < 30_000; round++) {
      let document = corpus[round % corpus.length];
      const mutations = 1 + Math.floor(next() * 2);
      for (let m = 0; m < mutations; m++) document = mutate(document, next);
      const ours = parseXml(document);
      const saxes = reference(document);
      if (isNcNameLeniency(document, ours, saxes)) lenient += 1;
      else assertSameOutcome(document, ours, saxes);
      if (!ours.ok) refused += 1;
    }
    // Both outcomes must be well represented, or the comparison proves little.
    assert.ok(refused > 5_000 && refused < 25_000, `${refused} of 30,000 refused`);
    assert.ok(lenient < 30, `${lenient} documents with a name part saxes should have refused: the exception covers too much`);
  });

  const refusals: ReadonlyArray<[string, string, RegExp]> = [
    [
      'a DOCTYPE',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
      /^a DOCTYPE declaration is not allowed in a SOAP message$/,
    ],
    ['a DOCTYPE inside the root', '<a><!DOCTYPE a></a>', /^a DOCTYPE declaration is not allowed in a SOAP message$/],
    ['a processing instruction', '<a><?php echo 1; ?></a>', /^the processing instruction <\?php\?> is not allowed in a SOAP message$/],
    [
      'an XML declaration not at the start',
      ' <?xml version="1.0"?><a/>',
      /XML declaration is only allowed at the very start \(line 1, column 2\)/,
    ],
    ['an undeclared entity', '<a>&nbsp;</a>', /undefined entity &nbsp;.*\(line 1, column 4\)/],
    ['a character reference to a character XML does not allow', '<a>&#1;</a>', /&#1; refers to a character XML does not allow/],
    ['a control character', '<a>\u0001</a>', /the character U\+0001 is not allowed in XML \(line 1, column 4\)/],
    ['a lone surrogate', '<a>\uD800</a>', /the character U\+D800 is not allowed in XML/],
    ['an unbound prefix', '<a><p:b/></a>', /the namespace prefix p is not declared \(line 1, column 5\)/],
    ['a prefix bound to no namespace', '<a xmlns:p=""/>', /the prefix p cannot be bound to no namespace/],
    [
      'one attribute twice through two prefixes',
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:b="1" q:b="2"/>',
      /names the same attribute as another one/,
    ],
    ['an attribute twice', '<a b="1" b="2"/>', /the attribute b appears twice/],
    ['a mismatched end tag', '<a>\n  <b></c></a>', /the end tag <\/c> does not close <b> \(line 2, column 6\)/],
    ['an unclosed element', '<a><b>', /the element <b> is not closed/],
    ['two root elements', '<a/><b/>', /a document has one root element/],
    ['text after the root', '<a/>x', /text is not allowed outside the root element/],
    ['"]]>" in text', '<a>]]></a>', /"\]\]>" is not allowed in text/],
    ['"--" in a comment', '<a><!-- a -- b --></a>', /"--" is not allowed inside a comment/],
    ['"<" in an attribute value', '<a b="<"/>', /"<" is not allowed in an attribute value/],
    ['no element at all', '<!-- nothing -->', /^the body holds no XML element$/],
  ];
  for (const [name, document, reason] of refusals) {
    it(`refuses ${name}, saying so`, () => {
      const ours = parseXml(document);
      assert.equal(ours.ok, false);
      assert.match(ours.ok ? '' : ours.reason, reason);
      assert.equal(parseXmlWithSaxes(document).ok, false, 'saxes refuses it too');
    });
  }

  it('stops at the bounds it is given: nesting depth, element count, attributes per element', () => {
    const limits = { maxDepth: 2, maxElements: 2, maxAttributes: 2 };
    assert.deepEqual(parseXml('<a><a><a/></a></a>', { ...limits, maxElements: 100 }), {
      ok: false,
      reason: 'elements are nested deeper than 2 levels',
    });
    assert.deepEqual(parseXml('<a><a/><a/></a>', limits), { ok: false, reason: 'the message has more than 2 elements' });
    assert.equal(parseXml('<a><a/></a>', limits).ok, true);
    assert.equal(parseXml('<a x="1" xmlns:p="urn:p"/>', limits).ok, true);
    assert.deepEqual(parseXml('<a x="1" xmlns:p="urn:p" y="2"/>', limits), {
      ok: false,
      reason: 'the element <a> has more than 2 attributes (line 1, column 1)',
    });
    assert.deepEqual(parseXml(`<a ${Array.from({ length: 65 }, (_, i) => `xmlns:p${i}="urn:p"`).join(' ')}/>`), {
      ok: false,
      reason: 'the element <a> has more than 64 attributes (line 1, column 1)',
    });
  });

  it('reads many attributes and many namespace declarations in time linear in their number', () => {
    // Guards against a pairwise duplicate check or a namespace map copied per element. Not a time
    // limit (the machine may be slow or crowded): four times the input must cost about four times
    // the time, where a quadratic reading would cost sixteen. The best of three runs of each size.
    // Far beyond the default bound of 64 per element, to measure the reading itself.
    const limits = { ...DEFAULT_XML_LIMITS, maxAttributes: 100_000 };
    const read = (n: number) => {
      const attributes = Array.from({ length: n }, (_, i) => `a${i}="${i}"`).join(' ');
      const declarations = Array.from({ length: n }, (_, i) => `xmlns:p${i}="urn:${i}"`).join(' ');
      const children = `<p${n - 1}:b xmlns:q="urn:q"/>`.repeat(n);
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        const many = parseXml(`<a ${attributes}/>`, limits);
        const declared = parseXml(`<a ${declarations}>${children}</a>`, limits);
        best = Math.min(best, performance.now() - started);
        assert.equal(many.ok && many.root.attributes.length, n);
        assert.equal(declared.ok && declared.root.children.length, n);
      }
      return best;
    };
    read(2_000); // warm-up
    const small = read(5_000);
    const large = read(20_000);
    assert.ok(
      large / small < 9,
      `4× the input took ${(large / small).toFixed(1)}× the time (${small.toFixed(0)} ms, ${large.toFixed(0)} ms)`,
    );
  });
});
