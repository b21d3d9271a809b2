// Messages in the caller's messageLanguage (spec "Authentication object": `nl_NL` Dutch messages,
// `en_US` English messages; any other `ll_CC` is taken, `nl_*` in Dutch and the rest in English):
// the words a message is filled with are in that language too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NEXT_BUSINESS_DAY, edit, merge, minimumRequest, pickupRequest, set, ukRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { REST_PATH } from '../support/rest.ts';

const PARCEL = 'order[0].parcels[0]';
const PSD = 'order[0].productAndServiceData';

const cases: ReadonlyArray<{ name: string; request: () => JsonObject; nl_NL: string; en_US: string }> = [
  {
    name: 'a whole number',
    request: () => edit(minimumRequest(), set(`${PARCEL}.weight`, '500')),
    nl_NL: `${PARCEL}.weight moet een geheel getal zijn.`,
    en_US: `${PARCEL}.weight must be a whole number.`,
  },
  // A field with no bounds of its own: a weight beyond the range is refused by its maximum first.
  {
    name: 'a whole number in range',
    request: () => edit(minimumRequest(), set(`${PARCEL}.cod`, { amount: 1000, currency: 'EUR', inkasso: 3e9 })),
    nl_NL: `${PARCEL}.cod.inkasso moet een geheel getal van -2147483648 tot en met 2147483647 zijn.`,
    en_US: `${PARCEL}.cod.inkasso must be a whole number from -2147483648 to 2147483647.`,
  },
  {
    name: 'a list',
    request: () => edit(minimumRequest(), set('order[0].parcels', {})),
    nl_NL: 'order[0].parcels moet een lijst zijn.',
    en_US: 'order[0].parcels must be a list.',
  },
  {
    name: 'an object',
    request: () => edit(minimumRequest(), set('order[0].generalShipmentData.sender', 'me')),
    nl_NL: 'order[0].generalShipmentData.sender moet een object zijn.',
    en_US: 'order[0].generalShipmentData.sender must be an object.',
  },
  {
    name: 'text',
    request: () => edit(minimumRequest(), set('order[0].generalShipmentData.sender.name1', 5)),
    nl_NL: 'order[0].generalShipmentData.sender.name1 moet tekst zijn.',
    en_US: 'order[0].generalShipmentData.sender.name1 must be text.',
  },
  {
    name: 'text or a whole number',
    request: () => edit(minimumRequest(), set('order[0].generalShipmentData.sender.houseNo', true)),
    nl_NL: 'order[0].generalShipmentData.sender.houseNo moet tekst of een geheel getal zijn.',
    en_US: 'order[0].generalShipmentData.sender.houseNo must be text or a whole number.',
  },
  {
    name: 'true or false',
    request: () => edit(minimumRequest(), set(`${PSD}.saturdayDelivery`, 'yes')),
    nl_NL: `${PSD}.saturdayDelivery moet true of false zijn.`,
    en_US: `${PSD}.saturdayDelivery must be true or false.`,
  },
  {
    name: 'a pattern',
    request: () => edit(minimumRequest(), set('order[0].generalShipmentData.sendingDepot', '05-2')),
    nl_NL: 'order[0].generalShipmentData.sendingDepot mag alleen letters en cijfers bevatten.',
    en_US: 'order[0].generalShipmentData.sendingDepot must contain letters and digits.',
  },
  {
    name: 'a weekday',
    request: () => edit(pickupRequest(), set(`${PSD}.pickup.day`, 0)),
    nl_NL: `${PSD}.pickup.day is 0, maar ${NEXT_BUSINESS_DAY} is een dinsdag (2).`,
    en_US: `${PSD}.pickup.day is 0, but ${NEXT_BUSINESS_DAY} is a Tuesday (2).`,
  },
  {
    name: 'a range of values',
    request: () =>
      edit(minimumRequest(), merge(PSD, { proactiveNotification: [{ channel: 1, value: 'a@example.nl', rule: 99, language: 'NL' }] })),
    nl_NL: `${PSD}.proactiveNotification[0].rule 99 is geen meldingsregel die deze service aanneemt (1 tot en met 63): een regel is de som van de gebeurtenissen waarvan de ontvanger hoort — 1 aan de vervoerder overgedragen, 2 onderweg naar de ontvanger, 4 bezorgpoging mislukt, 8 ligt klaar bij een pakketpunt, 16 bezorgd of opgehaald, 32 vastgehouden, beschadigd, zoek of terug naar de afzender.`,
    en_US: `${PSD}.proactiveNotification[0].rule 99 is not a notification rule this service takes (1 to 63): a rule is the sum of the events to be told of — 1 handed to the carrier, 2 out for delivery, 4 delivery attempt failed, 8 waiting at a parcel shop, 16 delivered or collected, 32 held, damaged, lost or returning to the sender.`,
  },
  {
    name: 'one character at most',
    request: () => edit(minimumRequest(), set('order[0].generalShipmentData.recipient.type', 'BP')),
    nl_NL: 'order[0].generalShipmentData.recipient.type is langer dan 1 teken.',
    en_US: 'order[0].generalShipmentData.recipient.type is longer than 1 character.',
  },
  {
    name: 'exactly one character',
    request: () => edit(ukRequest(), set(`${PARCEL}.international.clearanceCleared`, 'NN')),
    nl_NL: `${PARCEL}.international.clearanceCleared moet precies 1 teken lang zijn.`,
    en_US: `${PARCEL}.international.clearanceCleared must be exactly 1 character long.`,
  },
];

describe("messages in the caller's language (REST)", () => {
  let t: TestApp;
  let delisId: string;
  before(async () => {
    t = await startTestApp();
    delisId = (await t.addAccount()).delisId;
  });
  after(() => t.close());

  // Deployed clients send their own defaults (`en_EN`); the answer's language follows the language part.
  const EMPTY_EXPORT = {
    nl_NL: 'Het verzoek is niet geldig: parcelLabelNumber heeft minstens 1 element nodig.',
    en_US: 'The request is not valid: parcelLabelNumber needs at least 1 entry.',
  };
  for (const [sent, answered] of [
    ['nl_BE', 'nl_NL'],
    ['NL_nl', 'nl_NL'],
    ['en_EN', 'en_US'],
    ['de_DE', 'en_US'],
    ['fr_BE', 'en_US'],
  ] as const) {
    it(`${sent}: taken at login and on every call, answered in ${answered}`, async () => {
      // An account of its own: the refused login below counts against it.
      const own = (await t.addAccount()).delisId;
      const authentication = await t.authenticate(own, sent);
      assert.equal(authentication.messageLanguage, sent);
      const response = await t.post(REST_PATH.exportOrders, { authentication, exportOrders: { parcelLabelNumber: [] } });
      assert.equal(response.json().status.message, EMPTY_EXPORT[answered]);
      const refused = await t.post(REST_PATH.getAuth, { delisId: own, password: 'wrong password', messageLanguage: sent });
      assert.equal(refused.json().status.code, 'DELICOM_ERR_AUTHENTICATION');
      assert.match(refused.json().status.message, answered === 'nl_NL' ? /^Authenticatie mislukt/ : /^Authentication failed/);
    });
  }

  for (const language of ['nl_NL', 'en_US'] as const) {
    it(`${language}: at least one entry`, async () => {
      const authentication = await t.authenticate(delisId, language);
      const response = await t.post(REST_PATH.exportOrders, { authentication, exportOrders: { parcelLabelNumber: [] } });
      assert.equal(response.json().status.message, EMPTY_EXPORT[language]);
    });
    for (const c of cases) {
      it(`${language}: ${c.name}`, async () => {
        const authentication = await t.authenticate(delisId, language);
        const response = await t.post(REST_PATH.validateOrders, { authentication, validateOrders: c.request() });
        const details = (response.json().orderResult.messages as Array<{ detail: string }>).map((m) => m.detail);
        assert.ok(details.includes(c[language]), `${c[language]} not in ${JSON.stringify(details)}`);
      });
    }
  }
});
