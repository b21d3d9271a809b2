// getTrackingData takes a parcel label number as the label prints it — spaces between the groups and
// the check character after them (`0522 9000 0000 00 7`) — over both bindings; a wrong check
// character is refused with a rule error that names the right one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readPrintedParcelLabelNumber } from '../../src/domain/core/parcel-number.ts';
import { computeCheckCharacter } from '../../src/labels/check-character.ts';
import { minimumRequest } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver } from '../support/binding-client.ts';
import { firstParcelNumbers, REST_PATH, type Auth } from '../support/rest.ts';

/** The number as label-layout.ts prints it under the barcode. */
const printed = (n: string) => `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8, 12)} ${n.slice(12)} ${computeCheckCharacter(n)}`;
/** A check character that is not `n`'s. */
const wrongCheck = (n: string) => (computeCheckCharacter(n) === '0' ? '1' : '0');

describe('readPrintedParcelLabelNumber', () => {
  const cases: ReadonlyArray<[string, ReturnType<typeof readPrintedParcelLabelNumber>]> = [
    ['05229000000000', { number: '05229000000000' }],
    [printed('05229000000000'), { number: '05229000000000' }],
    ['0522 9000 0000 00', { number: '05229000000000' }],
    [`05229000000000${computeCheckCharacter('05229000000000')}`, { number: '05229000000000' }],
    [
      `0522 9000 0000 00 ${wrongCheck('05229000000000')}`,
      { number: '05229000000000', wrongCheck: { given: wrongCheck('05229000000000'), expected: computeCheckCharacter('05229000000000') } },
    ],
  ];
  for (const [text, expected] of cases) it(JSON.stringify(text), () => assert.deepEqual(readPrintedParcelLabelNumber(text), expected));

  it('reads a letter check character in either case', () => {
    // A number whose check character is a letter: the first of the stage range that has one.
    let n = 5229000000001;
    while (!/[A-Z]/.test(computeCheckCharacter(String(n).padStart(14, '0')))) n += 1;
    const number = String(n).padStart(14, '0');
    assert.deepEqual(readPrintedParcelLabelNumber(`${number}${computeCheckCharacter(number).toLowerCase()}`), { number });
  });
});

describe('getTrackingData with a printed parcel label number', () => {
  let t: TestApp;
  let auth: Auth;
  let number: string;
  before(async () => {
    t = await startTestApp();
    auth = await t.authenticate((await t.addAccount()).delisId);
    const body = (await t.post(REST_PATH.storeOrders, { authentication: auth, storeOrders: minimumRequest() })).json();
    number = firstParcelNumbers(body)[0];
  });
  after(() => t.close());

  for (const binding of BINDINGS) {
    const accepted: ReadonlyArray<[string, (n: string) => string]> = [
      ['as returned', (n) => n],
      ['as printed', printed],
      ['spaces only', (n) => printed(n).slice(0, -2)],
      ['with its check character, no spaces', (n) => `${n}${computeCheckCharacter(n)}`],
    ];
    for (const [name, write] of accepted) {
      it(`[${binding}] ${name}: the parcel's tracking`, async () => {
        const answer = await callOver(binding, t, 'getTrackingData', { parcelLabelNumber: write(number) }, auth);
        assert.ok(answer.ok, JSON.stringify(answer));
        const facts = answer.value.trackingResult.shipmentInfo.trackingProperty as Array<{ key: string; value: string }>;
        assert.deepEqual(facts[0], { key: 'parcelLabelNumber', value: number });
      });
    }

    it(`[${binding}] a wrong check character: a rule error naming the right one`, async () => {
      const sent = `${printed(number).slice(0, -1)}${wrongCheck(number)}`;
      const answer = await callOver(binding, t, 'getTrackingData', { parcelLabelNumber: sent }, auth);
      assert.equal(answer.ok, false);
      if (answer.ok) return;
      assert.equal(answer.code, 'ERR_INVALID_REQUEST');
      assert.equal(
        answer.message,
        `The request is not valid: parcelLabelNumber ${sent} ends in the check character ${wrongCheck(number)}, but the check character of ${number} is ${computeCheckCharacter(number)}: copy it from the label, or leave it out.`,
      );
    });

    for (const malformed of ['0522 9000 0000 0', '0522-9000-0000-00-7', '0522900000000077']) {
      it(`[${binding}] refuses ${JSON.stringify(malformed)} by the field's format`, async () => {
        const answer = await callOver(binding, t, 'getTrackingData', { parcelLabelNumber: malformed }, auth);
        assert.equal(answer.ok, false);
        if (answer.ok) return;
        assert.match(answer.message, /14 digits, optionally with spaces and the check character/);
      });
    }
  }
});
