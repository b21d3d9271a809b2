// SandboxService V1_0 (stage only; README "Testing your integration"): the controls an integrator's
// tests drive — reset the account, move its own clock, choose the journeys its parcels walk and let
// time move them, move a parcel on as the carrier would, and inject faults into its next calls. Requests and answers in the contract's vocabulary, so both
// bindings and the WSDL derive from them like every other service's.
import { ADVANCE_TARGETS, SCENARIOS } from './parcel-states.ts';
import { array, boolean, dateTime, dateTimeText, int, long, object, personal, required, string, type, type Infer } from './schema/model.ts';
import { PUSH_MODES } from './push-codes.ts';

/** The bindings an injected fault can wait for. */
export const FAULT_BINDINGS = Object.freeze(['REST', 'SOAP', 'any'] as const);

/** The HTTP statuses injectFault answers with: what a failing server or the proxy before it sends. */
export const INJECTED_HTTP_STATUSES = Object.freeze([500, 502, 503, 504] as const);

/** Most calls one injected fault applies to; default 1. */
export const MAX_FAULT_COUNT = 100;
/** Longest injected delay, in milliseconds. */
export const MAX_DELAY_MS = 30_000;
/** Most injected faults pending for one account. */
export const MAX_PENDING_FAULTS = 100;

/** A date and time, ISO 8601, with its seconds; without a zone it is read as UTC. */
const DATE_TIME = { zoneRequired: false, secondsOptional: false, fractionDigits: 9 } as const;

/** The part of an ISO 8601 duration after T: hours, minutes, seconds, at least one of them. */
const TIME_PART = 'T(?:[0-9]+H(?:[0-9]+M)?(?:[0-9]+(?:\\.[0-9]{1,3})?S)?|[0-9]+M(?:[0-9]+(?:\\.[0-9]{1,3})?S)?|[0-9]+(?:\\.[0-9]{1,3})?S)';

/** An ISO 8601 duration of weeks, or of days and a time part: P29D, PT25H, P1DT12H, P2W. */
const DURATION = new RegExp(`^P(?:[0-9]+W|[0-9]+D(?:${TIME_PART})?|${TIME_PART})$`);

/** A fault code an integrator's code may look for: letters, digits and `_ . : -`. */
const CODE = /^[A-Za-z0-9_.:-]+$/;
const CODE_TEXT = { en_US: 'letters, digits and _ . : - only', nl_NL: 'alleen letters, cijfers en _ . : -' } as const;

const code = () => required(string({ maxLength: 64, pattern: CODE, patternText: CODE_TEXT }));

/** An injected `faults` fault: its code, and its message (default: it says the sandbox injected it). */
export const SandboxFault = type('sandboxFault', {
  faultCode: code(),
  message: string({ maxLength: 500 }),
});

/** An injected `authenticationFault`: its code, and its message (default: it says the sandbox injected it). */
export const SandboxAuthenticationFault = type('sandboxAuthenticationFault', {
  errorCode: code(),
  errorMessage: string({ maxLength: 500 }),
});

/** The behaviours of injectFault: exactly one is given. */
export const behaviourFields = {
  fault: object(SandboxFault),
  authenticationFault: object(SandboxAuthenticationFault),
  httpStatus: int({ enum: INJECTED_HTTP_STATUSES }),
  /** Milliseconds to wait before the call goes on and gets its real answer. */
  delayMs: int({ min: 1, max: MAX_DELAY_MS }),
  dropConnection: boolean(),
};

/** resetAccount body: empty. */
export const ResetAccount = type('resetAccount', {});

const parcelLabelNumber = () => string({ length: 14, pattern: /^[0-9]{14}$/, patternText: { en_US: '14 digits', nl_NL: '14 cijfers' } });

/** setClock advanceTo: a parcel of the caller's and a status word of its journey (as advanceParcel's `to`). */
export const SandboxClockTarget = type('sandboxClockTarget', {
  parcelLabelNumber: required(parcelLabelNumber()),
  to: required(string({ enum: ADVANCE_TARGETS })),
});

/** setClock body: exactly one of the four. */
export const SetClock = type(
  'setClock',
  {
    /** Fixes the account's clock at this instant: it stands still until moved on or reset. */
    fixedTime: dateTimeText(DATE_TIME, {
      maxLength: 40,
      patternText: { en_US: 'a date and time such as 2026-11-23T09:00:00Z', nl_NL: 'een datum en tijd zoals 2026-11-23T09:00:00Z' },
    }),
    /** Moves the account's clock on by this ISO 8601 duration. */
    advanceBy: string({
      maxLength: 40,
      pattern: DURATION,
      patternText: {
        en_US: 'an ISO 8601 duration of weeks, days, hours, minutes or seconds such as P29D or PT25H',
        nl_NL: 'een ISO 8601-duur in weken, dagen, uren, minuten of seconden zoals P29D of PT25H',
      },
    }),
    /** true: back to the real time. */
    reset: boolean(),
    /**
     * Moves the account's clock on to the planned time of that parcel's next event of that word (its
     * events up to it recorded, as advanceParcel records them; every parcel of the account moving with
     * the clock). The tokens it holds keep their time left.
     */
    advanceTo: object(SandboxClockTarget),
  },
  { oneOf: [['fixedTime', 'advanceBy', 'reset', 'advanceTo']] },
);

/**
 * advanceParcel body: one of the caller's parcels and the status word of its journey to reach (the
 * next one of that word), or one of the states advanceParcel took before (`collected` … `delivered`).
 */
export const AdvanceParcel = type('advanceParcel', {
  parcelLabelNumber: required(parcelLabelNumber()),
  to: required(string({ enum: ADVANCE_TARGETS })),
});

/**
 * setScenario body: the journey the account's parcels stored from then on walk, or with
 * `parcelLabelNumber` the journey of that parcel alone.
 */
export const SetScenario = type('setScenario', {
  scenario: required(string({ enum: SCENARIOS })),
  parcelLabelNumber: parcelLabelNumber(),
});

/** setJourneyClock body: whether time moves the account's parcels (their events appear as its clock passes them). */
export const SetJourneyClock = type('setJourneyClock', {
  running: required(boolean()),
});

/** injectFault body: which calls, how many, and what happens to them. */
export const InjectFault = type(
  'injectFault',
  {
    /** An operation's name, or `*` for every operation but the sandbox's own. */
    operation: required(string({ maxLength: 64 })),
    /** Default `any`. */
    binding: string({ enum: FAULT_BINDINGS }),
    /** Default 1. */
    count: int({ min: 1, max: MAX_FAULT_COUNT }),
    ...behaviourFields,
  },
  { oneOf: [['fault', 'authenticationFault', 'httpStatus', 'delayMs', 'dropConnection']] },
);

/** listFaults and clearFaults body: one fault's id, or none for all. */
export const ListFaults = type('listFaults', { id: long({ min: 1 }) });
export const ClearFaults = type('clearFaults', { id: long({ min: 1 }) });

/** getSandboxState body: empty. */
export const GetSandboxState = type('getSandboxState', {});

/** The account's clock, as setClock and getSandboxState answer it. */
const clockFields = {
  now: required(dateTime()),
  /** Whether it stands still (fixedTime). */
  fixed: required(boolean()),
  /** How far a running clock is ahead of the real time, ISO 8601 (`PT0S` on the real time); absent while it stands still. */
  offset: string(),
};

export const SandboxClock = type('sandboxClock', clockFields);

/** A pending injected fault, as injectFault, listFaults and getSandboxState answer it. */
export const InjectedFault = type('injectedFault', {
  id: required(long()),
  operation: required(string()),
  binding: required(string()),
  /** How many more matching calls it applies to. */
  remaining: required(int()),
  ...behaviourFields,
});

/** How many of the account's parcels are in one state. */
export const ParcelCount = type('parcelCount', {
  state: required(string()),
  count: required(int()),
});

export const ResetAccountResponse = type('resetAccountResponse', {
  parcels: required(int()),
  /** Consignments, pickup orders and collection requests. */
  orders: required(int()),
  consolidations: required(int()),
  trackingEvents: required(int()),
  stageRequests: required(int()),
  faults: required(int()),
});

export const SetClockResponse = type('setClockResponse', clockFields);

export const AdvanceParcelResponse = type('advanceParcelResponse', {
  parcelLabelNumber: required(string({ length: 14 })),
  /** The parcel's state before and after (`consolidated`, `collected`, … `delivered`, `returned`, `lost`). */
  previousState: required(string()),
  state: required(string()),
  /** Its tracking's current status word before and after (`DataReceived`, `PickedUp`, …). */
  previousStatus: required(string()),
  status: required(string()),
  /** Set when its shipping day was not closed yet: the day (YYYYMMDD) the call closed on the way. */
  consolidationDate: int(),
  /**
   * Set when the account's clock was moved on: the last event's planned time, which the account's time
   * now reads (every event is recorded at its planned time; the tokens it holds keep their time left).
   */
  clockMovedTo: dateTime(),
});

/** The account's journey clock, as setJourneyClock and getSandboxState answer it. */
const journeyClockFields = {
  /** Whether time moves the account's parcels. */
  running: required(boolean()),
  /** Where their events stopped when the journeys were stopped (events after it wait); absent while running, or if they never ran. */
  stoppedAt: dateTime(),
};

export const SandboxJourneyClock = type('sandboxJourneyClock', journeyClockFields);

export const SetScenarioResponse = type('setScenarioResponse', {
  scenario: required(string()),
  /** The parcel whose scenario was set; absent when the account's default was. */
  parcelLabelNumber: string({ length: 14 }),
});

export const SetJourneyClockResponse = type('setJourneyClockResponse', journeyClockFields);

export const InjectFaultResponse = type('injectFaultResponse', InjectedFault.fields);

export const ListFaultsResponse = type('listFaultsResponse', { fault: array(object(InjectedFault)) });

export const ClearFaultsResponse = type('clearFaultsResponse', { cleared: required(int()) });

/** The account's push setting, as setPushUrl and setPushMode answer it. */
const pushSettingFields = {
  /** Absent: the account is not pushed to. */
  url: personal(string()),
  mode: required(string({ enum: PUSH_MODES })),
};

/** The account's push setting, as getSandboxState answers it. */
export const PushSetting = type('pushSetting', pushSettingFields);

export const GetSandboxStateResponse = type('getSandboxStateResponse', {
  clock: required(object(SandboxClock)),
  /** The scenario the account's parcels stored from now on walk (`delivered` unless set). */
  scenario: required(string()),
  journeyClock: required(object(SandboxJourneyClock)),
  /** The parcels per state (a collection request's, which are the driver's, not counted). */
  parcels: array(object(ParcelCount)),
  fault: array(object(InjectedFault)),
  /** Where the account's pushes go (its push URL, absent when off) and their test mode (README "Tracking push"). */
  push: required(object(PushSetting)),
});

/** setPushUrl body: where the account's pushes go (README "Tracking push"); absent or empty switches pushing off. */
export const SetPushUrl = type('setPushUrl', {
  /** An http or https URL with a host; its own query (a receiver's token) is kept. Masked in the stage log. */
  url: personal(string({ maxLength: 2000 })),
});

/** setPushMode body: how the account's pushes leave while its receiver is tested. */
export const SetPushMode = type('setPushMode', {
  /** `immediate` (default), `batched` (every 15 minutes of the account's clock), `shuffled` (batched, out of order), `duplicated` (each sent twice). */
  mode: required(string({ enum: PUSH_MODES })),
});

export const SetPushUrlResponse = type('setPushUrlResponse', pushSettingFields);
export const SetPushModeResponse = type('setPushModeResponse', pushSettingFields);

export type SetPushUrlData = Infer<typeof SetPushUrl>;
export type SetPushModeData = Infer<typeof SetPushMode>;
export type SetClockData = Infer<typeof SetClock>;
export type AdvanceParcelData = Infer<typeof AdvanceParcel>;
export type SetScenarioData = Infer<typeof SetScenario>;
export type SetJourneyClockData = Infer<typeof SetJourneyClock>;
export type InjectFaultData = Infer<typeof InjectFault>;
export type ListFaultsData = Infer<typeof ListFaults>;
export type ClearFaultsData = Infer<typeof ClearFaults>;
