// Every refusal of SandboxService carries its own catalogue code over both bindings — REST HTTP 400 with
// `status.code` the code, SOAP a `faults` fault with it as `faultCode` — and its message in English and
// Dutch, so that a test tells `error_status_not_in_scenario` from `error_parcel_already_there` by code
// alone (issue 38). The list is checked against the domain: a refusal the sandbox's code can answer
// and this file does not provoke fails the last test.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { errorCatalogue, formatMessage, type ErrorCode } from '../../src/contract/error-catalogue.ts';
import { minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, type CallAnswer } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

/** The account a case starts from, and what it does to reach the refusal: the refused call last. */
interface Case {
  readonly code: ErrorCode;
  readonly account?: { readonly lateExport?: boolean };
  readonly message: RegExp;
  readonly dutch: RegExp;
  /** Everything up to the refused call; answers the refused call. */
  readonly provoke: (helper: Helper) => Promise<CallAnswer>;
}

interface Helper {
  readonly auth: Auth;
  readonly call: (operation: string, body?: JsonObject, auth?: Auth) => Promise<CallAnswer>;
  /** Stores the minimum order; its parcel's number. */
  readonly store: () => Promise<string>;
  readonly login: () => Promise<Auth>;
}

const ok = (answer: CallAnswer): Record<string, any> => {
  if (!answer.ok) assert.fail(`expected an answer, got ${answer.code}: ${answer.message}`);
  return answer.value;
};

const CASES: readonly Case[] = [
  {
    code: 'error_clock_choice',
    message: /setClock: give exactly one of fixedTime, advanceBy, reset \(true\) or advanceTo/,
    dutch: /setClock: geef precies één van fixedTime, advanceBy, reset \(true\) of advanceTo op/,
    provoke: (h) => h.call('setClock', {}),
  },
  {
    code: 'error_invalid_date_time',
    message: /fixedTime 2027-02-30T10:00:00Z is not a date and time that exists/,
    dutch: /fixedTime 2027-02-30T10:00:00Z is geen bestaande datum en tijd/,
    provoke: (h) => h.call('setClock', { fixedTime: '2027-02-30T10:00:00Z' }),
  },
  {
    code: 'error_clock_out_of_range',
    message: /fixedTime: the account's clock would read 1999-12-31T00:00:00.000Z/,
    dutch: /fixedTime: de klok van het account zou 1999-12-31T00:00:00.000Z aangeven/,
    provoke: (h) => h.call('setClock', { fixedTime: '1999-12-31T00:00:00Z' }),
  },
  {
    code: 'error_unknown_operation',
    message: /operation getParcels is not an operation a fault can be injected into/,
    dutch: /operation getParcels is geen operatie waarin een fout kan worden geïnjecteerd/,
    provoke: (h) => h.call('injectFault', { operation: 'getParcels', httpStatus: 503 }),
  },
  {
    code: 'error_fault_behaviour_choice',
    message: /injectFault: give exactly one of fault, authenticationFault/,
    dutch: /injectFault: geef precies één van fault, authenticationFault/,
    provoke: (h) => h.call('injectFault', { operation: '*', httpStatus: 503, delayMs: 5 }),
  },
  {
    code: 'error_too_many_pending_faults',
    message: /this account has 100 injected faults pending already/,
    dutch: /dit account heeft al 100 geïnjecteerde fouten klaarstaan/,
    provoke: async (h) => {
      for (let i = 0; i < 100; i++) ok(await h.call('injectFault', { operation: 'getTrackingData', binding: 'REST', delayMs: 1 }));
      return h.call('injectFault', { operation: '*', httpStatus: 503 });
    },
  },
  {
    code: 'error_injected_fault_not_found',
    message: /id 999999 is not a pending injected fault of this account/,
    dutch: /id 999999 is geen klaarstaande geïnjecteerde fout van dit account/,
    provoke: (h) => h.call('clearFaults', { id: 999_999 }),
  },
  {
    code: 'error_parcel_not_found',
    message: /parcelLabelNumber 05229999999999 is not a parcel of this account/,
    dutch: /parcelLabelNumber 05229999999999 is geen pakket van dit account/,
    provoke: (h) => h.call('advanceParcel', { parcelLabelNumber: '05229999999999', to: 'Delivered' }),
  },
  {
    code: 'error_parcel_deleted',
    message: /parcelLabelNumber [0-9]{14} was deleted/,
    dutch: /parcelLabelNumber [0-9]{14} is verwijderd/,
    provoke: async (h) => {
      const number = await h.store();
      ok(await h.call('deleteOrders', { parcelLabelNumber: [number] }));
      return h.call('setScenario', { scenario: 'lost', parcelLabelNumber: number });
    },
  },
  {
    code: 'error_parcel_expired',
    message: /its shipment data expired 28 days after the transfer/,
    dutch: /de zendingsgegevens zijn 28 dagen na de overdracht verlopen/,
    provoke: async (h) => {
      const number = await h.store();
      ok(await h.call('setClock', { advanceBy: 'P29D' }));
      return h.call('advanceParcel', { parcelLabelNumber: number, to: 'Delivered' }, await h.login());
    },
  },
  {
    code: 'error_parcel_not_transferred',
    account: { lateExport: true },
    message: /is queued: its shipment data has not reached the carrier yet/,
    dutch: /is queued: de zendingsgegevens zijn nog niet bij de vervoerder/,
    provoke: async (h) => h.call('advanceParcel', { parcelLabelNumber: await h.store(), to: 'PickedUp' }),
  },
  {
    code: 'error_consolidation_date_in_future',
    message: /the shipping day of [0-9]{14} 20261123 has not begun yet/,
    dutch: /the shipping day of [0-9]{14} 20261123 is nog niet begonnen/,
    provoke: async (h) => {
      const number = await h.store();
      // The clock set back a day: the parcel's shipping day lies ahead of the account's time.
      ok(await h.call('setClock', { fixedTime: '2026-11-22T10:00:00Z' }));
      return h.call('advanceParcel', { parcelLabelNumber: number, to: 'PickedUp' });
    },
  },
  {
    code: 'error_parcel_already_there',
    message: /to PickedUp has passed PickedUp already: its current status is Delivered|has passed PickedUp already/,
    dutch: /is al voorbij PickedUp: de huidige status is Delivered/,
    provoke: async (h) => {
      const number = await h.store();
      ok(await h.call('advanceParcel', { parcelLabelNumber: number, to: 'Delivered' }));
      return h.call('advanceParcel', { parcelLabelNumber: number, to: 'PickedUp' });
    },
  },
  {
    code: 'error_status_not_in_scenario',
    message: /to ReturnedToSender is not a status of this parcel's scenario delivered/,
    dutch: /to ReturnedToSender is geen status van het scenario delivered van dit pakket/,
    provoke: async (h) => h.call('advanceParcel', { parcelLabelNumber: await h.store(), to: 'ReturnedToSender' }),
  },
  {
    code: 'error_scenario_not_applicable',
    message: /scenario parcel_shop_delivery does not fit parcel [0-9]{14}: it needs product PSD/,
    dutch: /scenario parcel_shop_delivery past niet bij pakket [0-9]{14}: het vraagt product PSD/,
    provoke: async (h) => h.call('setScenario', { scenario: 'parcel_shop_delivery', parcelLabelNumber: await h.store() }),
  },
  {
    code: 'error_journey_diverged',
    message: /has shown events its scenario delivered does not have \(up to DeliveryFailure\)/,
    dutch: /heeft gebeurtenissen laten zien die scenario delivered niet heeft \(tot en met DeliveryFailure\)/,
    provoke: async (h) => {
      ok(await h.call('setScenario', { scenario: 'not_home_then_delivered' }));
      const number = await h.store();
      ok(await h.call('advanceParcel', { parcelLabelNumber: number, to: 'DeliveryFailure' }));
      return h.call('setScenario', { scenario: 'delivered', parcelLabelNumber: number });
    },
  },
  // Decoding: a value the contract does not take carries the violation's own code too.
  {
    code: 'error_invalid_field_value',
    message: /scenario must be one of delivered, not_home_then_delivered/,
    dutch: /scenario moet een van delivered, not_home_then_delivered/,
    provoke: (h) => h.call('setScenario', { scenario: 'stolen' }),
  },
  {
    code: 'error_missing_field',
    message: /running is required/,
    dutch: /running is verplicht/,
    provoke: (h) => h.call('setJourneyClock', {}),
  },
];

for (const binding of BINDINGS) {
  describe(`SandboxService refusal codes [${binding}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    const helperFor = async (language: 'en_US' | 'nl_NL', account: Case['account'] = {}): Promise<Helper> => {
      const { delisId } = await t.addAccount(account);
      const login = async (): Promise<Auth> => {
        const answer = ok(await callOver(binding, t, 'getAuth', { delisId, password: 'correct horse battery', messageLanguage: language }));
        return { delisId, authToken: answer.return.authToken, messageLanguage: language };
      };
      const auth = await login();
      const call = (operation: string, body: JsonObject = {}, as: Auth = auth) => callOver(binding, t, operation, body, as);
      const store = async () =>
        ok(await call('storeOrders', minimumRequest())).orderResult.shipmentResponses[0].parcelInformation[0].parcelLabelNumber as string;
      return { auth, call, store, login };
    };

    for (const refusal of CASES) {
      it(`answers ${refusal.code} with its own code, in English and in Dutch`, async () => {
        for (const [language, message] of [
          ['en_US', refusal.message],
          ['nl_NL', refusal.dutch],
        ] as const) {
          const answer = await refusal.provoke(await helperFor(language, refusal.account));
          assert.equal(answer.ok, false, `${refusal.code} ${language}: expected a refusal, got ${JSON.stringify(answer)}`);
          if (answer.ok) return;
          assert.equal(answer.code, refusal.code, answer.message);
          assert.equal(answer.detail, 'faults');
          assert.equal(answer.status, binding === 'REST' ? 400 : 500);
          assert.match(answer.message, message);
        }
      });
    }
  });
}

describe('SandboxService refusal codes: the list', () => {
  it('provokes every code the sandbox’s operations refuse with, each a catalogue code with both messages', () => {
    const directory = new URL('../../src/domain/sandbox/', import.meta.url);
    const refused = new Set<string>();
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(new URL(file, directory), 'utf8');
      for (const match of text.matchAll(/refuseSandbox\(\s*session,\s*'([a-z_]+)'/g)) refused.add(match[1]);
    }
    // advanceParcel's refusals are named through advanceRefusal's switch, in the same form.
    assert.ok(refused.size >= 15, `found ${refused.size} refusals`);
    const provoked = new Set(CASES.map((entry) => entry.code));
    assert.deepEqual([...refused].filter((code) => !provoked.has(code as ErrorCode)).sort(), []);
    for (const code of provoked) {
      assert.ok(Object.hasOwn(errorCatalogue, code), `${code} is in the catalogue`);
      assert.notEqual(formatMessage(code, 'en_US'), formatMessage(code, 'nl_NL'), `${code} has a Dutch message of its own`);
    }
  });
});
