// EndOfDayService V1_0 as the carrier's schema (EndOfDayServiceV10.xsd) declares it: `endOfDay` asks
// for the manifest of a period (`period`: dates YYYYMMDD and times hhmm, in the service's time zone;
// `printOptions.printerLanguage` PDF) and answers it as `manifestPDF`. Elements are unqualified
// (the schema's elementFormDefault); docs/decisions.md ("End of day") says what a manifest holds.
import { binary, int, object, required, string, type, type Infer } from './schema/model.ts';

/** A date as the schema types it: an xs:int of at most 8 digits; the domain checks it is a real day. */
const date = () => required(int({ min: 0, max: 99999999, acceptDigitString: true }));
/** A time hhmm up to 2400 (the end of a day); the domain checks the minutes. */
const time = () => required(int({ min: 0, max: 2400, acceptDigitString: true }));

/** The period of a manifest: from `dateFrom` `timeFrom` up to `dateTo` `timeTo`. */
export const Period = type('period', {
  dateFrom: date(),
  timeFrom: time(),
  dateTo: date(),
  timeTo: time(),
});

/** How the manifest is printed: PDF, the one language the schema has. */
export const ManifestPrintOptions = type('printOptions', {
  printerLanguage: required(string({ enum: ['PDF'] })),
});

/** endOfDay body. */
export const EndOfDay = type('endOfDay', {
  period: required(object(Period)),
  printOptions: object(ManifestPrintOptions),
});

/** endOfDay answer: the manifest, a PDF (base64 on the wire). */
export const EndOfDayResponse = type('endOfDayResponse', {
  manifestPDF: binary(),
});

export type PeriodData = Infer<typeof Period>;
export type EndOfDayData = Infer<typeof EndOfDay>;
