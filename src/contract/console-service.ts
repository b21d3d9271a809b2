// ConsoleService V1_0: the read operations the web console (/console) is built on, open to every
// client with the same authentication: the account's parcels, one parcel's order and history, a
// reprint of its label, and (stage) the account's logged calls. Ours, not the carrier's, so they sit in
// a service of their own and the carrier's WSDLs stay as they are (docs/decisions.md "Console").
import {
  array,
  binary,
  boolean,
  dateTime,
  int,
  long,
  object,
  personal,
  required,
  string,
  type,
  yyyymmdd as date,
  dateTimeText,
  type Infer,
} from './schema/model.ts';
import { PARCEL_STATES } from './parcel-states.ts';
import { PUSH_CODES, PUSH_STATES } from './push-codes.ts';
import { PrintOptions } from './shipment-service/shipment-requests.ts';
import { StoredOrder } from './shipment-service/shipment-service-v33.ts';

/** Most entries one findParcels or findStageRequests page holds; DEFAULT_PAGE_SIZE without `limit`. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/**
 * Most characters of request and answer text one findStageRequests page holds (1 Mi): the page ends
 * before the entry that would pass it, with `more`, however high `limit` is — always at least one
 * entry. 100 entries of 64 KB texts each made answers of 6 MB that a client could leave unread.
 */
export const MAX_STAGE_REQUESTS_PAGE_TEXT = 1024 * 1024;
/** Most parcels one reprintLabels call reprints (storeOrders' most orders per request). */
export const MAX_REPRINTS = 30;

const DIGITS_14 = { en_US: '14 digits', nl_NL: '14 cijfers' } as const;
const parcelLabelNumber = () => string({ length: 14, pattern: /^[0-9]{14}$/, patternText: DIGITS_14 });
const yyyymmdd = () => date({ min: 19000101, max: 29991231 });
/** The format of a request's time (error_invalid_field_format's {format}). */
export const ISO_DATE_TIME = {
  en_US: 'a date and time with its offset (2026-11-29T10:00:00Z)',
  nl_NL: 'een datum en tijd met verschuiving (2026-11-29T10:00:00Z)',
} as const;
/** A time in a request (xs:dateTime is an answer's type only): ISO 8601 with seconds optional and an offset. */
const isoDateTime = () =>
  dateTimeText({ zoneRequired: true, secondsOptional: true, fractionDigits: 3 }, { maxLength: 35, patternText: ISO_DATE_TIME });
const pageSize = () => int({ min: 1, max: MAX_PAGE_SIZE });

/** findParcels body: every filter optional; the newest parcels first. */
export const FindParcels = type('findParcels', {
  /** Only parcels in this state. */
  state: string({ enum: PARCEL_STATES }),
  /** Only parcels shipped on or after this day (YYYYMMDD). */
  shipDateFrom: yyyymmdd(),
  /** Only parcels shipped on or before this day (YYYYMMDD). */
  shipDateTo: yyyymmdd(),
  /** A parcel label number (14 digits), or a reference printed on the label, matched whole, in any letter case. */
  search: string({ minLength: 1, maxLength: 35 }),
  /** How many parcels, at most. Default 20. */
  limit: pageSize(),
  /** The page after this parcel: the last number of the page before. */
  after: parcelLabelNumber(),
});

/** A parcel as findParcels lists it: what the list shows, from the parcel and its order. */
export const ParcelSummary = type('parcelSummary', {
  parcelLabelNumber: required(string({ length: 14 })),
  state: required(string()),
  /** YYYYMMDD in the service's time zone. */
  shipDate: required(int()),
  createdAt: required(dateTime()),
  product: required(string()),
  mpsId: string(),
  /** The order's recipient, while the order's data is kept (not after a delete or expiry). */
  recipientName: personal(string()),
  recipientCity: string(),
  recipientCountry: string(),
  /** The references printed on the label, in the label's order. */
  reference: personal(array(string())),
});

/** findParcels answer: a page of parcels, newest first, and whether older ones follow. */
export const FindParcelsResponse = type('findParcelsResponse', {
  parcel: array(object(ParcelSummary)),
  more: required(boolean()),
});

/** getParcelData body. */
export const GetParcelData = type('getParcelData', {
  parcelLabelNumber: required(parcelLabelNumber()),
});

/** One state a parcel entered, and when. */
export const ParcelEventEntry = type('parcelEvent', {
  state: required(string()),
  at: required(dateTime()),
});

/** One event of a parcel's tracking, as getTrackingData answers it, in the caller's language. */
export const TrackingEventEntry = type('trackingEvent', {
  /** The carrier's status word (`PickedUp`, `Courier`, `Delivered`, …). */
  status: required(string()),
  /** Its phase heading and sentence. */
  label: required(string()),
  description: required(string()),
  /** Where it happened: `Town (CC)`. */
  location: required(string()),
  at: required(dateTime()),
});

/** getParcelData's parcel: the parcel, its order as stored, the print options of its label, its history. */
export const ParcelDetails = type('parcelData', {
  parcelLabelNumber: required(string({ length: 14 })),
  state: required(string()),
  shipDate: required(int()),
  createdAt: required(dateTime()),
  mpsId: string(),
  /** 1-based place of the parcel in its order, of `parcelCount`. */
  sequence: required(int()),
  parcelCount: required(int()),
  serviceCode: required(string()),
  /** Decagrams. */
  /** Decagrams; left out for a parcel sent without one (ShipmentService 3.3). */
  weight: int(),
  returns: required(boolean()),
  /** When its shipment data stops matching the number (28 days after the transfer). */
  expiresAt: dateTime(),
  /** The print options its label was made with (PDF A6 when the order gave none, or was stored before they were kept). */
  printOptions: required(object(PrintOptions)),
  /** The order as stored; absent once deleted or expired (its data is removed). */
  order: object(StoredOrder),
  /** Every state the parcel entered, oldest first. */
  event: array(object(ParcelEventEntry)),
  /** Its tracking's events so far, oldest first, as getTrackingData answers them. */
  trackingEvent: array(object(TrackingEventEntry)),
});

/** getParcelData answer. */
export const GetParcelDataResponse = type('getParcelDataResponse', {
  parcel: required(object(ParcelDetails)),
});

/** reprintLabels body: the parcels whose labels are printed again. */
export const ReprintLabels = type('reprintLabels', {
  parcelLabelNumber: required(array(parcelLabelNumber(), { minItems: 1, maxItems: MAX_REPRINTS })),
});

/** One reprinted label: the same bytes storeOrders answered for this parcel alone, in its print options. */
export const ReprintedLabel = type('reprintedLabel', {
  parcelLabelNumber: required(string({ length: 14 })),
  printerLanguage: required(string()),
  paperFormat: required(string()),
  dropOffType: string(),
  /** PDF or ZPL bytes as printerLanguage says; null for a QR_CODE e-label (as in storeOrders). */
  parcellabelsPDF: binary(),
  /** The e-label PNG (dropOffType QR_CODE or BOTH). */
  parcellabelsPNG_qr: binary(),
});

/** reprintLabels answer: one label per requested number, in request order. */
export const ReprintLabelsResponse = type('reprintLabelsResponse', {
  label: array(object(ReprintedLabel)),
});

/** findStageRequests body (stage): the account's logged calls, newest first. */
export const FindStageRequests = type('findStageRequests', {
  /** Only calls of this operation. */
  operation: string({ maxLength: 64 }),
  /** Only calls that failed (an error code). */
  failedOnly: boolean(),
  /** Also the calls of ConsoleService itself (the console's own reads). Default false. */
  includeConsole: boolean(),
  /** How many calls, at most (fewer when their texts pass 1 Mi characters). Default 20. */
  limit: pageSize(),
  /** The page after this entry: the last `id` of the page before. */
  before: long({ min: 1 }),
  /** Only the call whose answer carried this `X-Request-Id`. */
  requestId: string({ minLength: 1, maxLength: 64 }),
  /**
   * Only calls about a parcel: a parcel label number (14 digits; spaces and a check character are
   * left out) in the request or the answer, or a reference printed on the account's parcels' labels,
   * matched whole in any letter case (the calls naming those parcels' numbers), or a reference an order
   * of the call carried (validateOrders and storeOrders calls, matched whole in any letter case).
   */
  search: string({ minLength: 1, maxLength: 35 }),
  /** Only calls at or after this time (ISO 8601 with its offset: `2026-11-29T10:00:00Z`). */
  from: isoDateTime(),
  /** Only calls before this time (as `from`). */
  to: isoDateTime(),
});

/** One logged call: when, by which binding, which operation, how it ended, and the masked texts. */
export const StageRequestEntry = type('stageRequestEntry', {
  id: required(long()),
  at: required(dateTime()),
  /** `REST` or `SOAP`. */
  binding: required(string()),
  operation: required(string()),
  /** The call's first error code; absent when it succeeded. */
  errorCode: string(),
  // Both texts are marked personal so that the stage log, keeping this very answer, keeps them masked
  // rather than a copy of the log inside the log.
  /** The request as sent, personal fields masked (and cut beyond the stage log's bounds). */
  request: required(personal(string())),
  /** The answer as JSON (the REST form, for SOAP calls too), personal fields masked, label bytes left out; absent for calls logged before answers were kept. */
  answer: personal(string()),
  /** The HTTP status answered (0: the connection was dropped, an injected fault); absent for calls logged before it was kept (also the next four). */
  httpStatus: int(),
  /** Milliseconds from the request's arrival until its answer was ready. */
  durationMs: int(),
  /** The id its answer carried in `X-Request-Id`. */
  requestId: string(),
  /** The address it came from. */
  clientAddress: string(),
  /** The URL path it was sent to. */
  path: string(),
  /**
   * Refused before or during authentication (a wrong password, a bad token): kept without any of its
   * text (`request` is empty). Only calls logged before such calls were counted instead (`refusedCalls`).
   */
  refusedBeforeAuthentication: required(boolean()),
});

/** The last call refused before authentication from one client address today, naming the account. */
export const RefusedCallExample = type('refusedCallExample', {
  at: required(dateTime()),
  /** `REST` or `SOAP`. */
  binding: required(string()),
  operation: required(string()),
  errorCode: string(),
  httpStatus: int(),
  path: string(),
  /** The address: an IPv4 address, or an IPv6 client's /64. */
  clientAddress: required(string()),
  /** How many refused calls came from this address today. */
  count: required(long()),
});

/**
 * The calls refused before or during authentication (a wrong password, a wrong or expired token, no
 * valid authentication) that named the account today (UTC): counted per client address, never logged
 * one by one, so that nobody who only knows a delisId fills its log.
 */
export const RefusedCalls = type('refusedCalls', {
  /** The UTC day counted, `YYYY-MM-DD`. */
  day: required(string()),
  count: required(long()),
  /** From how many client addresses (an IPv6 client's /64 counts as one), up to 1,000 a day. */
  addresses: required(int()),
  /** They came from more than the 1,000 addresses a day counts one by one. */
  moreAddresses: required(boolean()),
  /** A few of the addresses' last refused calls, the newest first. */
  example: array(object(RefusedCallExample)),
});

/** findStageRequests answer. */
export const FindStageRequestsResponse = type('findStageRequestsResponse', {
  stageRequest: array(object(StageRequestEntry)),
  /** More entries follow (ask with `before`): `limit` was reached, or the page's texts reached 1 Mi characters. */
  more: required(boolean()),
  /** Today's refused calls naming the account (on the first page, asked without `before`). */
  refusedCalls: object(RefusedCalls),
});

/** getAccount body: empty. */
export const GetAccount = type('getAccount', {});

/** getAccount answer: the calling account as the service keeps it, and the service's environment and time. */
export const GetAccountResponse = type('getAccountResponse', {
  delisId: required(string()),
  /** The sending depots the account may use (`sendingDepot`). */
  depot: required(array(string(), { minItems: 1 })),
  /** The language the account's answers default to (`ll_CC`). */
  messageLanguage: required(string()),
  /** Shipment data waits for exportOrders (late export). */
  lateExport: required(boolean()),
  /** Pickup orders and collection requests are allowed on live. */
  pickupApproved: required(boolean()),
  /** `stage` or `live`. */
  environment: required(string({ enum: ['stage', 'live'] })),
  /** The time zone of business dates and tracking dates (IANA name, e.g. Europe/Amsterdam). */
  timeZone: required(string()),
  /** The account's time: the real time, or its own clock on stage (SandboxService setClock). */
  now: required(dateTime()),
});

/** findNotifications body: every field optional; the newest messages first. */
export const FindNotifications = type('findNotifications', {
  /** Only this parcel's messages; without it, every message of the account. */
  parcelLabelNumber: parcelLabelNumber(),
  /** How many messages, at most. Default 20. */
  limit: pageSize(),
  /** The page after this message: the last `id` of the page before. */
  after: long({ min: 1 }),
});

/** One receiver notification as the outbox keeps it: what was (stage: would have been) sent, to whom, and how it went. */
export const NotificationEntry = type('receiverNotification', {
  id: required(long()),
  parcelLabelNumber: required(string({ length: 14 })),
  /** The order's field it answers: `predict`, `parcelShopNotification` or `proactiveNotification`. */
  kind: required(string({ enum: ['predict', 'parcelShopNotification', 'proactiveNotification'] })),
  /** proactiveNotification: the entry's place in the order's list (0-based) and its rule. */
  entry: int(),
  rule: int(),
  /** The tracking event that made it: its status word (`Depot`, `DeliveryFailure`, `ParcelShop`, …). */
  event: required(string()),
  /** What it tells: `delivery_planned`, `delivery_replanned` (after nobody was home), `at_parcel_shop`, `status` (a proactive rule's event). */
  topic: required(string({ enum: ['delivery_planned', 'delivery_replanned', 'at_parcel_shop', 'status'] })),
  /** 1 e-mail, 2 telephone, 3 SMS (spec "notification"). */
  channel: required(int()),
  /** The e-mail address or telephone number, as the order gave it. */
  value: required(personal(string())),
  /** The notification's `language` as the order gave it. */
  language: required(string()),
  /** The language it is written in: `nl`, or `en` (also for a language without texts of its own, which the message says). */
  textLanguage: required(string({ enum: ['en', 'nl'] })),
  subject: required(personal(string())),
  /** E-mail: the plain-text part; SMS: the message; telephone: what the call reads. */
  text: required(personal(string())),
  /** E-mail only: the HTML part. */
  html: personal(string()),
  /** When it was, or would have been, sent: the event's time (the account's clock). */
  at: required(dateTime()),
  /** `captured` (stage: kept, never sent), `queued`, `sending`, `sent`, `failed`, `unsent` (live, no relay configured). */
  status: required(string({ enum: ['captured', 'queued', 'sending', 'sent', 'failed', 'unsent'] })),
  /** Why it is not sent yet, or not at all (`not sent: no relay configured (SMTP_URL)`, the relay's last answer). */
  statusReason: string(),
  /** Live: attempts made to send it. */
  attempts: int(),
  /** Live: when the relay or webhook accepted it. */
  sentAt: dateTime(),
});

/** findNotifications answer: a page of messages, the newest event first, and whether older ones follow. */
export const FindNotificationsResponse = type('findNotificationsResponse', {
  notification: array(object(NotificationEntry)),
  more: required(boolean()),
});

/** findPushes body: every field optional; the newest pushes first. */
export const FindPushes = type('findPushes', {
  /** Only this parcel's pushes; without it, every push of the account. */
  parcelLabelNumber: parcelLabelNumber(),
  /** How many pushes, at most. Default 20. */
  limit: pageSize(),
  /** The page after this push: the last `pushid` of the page before. */
  after: long({ min: 1 }),
});

/** One name and value of a push's query. */
export const PushParameter = type('pushParameter', {
  name: required(string()),
  value: required(personal(string())),
});

/** One try of a push. */
export const PushAttemptEntry = type('pushAttempt', {
  /** When it was made (the account's clock). */
  at: required(dateTime()),
  /** The answer's HTTP status; absent when none came (refused, no answer within 10 s, an address not allowed). */
  httpStatus: int(),
  /** The answer's first bytes, or why there was none. */
  answer: required(string()),
  durationMs: required(int()),
  /** Whether it was HTTP 200 with the acknowledgement of the push's pushid. */
  acknowledged: required(boolean()),
});

/** One push to the account's receiver (README "Tracking push"). */
export const PushEntry = type('trackingPush', {
  /** The same on every try. */
  pushid: required(long()),
  parcelLabelNumber: required(string({ length: 14 })),
  /** The push's code (`start_order` … `error_return`). */
  status: required(string({ enum: PUSH_CODES })),
  /** When its event happened (the account's clock). */
  at: required(dateTime()),
  /** The query's parameters in order, `pushid` first. */
  parameter: array(object(PushParameter)),
  /** The whole address it is sent to (the account's push URL now); absent once the URL was taken away. */
  address: personal(string()),
  /** `waiting` (for its next try), `sending`, `delivered`, `given_up` (48 hours after its event). */
  state: required(string({ enum: PUSH_STATES })),
  /** Waiting: when its next try is due (the account's clock). */
  nextTryAt: dateTime(),
  /** Given up: why. */
  reason: string(),
  attempt: array(object(PushAttemptEntry)),
});

/** findPushes answer: a page of pushes, the newest first, and whether older ones follow. */
export const FindPushesResponse = type('findPushesResponse', {
  push: array(object(PushEntry)),
  more: required(boolean()),
});

/** resendPush body: a push given up, to send again (same pushid); `resent` 0 for one that is not given up. */
export const ResendPush = type('resendPush', {
  pushid: required(long({ min: 1 })),
});

export const ResendPushResponse = type('resendPushResponse', { resent: required(int()) });

/** getDayEnds' days: whole days of the service's time zone, from `dateFrom` through `dateTo` (at most a manifest's period). */
export const DayEndPeriod = type('dayEndPeriod', {
  dateFrom: required(date({ acceptDigitString: true })),
  dateTo: required(date({ acceptDigitString: true })),
});

/** getDayEnds body: the days to count (EndOfDayService endOfDay makes each one's manifest). */
export const GetDayEnds = type('getDayEnds', {
  period: required(object(DayEndPeriod)),
});

/** The parcels a manifest of a day (or of the whole period) lists: their number, orders and weight. */
const dayEndCounts = {
  /** Parcels whose data was transferred to the carrier within it (late export: at exportOrders), deleted ones left out. */
  parcels: required(int()),
  orders: required(int()),
  /** The weighed parcels' weight in decagrams. */
  weight: required(long()),
  /** Parcels sent without a weight (ShipmentService 3.3). */
  unweighed: required(int()),
};

/** One day of the period, as its manifest would list it, and whether startOrdersConsolidation closed it. */
export const DayEnd = type('dayEnd', {
  /** YYYYMMDD. */
  date: required(date()),
  ...dayEndCounts,
  /** When startOrdersConsolidation closed the day; absent while it is open. */
  closedAt: dateTime(),
  /** How many parcels that consolidation closed. */
  closedParcels: int(),
});

/** getDayEnds answer: the period's totals and each of its days, the first first. */
export const GetDayEndsResponse = type('getDayEndsResponse', {
  ...dayEndCounts,
  day: array(object(DayEnd)),
});

export type GetDayEndsData = Infer<typeof GetDayEnds>;
export type FindPushesData = Infer<typeof FindPushes>;
export type ResendPushData = Infer<typeof ResendPush>;
export type FindParcelsData = Infer<typeof FindParcels>;
export type FindNotificationsData = Infer<typeof FindNotifications>;
export type GetParcelDataData = Infer<typeof GetParcelData>;
export type ReprintLabelsData = Infer<typeof ReprintLabels>;
export type FindStageRequestsData = Infer<typeof FindStageRequests>;
