// ParcelLifeCycleService V2_0 as the carrier's schema (ParcelLifecycleServiceV20.xsd) declares it:
// getTrackingData's `trackingresult` with its texts as ContentLine and ContentItem, and
// getParcelLabelNumberForWebNumber. Answers are qualified in the service namespace, requests are not;
// docs/decisions.md ("Tracking") says what each text holds.
import { array, boolean, object, required, string, type, xmlNamed, type Infer } from './schema/model.ts';

const qualified = { qualified: true } as const;

/**
 * A parcel label number as storeOrders returns it (14 digits) or as the label prints it: spaces between
 * the groups and the check character after them (`0522 9000 0000 00 7`). The domain drops the spaces
 * and checks and drops the check character (domain/core/parcel-number.ts readPrintedParcelLabelNumber).
 */
export const PRINTED_PARCEL_LABEL_NUMBER = /^ *(?:[0-9] *){14}(?:[0-9A-Z] *)?$/;

/** ParcelLifeCycleService getTrackingData body: one parcel label number, as returned or as printed. */
export const GetTrackingData = type('getTrackingData', {
  parcelLabelNumber: required(
    string({
      maxLength: 32,
      pattern: PRINTED_PARCEL_LABEL_NUMBER,
      patternText: {
        en_US: '14 digits, optionally with spaces and the check character as the label prints them',
        nl_NL: '14 cijfers, eventueel met spaties en het controleteken zoals het label ze drukt',
      },
      upperCase: true,
    }),
  ),
});

/** One line of text and how to show it. */
export const ContentLine = type(
  'ContentLine',
  {
    content: required(string()),
    bold: required(boolean()),
    paragraph: required(boolean()),
  },
  qualified,
);

/** A block of text: an optional heading (`label`), its lines and a link. */
export const ContentItem = type(
  'ContentItem',
  {
    label: object(ContentLine),
    content: array(object(ContentLine)),
    linkTarget: string(),
  },
  qualified,
);

/** A fact about the shipment as a key and its value (`parcelLabelNumber`, `product`, …). */
export const TrackingProperty = type('TrackingProperty', { key: required(string()), value: required(string()) }, qualified);

/** The fields a status shares with the shipment's summary, in the schema's order. */
const statusFields = {
  /** The state's name (docs/decisions.md "Operations"), e.g. `transferred`. */
  status: required(string()),
  /** The state in the caller's language. */
  label: required(object(ContentLine)),
  /** What the state means for the parcel, in the caller's language. */
  description: required(object(ContentItem)),
  statusHasBeenReached: required(boolean()),
  isCurrentStatus: required(boolean()),
  /** Whether the caller should be shown the carrier's contact (`contactInfo`): deleted or expired data. */
  showContactInfo: required(boolean()),
  /** Where the state was reached: the sending depot while the parcel is there. */
  location: object(ContentLine),
  /** When the state was reached (`DD.MM.YYYY, HH:MM`, service time zone); absent while ahead. */
  date: object(ContentLine),
  normalItems: array(object(ContentItem)),
  importantItems: array(object(ContentItem)),
  errorItems: array(object(ContentItem)),
};

/** statusInfo: one state of the parcel's way, reached or still ahead. */
export const StatusInfo = type('StatusInfo', statusFields, qualified);

/** shipmentInfo: the parcel as a whole, its current state first among its facts. */
export const ShipmentInfo = type(
  'ShipmentInfo',
  {
    receiver: object(ContentItem),
    predictInformation: object(ContentItem),
    serviceDescription: object(ContentItem),
    additionalServiceElements: object(ContentItem),
    trackingProperty: array(object(TrackingProperty)),
    ...statusFields,
  },
  qualified,
);

/** trackingresult: the shipment, its states, and the carrier's contact. */
export const TrackingResult = type(
  'TrackingResult',
  {
    shipmentInfo: object(ShipmentInfo),
    statusInfo: array(object(StatusInfo)),
    contactInfo: array(object(ContentItem), { maxItems: 3 }),
  },
  qualified,
);

/** getTrackingData answer: `trackingresult` in SOAP, `trackingResult` in REST (the key its documentation uses). */
export const GetTrackingDataResponse = type(
  'getTrackingDataResponse',
  { trackingResult: required(xmlNamed('trackingresult', object(TrackingResult))) },
  qualified,
);

/** getParcelLabelNumberForWebNumber request: the web number is the shipment's mpsId (docs/decisions.md). */
export const GetParcelLabelNumberForWebNumber = type('getParcelLabelNumberForWebNumber', {
  webNumber: required(string({ maxLength: 25 })),
});

/** getParcelLabelNumberForWebNumber answer: the first parcel's number of that shipment. */
export const GetParcelLabelNumberForWebNumberResponse = type(
  'getParcelLabelNumberForWebNumberResponse',
  { parcelLabelNumber: string() },
  qualified,
);

export type ContentLineData = Infer<typeof ContentLine>;
export type ContentItemData = Infer<typeof ContentItem>;
export type GetParcelLabelNumberForWebNumberData = Infer<typeof GetParcelLabelNumberForWebNumber>;
export type StatusInfoData = Infer<typeof StatusInfo>;
export type TrackingResultData = Infer<typeof TrackingResult>;
export type GetTrackingDataData = Infer<typeof GetTrackingData>;
