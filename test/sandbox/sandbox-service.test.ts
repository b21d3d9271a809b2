// SandboxService over both bindings (REST and SOAP alike): the account's own clock and what follows it
// (token expiry, the 28 days, the mpsId and label date, tracking times), resetAccount,
// advanceParcel, setScenario and setJourneyClock's refusals, getSandboxState, and every input refused with its coded error. One account's
// sandbox never touches another's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { trackingDate } from '../../src/domain/parcel-life-cycle/tracking-dates.ts';
import { edit, minimumRequest, pickupRequest, set, TODAY, type JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { BINDINGS, callOver, ok, type CallAnswer } from '../support/binding-client.ts';
import type { Auth } from '../support/rest.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A Tuesday, far from the test clock's Monday 2026-11-23. */
const FIXED = '2027-01-05T10:00:00.000Z';

/** Asserts a refusal of `code` whose message matches `message`. */
function refused(answer: CallAnswer, code: string, message?: RegExp): void {
  assert.equal(answer.ok, false, `expected ${code}, got an answer: ${JSON.stringify(answer)}`);
  if (answer.ok) return;
  assert.equal(answer.code, code, answer.message);
  if (message !== undefined) assert.match(answer.message, message);
}

for (const binding of BINDINGS) {
  describe(`SandboxService [${binding}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp();
    });
    after(() => t.close());

    const call = (operation: string, auth: Auth | undefined, body: JsonObject = {}) => callOver(binding, t, operation, body, auth);
    const login = async (delisId: string): Promise<Auth> => {
      const value = ok(await callOver(binding, t, 'getAuth', { delisId, password: 'correct horse battery', messageLanguage: 'en_US' }));
      return { delisId, authToken: value.return.authToken, messageLanguage: 'en_US' };
    };
    const newAccount = async (overrides: Parameters<TestApp['addAccount']>[0] = {}) => login((await t.addAccount(overrides)).delisId);
    const store = async (auth: Auth, request: JsonObject = minimumRequest()) => {
      const value = ok(await call('storeOrders', auth, request));
      return { numbers: value.orderResult.shipmentResponses[0].parcelInformation.map((p: any) => p.parcelLabelNumber as string), value };
    };
    const tracking = async (auth: Auth, number: string) =>
      ok(await call('getTrackingData', auth, { parcelLabelNumber: number })).trackingResult;
    const states = async (auth: Auth, number: string) =>
      ((await tracking(auth, number)).statusInfo ?? []) as Array<{
        status: string;
        statusHasBeenReached: boolean;
        isCurrentStatus: boolean;
        location: { content: string };
        date: { content: string };
      }>;
    /** An instant as tracking writes it in English (`M/D/YYYY h:mm:ss AM|PM` in the service's time zone). */
    const trackedAt = (instant: Date | string) => trackingDate(new Date(instant), 'en_US', t.deps.settings.timeZone);
    /** The current status word, or without events the shipment's own heading ("Shipment data expired"). */
    const current = async (auth: Auth, number: string) => {
      const result = await tracking(auth, number);
      const events = (result.statusInfo ?? []) as Array<{ status: string; isCurrentStatus: boolean }>;
      return events.find((s) => s.isCurrentStatus)?.status ?? (result.shipmentInfo.label.content as string);
    };
    /** getSandboxState of an account that never touched its journeys. */
    const untouched = { scenario: 'delivered', journeyClock: { running: false }, push: { mode: 'immediate' } };
    /**
     * setClock, then a new login: a clock moved more than a day past the token's issue expires it (as
     * the next test shows), and the new token lasts a day of the account's time.
     */
    const moveClock = async (auth: Auth, body: JsonObject) => {
      const value = ok(await call('setClock', auth, body));
      return { value, auth: await login(auth.delisId) };
    };

    it('answers the real time until the clock is moved, and the moved time after', async () => {
      const auth = await newAccount();
      assert.deepEqual(ok(await call('getSandboxState', auth)).clock, { now: t.clock.now().toISOString(), fixed: false, offset: 'PT0S' });
      assert.deepEqual(ok(await call('setClock', auth, { advanceBy: 'PT90M' })), {
        now: new Date(t.clock.now().getTime() + 90 * 60_000).toISOString(),
        fixed: false,
        offset: 'PT1H30M',
      });
      // A running clock runs on with the real time, ahead by its offset.
      t.clock.advance(60_000);
      assert.equal(ok(await call('getSandboxState', auth)).clock.now, new Date(t.clock.now().getTime() + 90 * 60_000).toISOString());
      const fixed = await moveClock(auth, { fixedTime: FIXED });
      assert.deepEqual(fixed.value, { now: FIXED, fixed: true });
      // A fixed clock stands still, and advanceBy moves it on from where it stands.
      t.clock.advance(60_000);
      assert.equal(ok(await call('getSandboxState', fixed.auth)).clock.now, FIXED);
      const moved = await moveClock(fixed.auth, { advanceBy: 'P1DT2H' });
      assert.deepEqual(moved.value, { now: '2027-01-06T12:00:00.000Z', fixed: true });
      assert.deepEqual(ok(await call('setClock', moved.auth, { reset: true })), {
        now: t.clock.now().toISOString(),
        fixed: false,
        offset: 'PT0S',
      });
    });

    it('expires a token issued before advanceBy PT25H, and a new login issues one by the account’s time', async () => {
      const auth = await newAccount();
      ok(await call('setClock', auth, { advanceBy: 'PT25H' }));
      refused(await call('getSandboxState', auth), 'ERR_DELICOM_TOKEN_EXPIRED');
      const login = ok(
        await callOver(binding, t, 'getAuth', { delisId: auth.delisId, password: 'correct horse battery', messageLanguage: 'en_US' }),
      );
      assert.notEqual(login.return.authToken, auth.authToken);
      assert.equal(login.return.authTokenExpires, new Date(t.clock.now().getTime() + 25 * 60 * 60_000 + DAY).toISOString());
      const again = { ...auth, authToken: login.return.authToken };
      ok(await call('setClock', again, { reset: true }));
      // Back on the real time the new token is still valid, with the day of the account's time it had left.
      ok(await call('getSandboxState', again));
      ok(await call('setClock', again, { advanceBy: 'PT23H59M59S' }));
      ok(await call('getSandboxState', again));
      ok(await call('setClock', again, { advanceBy: 'PT1S' }));
      refused(await call('getSandboxState', again), 'ERR_DELICOM_TOKEN_EXPIRED');
    });

    it('never leaves a token valid longer than a day of the account’s time when the clock moves back (issue 28 item 6)', async () => {
      const first = await newAccount();
      ok(await call('setClock', first, { advanceBy: 'P10D' }));
      const ahead = await login(first.delisId);
      ok(await call('setClock', ahead, { reset: true }));
      const loginAfterReset = async () =>
        ok(await callOver(binding, t, 'getAuth', { delisId: first.delisId, password: 'correct horse battery', messageLanguage: 'en_US' }))
          .return as { authToken: string; authTokenExpires: string };
      const back = await loginAfterReset();
      // The token issued ten days ahead came back with the clock: a day from now, not eleven.
      assert.equal(back.authToken, ahead.authToken);
      assert.equal(back.authTokenExpires, new Date(t.clock.now().getTime() + DAY).toISOString());
      const auth = { ...first, authToken: back.authToken };
      ok(await call('getSandboxState', auth));
      ok(await call('setClock', auth, { advanceBy: 'P1DT1H' }));
      refused(await call('getSandboxState', auth), 'ERR_DELICOM_TOKEN_EXPIRED');
      // The first token, expired by the move ahead, stays expired after the move back.
      refused(await call('getSandboxState', first), 'ERR_DELICOM_TOKEN_EXPIRED');
      // A clock fixed ahead and then moved back (fixedTime earlier) takes its tokens back with it too.
      const fixed = await login(first.delisId);
      ok(await call('setClock', fixed, { fixedTime: FIXED }));
      const atFixed = await login(first.delisId);
      ok(await call('setClock', atFixed, { fixedTime: '2027-01-01T10:00:00.000Z' }));
      const again = await loginAfterReset();
      assert.equal(again.authToken, atFixed.authToken);
      assert.equal(again.authTokenExpires, '2027-01-02T10:00:00.000Z');
      ok(await call('setClock', { ...first, authToken: again.authToken }, { reset: true }));
      const real = await loginAfterReset();
      assert.equal(real.authToken, atFixed.authToken);
      assert.equal(real.authTokenExpires, new Date(t.clock.now().getTime() + DAY).toISOString());
    });

    it('makes a transferred parcel answer "expired" after advanceBy P29D, and the purge take it by the account’s time', async () => {
      const auth = await newAccount({ lateExport: true });
      const { numbers } = await store(auth);
      const exported = ok(await call('exportOrders', auth, { parcelLabelNumber: numbers }));
      assert.equal(exported.success, true);
      assert.equal(await current(auth, numbers[0]), 'DataReceived');
      ok(await call('setClock', auth, { advanceBy: 'P29D' }));
      const later = await login(auth.delisId);
      assert.equal(await current(later, numbers[0]), 'Shipment data expired');
      const again = ok(await call('exportOrders', later, { parcelLabelNumber: numbers }));
      assert.match(again.orderResult[0].message, /expired 28 days after the transfer/);
      assert.deepEqual(ok(await call('getSandboxState', later)).parcels, [{ state: 'expired', count: 1 }]);
      const { purge } = await import('../../src/domain/operator/purge.ts');
      const purged = await purge(t.store, t.clock.now(), 30 * DAY);
      assert.ok(purged.parcels >= 1, JSON.stringify(purged));
      // The carrier no longer has its data: no events, only the contact to ask.
      assert.deepEqual(await states(later, numbers[0]), []);
      assert.equal((await tracking(later, numbers[0])).shipmentInfo.showContactInfo, true);
    });

    it('dates the mpsId and the label by fixedTime', async () => {
      const { auth } = await moveClock(await newAccount(), { fixedTime: FIXED });
      const { numbers, value } = await store(
        auth,
        edit(minimumRequest(), set('printOptions', { printerLanguage: 'ZPL', paperFormat: 'A6' })),
      );
      assert.equal(value.orderResult.shipmentResponses[0].mpsId, `MPS${numbers[0]}20270105`);
      const zpl = Buffer.from(value.orderResult.parcellabelsPDF, 'base64').toString('utf8');
      assert.match(zpl, /2027-01-05/);
      assert.doesNotMatch(zpl, /2026-11-23/);
      // Tracking times and the consolidation day follow it too; a day after it "has not begun".
      const [received] = await states(auth, numbers[0]);
      assert.deepEqual([received.status, received.date.content], ['DataReceived', trackedAt(FIXED)]);
      assert.equal(trackedAt(FIXED), '1/5/2027 11:00:00 AM');
      refused(await call('startOrdersConsolidation', auth, { consolidationDate: 20270106 }), 'ERR_INVALID_REQUEST', /has not begun yet/);
      assert.equal(ok(await call('startOrdersConsolidation', auth, { consolidationDate: 20270105 })).success, true);
      // Consolidated, not yet collected: the carrier still has only the data.
      assert.equal(await current(auth, numbers[0]), 'DataReceived');
    });

    it("judges a pickup date by the account's today", async () => {
      const { auth } = await moveClock(await newAccount(), { fixedTime: FIXED });
      const validated = ok(await call('validateOrders', auth, pickupRequest(20261124)));
      assert.deepEqual(
        validated.orderResult.messages.map((m: { code: string; detail: string }) => [m.code, m.detail]),
        [
          [
            'error_pickup_date_in_past',
            'order[0].productAndServiceData.pickup.date 20261124 is in the past; the earliest pickup date is 20270105.',
          ],
        ],
      );
      assert.equal(ok(await call('validateOrders', auth, pickupRequest(20270105))).orderResult.success, true);
    });

    it("keeps account A's clock away from account B", async () => {
      const a = (await moveClock(await newAccount(), { fixedTime: FIXED })).auth;
      const b = await newAccount();
      ok(await call('setClock', a, { advanceBy: 'P29D' }));
      assert.deepEqual(ok(await call('getSandboxState', b)).clock, { now: t.clock.now().toISOString(), fixed: false, offset: 'PT0S' });
      const { numbers, value } = await store(b);
      assert.equal(value.orderResult.shipmentResponses[0].mpsId, `MPS${numbers[0]}${TODAY}`);
      assert.equal(await current(b, numbers[0]), 'DataReceived');
    });

    it('resets the account: its old numbers answer as unknown, new ones continue the sequence, and B keeps its data', async () => {
      const a = await newAccount({ pickupApproved: true });
      const b = await newAccount();
      const first = await store(a, { ...minimumRequest(), order: [minimumRequest().order, minimumRequest().order].flat() });
      const oldNumbers: string[] = first.value.orderResult.shipmentResponses.map((r: any) => r.parcelInformation[0].parcelLabelNumber);
      const { numbers: bNumbers } = await store(b);
      assert.equal(ok(await call('startOrdersConsolidation', a, { consolidationDate: TODAY })).success, true);
      ok(await call('injectFault', a, { operation: 'getTrackingData', binding: 'any', httpStatus: 503 }));
      ok(await call('injectFault', b, { operation: 'exportOrders', httpStatus: 500 }));
      const removed = ok(await call('resetAccount', a));
      assert.deepEqual(
        { ...removed, stageRequests: undefined },
        { parcels: 2, orders: 2, consolidations: 1, trackingEvents: 2, stageRequests: undefined, faults: 1 },
      );
      for (const number of oldNumbers) {
        refused(await call('getTrackingData', a, { parcelLabelNumber: number }), 'ERR_INVALID_REQUEST', /is not a parcel of this account/);
      }
      const deleted = ok(await call('deleteOrders', a, { parcelLabelNumber: oldNumbers }));
      assert.equal(deleted.success, false);
      assert.deepEqual(ok(await call('getSandboxState', a)), {
        clock: { now: t.clock.now().toISOString(), fixed: false, offset: 'PT0S' },
        ...untouched,
      });
      // The token and the settings stay; the next numbers come after every number issued before.
      const { numbers: next } = await store(a);
      const serial = (number: string) => Number(number.slice(4));
      assert.ok(
        serial(next[0]) > Math.max(...[...oldNumbers, ...bNumbers].map(serial)),
        `${next[0]} after ${oldNumbers.join(', ')} and ${bNumbers.join(', ')}`,
      );
      // B: its parcel, its fault and its tracking are untouched.
      assert.equal(await current(b, bNumbers[0]), 'DataReceived');
      assert.equal(ok(await call('listFaults', b)).fault.length, 1);
    });

    it('moves a parcel to delivered, its day closed on the way, each event at its planned time, the clock moved on to the last (the token kept)', async () => {
      const { auth } = await moveClock(await newAccount(), { fixedTime: FIXED });
      const { numbers } = await store(auth);
      ok(await call('setClock', auth, { advanceBy: 'PT2H' }));
      assert.deepEqual(ok(await call('advanceParcel', auth, { parcelLabelNumber: numbers[0], to: 'delivered' })), {
        parcelLabelNumber: numbers[0],
        previousState: 'transferred',
        state: 'delivered',
        previousStatus: 'DataReceived',
        status: 'Delivered',
        consolidationDate: 20270105,
        clockMovedTo: '2027-01-06T12:22:48.000Z',
      });
      // The same token still works: the sandbox moved the clock, the session did not grow old.
      assert.equal(ok(await call('getSandboxState', auth)).clock.now, '2027-01-06T12:22:48.000Z');
      const history = await states(auth, numbers[0]);
      assert.deepEqual(
        history.map((s) => [s.status, s.location.content, s.statusHasBeenReached, s.isCurrentStatus]),
        [
          ['DataReceived', 'Best (NL)', true, false],
          ['PickedUp', 'Best (NL)', true, false],
          ['BetweenDepots', 'Best (NL)', true, false],
          ['BetweenDepots', 'Best (NL)', true, false],
          ['Depot', 'Berkel en Rodenrijs (NL)', true, false],
          ['Courier', 'Berkel en Rodenrijs (NL)', true, false],
          ['Delivered', 'Berkel en Rodenrijs (NL)', true, true],
        ],
      );
      // Each at its planned time (issue 38 item 2), not all at the account's time of the call.
      assert.deepEqual(
        history.slice(1).map((s) => s.date.content),
        [
          '2027-01-05T17:34:07.000Z',
          '2027-01-05T19:11:26.000Z',
          '2027-01-05T19:48:00.000Z',
          '2027-01-06T03:09:55.000Z',
          '2027-01-06T06:34:34.000Z',
          '2027-01-06T12:22:48.000Z',
        ].map(trackedAt),
      );
      refused(
        await call('advanceParcel', auth, { parcelLabelNumber: numbers[0], to: 'in_transit' }),
        'error_parcel_already_there',
        /has passed in_transit already: its current status is Delivered/,
      );
      assert.deepEqual(ok(await call('getSandboxState', auth)).parcels, [{ state: 'delivered', count: 1 }]);
    });

    it('refuses to move a parcel whose data has not reached the carrier (late export), and a word its scenario does not have', async () => {
      const auth = await newAccount({ lateExport: true });
      const { numbers } = await store(auth);
      refused(
        await call('advanceParcel', auth, { parcelLabelNumber: numbers[0], to: 'PickedUp' }),
        'error_parcel_not_transferred',
        /is queued: its shipment data has not reached the carrier yet; export it with exportOrders first/,
      );
      ok(await call('exportOrders', auth, { parcelLabelNumber: numbers }));
      refused(
        await call('advanceParcel', auth, { parcelLabelNumber: numbers[0], to: 'ReturnedToSender' }),
        'error_status_not_in_scenario',
        /to ReturnedToSender is not a status of this parcel's scenario delivered: PickedUp, BetweenDepots, Depot, Courier, Delivered/,
      );
      // Refused before anything changed: its day is still open.
      assert.deepEqual(ok(await call('getSandboxState', auth)).parcels, [{ state: 'transferred', count: 1 }]);
    });

    it("answers another account's parcel, an unknown one and a deleted one as the other operations do", async () => {
      const a = await newAccount();
      const b = await newAccount();
      const { numbers: theirs } = await store(b);
      const { numbers: mine } = await store(a);
      ok(await call('deleteOrders', a, { parcelLabelNumber: mine }));
      const advance = (number: string) => call('advanceParcel', a, { parcelLabelNumber: number, to: 'collected' });
      refused(
        await advance(theirs[0]),
        'error_parcel_not_found',
        new RegExp(`parcelLabelNumber ${theirs[0]} is not a parcel of this account`),
      );
      refused(await advance('05229999999999'), 'error_parcel_not_found', /05229999999999 is not a parcel of this account/);
      refused(await advance(mine[0]), 'error_parcel_deleted', /was deleted/);
      refused(
        await call('advanceParcel', a, { parcelLabelNumber: '123', to: 'collected' }),
        'error_invalid_field_length',
        /14 characters|14 digits/,
      );
      refused(
        await call('advanceParcel', a, { parcelLabelNumber: mine[0], to: 'stolen' }),
        'error_invalid_field_value',
        /must be one of PickupFailure, PickedUp, BetweenDepots, .*, collected, in_transit, out_for_delivery, delivered/,
      );
      assert.equal(await current(b, theirs[0]), 'DataReceived');
    });

    it('lists parcels per state, the clock and the pending faults', async () => {
      const auth = await newAccount({ lateExport: true });
      const { numbers } = await store(auth, { ...minimumRequest(), order: [minimumRequest().order, minimumRequest().order].flat() });
      const second = ok(await call('storeOrders', auth, minimumRequest())).orderResult.shipmentResponses[0].parcelInformation[0]
        .parcelLabelNumber;
      ok(await call('exportOrders', auth, { parcelLabelNumber: [second] }));
      ok(await call('deleteOrders', auth, { parcelLabelNumber: [numbers[0]] }));
      const fault = ok(await call('injectFault', auth, { operation: 'storeOrders', binding: 'REST', count: 3, delayMs: 10 }));
      assert.deepEqual(ok(await call('getSandboxState', auth)), {
        clock: { now: t.clock.now().toISOString(), fixed: false, offset: 'PT0S' },
        ...untouched,
        parcels: [
          { state: 'queued', count: 1 },
          { state: 'transferred', count: 1 },
          { state: 'deleted', count: 1 },
        ],
        fault: [{ id: fault.id, operation: 'storeOrders', binding: 'REST', remaining: 3, delayMs: 10 }],
      });
    });

    // Every input is checked, each problem refused with its own code, naming the field.
    const refusals: ReadonlyArray<{ name: string; code: string; operation: string; body: JsonObject; message: RegExp }> = [
      {
        name: 'setClock with nothing',
        code: 'error_clock_choice',
        operation: 'setClock',
        body: {},
        message: /setClock: give exactly one of fixedTime, advanceBy, reset \(true\) or advanceTo/,
      },
      {
        name: 'setClock with reset false',
        code: 'error_clock_choice',
        operation: 'setClock',
        body: { reset: false },
        message: /give exactly one of/,
      },
      {
        name: 'setClock with two choices',
        code: 'error_clock_choice',
        operation: 'setClock',
        body: { fixedTime: FIXED, advanceBy: 'P1D' },
        message: /give exactly one of/,
      },
      {
        name: 'a fixedTime that does not exist',
        code: 'error_invalid_date_time',
        operation: 'setClock',
        body: { fixedTime: '2027-02-30T10:00:00Z' },
        message: /fixedTime 2027-02-30T10:00:00Z is not a date and time that exists/,
      },
      {
        name: 'a fixedTime without seconds',
        code: 'error_invalid_field_format',
        operation: 'setClock',
        body: { fixedTime: '2027-01-05T10:00Z' },
        message: /fixedTime must contain a date and time such as 2026-11-23T09:00:00Z/,
      },
      {
        name: 'a fixedTime before 2000',
        code: 'error_clock_out_of_range',
        operation: 'setClock',
        body: { fixedTime: '1999-12-31T23:59:59Z' },
        message:
          /the account's clock would read 1999-12-31T23:59:59.000Z; it must stay from 2000-01-01T00:00:00.000Z to 2999-12-31T23:59:59.999Z/,
      },
      {
        name: 'an advanceBy in months',
        code: 'error_invalid_field_format',
        operation: 'setClock',
        body: { advanceBy: 'P1M' },
        message: /advanceBy must contain an ISO 8601 duration of weeks, days, hours, minutes or seconds/,
      },
      {
        name: 'an advanceBy beyond the range',
        code: 'error_clock_out_of_range',
        operation: 'setClock',
        body: { advanceBy: 'P400000D' },
        message: /advanceBy: the account's clock would read .*; it must stay from/,
      },
      {
        name: 'an advanceBy too large for a number',
        code: 'error_clock_out_of_range',
        operation: 'setClock',
        body: { advanceBy: `P${'9'.repeat(30)}D` },
        message: /advanceBy: the account's clock would read later than 2999-12-31T23:59:59.999Z; it must stay from/,
      },
      {
        name: 'a field setClock does not have',
        code: 'error_unknown_field',
        operation: 'setClock',
        body: { reset: true, timezone: 'UTC' },
        message: /timezone is not a field/,
      },
      {
        name: 'injectFault without a behaviour',
        code: 'error_fault_behaviour_choice',
        operation: 'injectFault',
        body: { operation: 'storeOrders' },
        message: /injectFault: give exactly one of fault, authenticationFault, httpStatus, delayMs or dropConnection/,
      },
      {
        name: 'injectFault with two behaviours',
        code: 'error_fault_behaviour_choice',
        operation: 'injectFault',
        body: { operation: 'storeOrders', httpStatus: 503, delayMs: 10 },
        message: /give exactly one of/,
      },
      {
        name: 'injectFault with dropConnection false alone',
        code: 'error_fault_behaviour_choice',
        operation: 'injectFault',
        body: { operation: 'storeOrders', dropConnection: false },
        message: /give exactly one of/,
      },
      {
        name: 'injectFault into an unknown operation',
        code: 'error_unknown_operation',
        operation: 'injectFault',
        body: { operation: 'shipEverything', httpStatus: 503 },
        message: /operation shipEverything is not an operation a fault can be injected into; use \* or one of storeOrders, validateOrders/,
      },
      {
        name: 'injectFault into the login',
        code: 'error_unknown_operation',
        operation: 'injectFault',
        body: { operation: 'getAuth', httpStatus: 503 },
        message: /operation getAuth is not an operation a fault can be injected into/,
      },
      {
        name: "injectFault into the sandbox's own",
        code: 'error_unknown_operation',
        operation: 'injectFault',
        body: { operation: 'clearFaults', httpStatus: 503 },
        message: /operation clearFaults is not an operation a fault can be injected into/,
      },
      {
        name: 'a binding of neither',
        code: 'error_invalid_field_value',
        operation: 'injectFault',
        body: { operation: '*', binding: 'HTTP', httpStatus: 503 },
        message: /binding must be one of REST, SOAP, any/,
      },
      {
        name: 'a count of 0',
        code: 'error_value_too_small',
        operation: 'injectFault',
        body: { operation: '*', count: 0, httpStatus: 503 },
        message: /count must be at least 1/,
      },
      {
        name: 'a count of 101',
        code: 'error_value_too_large',
        operation: 'injectFault',
        body: { operation: '*', count: 101, httpStatus: 503 },
        message: /count must be at most 100/,
      },
      {
        name: 'an HTTP status of 501',
        code: 'error_invalid_field_value',
        operation: 'injectFault',
        body: { operation: '*', httpStatus: 501 },
        message: /httpStatus must be one of 500, 502, 503, 504/,
      },
      {
        name: 'a delay over 30 s',
        code: 'error_value_too_large',
        operation: 'injectFault',
        body: { operation: '*', delayMs: 30_001 },
        message: /delayMs must be at most 30000/,
      },
      {
        name: 'a fault code with a space',
        code: 'error_invalid_field_format',
        operation: 'injectFault',
        body: { operation: '*', fault: { faultCode: 'not found' } },
        message: /fault.faultCode must contain letters, digits and _ . : - only/,
      },
      {
        name: 'a fault without a code',
        code: 'error_missing_field',
        operation: 'injectFault',
        body: { operation: '*', fault: { message: 'x' } },
        message: /fault.faultCode is required/,
      },
      {
        name: 'listFaults of an unknown id',
        code: 'error_injected_fault_not_found',
        operation: 'listFaults',
        body: { id: 999_999 },
        message: /id 999999 is not a pending injected fault of this account/,
      },
      {
        name: 'clearFaults of an unknown id',
        code: 'error_injected_fault_not_found',
        operation: 'clearFaults',
        body: { id: 999_999 },
        message: /id 999999 is not a pending injected fault of this account/,
      },
      {
        name: 'clearFaults of id 0',
        code: 'error_value_too_small',
        operation: 'clearFaults',
        body: { id: 0 },
        message: /id must be at least 1/,
      },
      {
        name: 'a scenario that does not exist',
        code: 'error_invalid_field_value',
        operation: 'setScenario',
        body: { scenario: 'stolen' },
        message: /scenario must be one of delivered, not_home_then_delivered/,
      },
      {
        name: 'setScenario without a scenario',
        code: 'error_missing_field',
        operation: 'setScenario',
        body: {},
        message: /scenario is required/,
      },
      {
        name: 'setScenario for an unknown parcel',
        code: 'error_parcel_not_found',
        operation: 'setScenario',
        body: { scenario: 'lost', parcelLabelNumber: '05229999999999' },
        message: /parcelLabelNumber 05229999999999 is not a parcel of this account/,
      },
      {
        name: 'setScenario for a malformed number',
        code: 'error_invalid_field_length',
        operation: 'setScenario',
        body: { scenario: 'lost', parcelLabelNumber: '0522' },
        message: /parcelLabelNumber/,
      },
      {
        name: 'setJourneyClock without running',
        code: 'error_missing_field',
        operation: 'setJourneyClock',
        body: {},
        message: /running is required/,
      },
      {
        name: 'setJourneyClock with a word',
        code: 'error_invalid_type',
        operation: 'setJourneyClock',
        body: { running: 'yes' },
        message: /running/,
      },
    ];
    for (const refusal of refusals) {
      it(`refuses ${refusal.name}`, async () => {
        const auth = await newAccount();
        refused(await call(refusal.operation, auth, refusal.body), refusal.code, refusal.message);
        // Refused whole: the clock, the journeys and the faults are as they were.
        assert.deepEqual(ok(await call('getSandboxState', auth)), {
          clock: { now: t.clock.now().toISOString(), fixed: false, offset: 'PT0S' },
          ...untouched,
        });
      });
    }

    it('refuses a 101st pending fault, and takes one again once one is cleared', async () => {
      const auth = await newAccount();
      for (let i = 0; i < 100; i++) ok(await call('injectFault', auth, { operation: 'getTrackingData', binding: 'REST', delayMs: 1 }));
      refused(
        await call('injectFault', auth, { operation: '*', httpStatus: 503 }),
        'error_too_many_pending_faults',
        /injectFault: this account has 100 injected faults pending already; clear some with clearFaults/,
      );
      const [first] = ok(await call('listFaults', auth)).fault;
      assert.deepEqual(ok(await call('clearFaults', auth, { id: first.id })), { cleared: 1 });
      ok(await call('injectFault', auth, { operation: '*', httpStatus: 503 }));
      assert.deepEqual(ok(await call('clearFaults', auth)), { cleared: 100 });
    });

    it('answers in Dutch when the caller asks for it', async () => {
      const auth = { ...(await newAccount()), messageLanguage: 'nl_NL' };
      refused(
        await call('setClock', auth, {}),
        'error_clock_choice',
        /geef precies één van fixedTime, advanceBy, reset \(true\) of advanceTo/,
      );
    });

    it('is refused without a valid token', async () => {
      const auth = await newAccount();
      refused(await call('resetAccount', { ...auth, authToken: 'x'.repeat(43) }), 'ERR_DELICOM_TOKEN_INCORRECT');
      const answer: CallAnswer = await call('getSandboxState', { ...auth, authToken: 'not a token' });
      refused(answer, 'DELICOM_ERR_AUTHENTICATION');
      assert.equal(!answer.ok && answer.detail, 'authenticationFault');
    });

    it("answers a call with HTTP 200 and the operation's response", async () => {
      const auth = await newAccount();
      const answer = await call('resetAccount', auth);
      assert.equal(answer.status, 200);
      assert.deepEqual(ok(answer), {
        parcels: 0,
        orders: 0,
        consolidations: 0,
        trackingEvents: 0,
        stageRequests: ok(answer).stageRequests,
        faults: 0,
      });
    });
  });
}
