// Renders the error catalogue as Markdown (docs/errors.md). Generated text, never edited by hand.
import { errorCatalogue, errorCodes, reasonCatalogue, type ErrorKind, type ReasonCode } from './error-catalogue.ts';

const sections: ReadonlyArray<[ErrorKind, string, string]> = [
  [
    'validation',
    'Validation errors',
    "Reported by `validateOrders` in `messages` (all of them) and by `storeOrders` in `shipmentResponses[i].faults` (the first one; SOAP: a `faults` fault). `{path}` is the field path from the operation object, e.g. `order[0].parcels[1].weight`. Some of these codes name problems outside an order, where only their message is sent, not the code: an `exportOrders` `orderResult` entry carries the message of its number's problem (`error_invalid_parcel_label_number`, `error_parcel_not_found`, `error_parcel_already_transferred`, `error_parcel_deleted`, `error_parcel_expired`, `error_late_export_not_active`); `getTrackingData`, `startOrdersConsolidation` (e.g. `error_consolidation_date_in_future`) and the parcel-shop searches (e.g. `error_parcel_shop_search_needs_place`) answer the request fault `ERR_INVALID_REQUEST` with the message as its reason; `parcel-service shops import` prints the messages of the directory file's problems (`error_duplicate_parcel_shop`, `error_duplicate_available_service`, `error_duplicate_opening_day`, `error_date_range`, `error_holiday_overlap`). SandboxService (stage) answers each of its refusals with the code itself, not ERR_INVALID_REQUEST (REST: HTTP 400, `status.type` `FaultCodeType`, `status.code` the code; SOAP: a `faults` fault with the code as `faultCode`): the `SandboxService` codes below, and `error_parcel_not_found`, `error_parcel_deleted`, `error_parcel_expired`, `error_consolidation_date_in_future` and the field-shape codes for its own requests.",
  ],
  [
    'authentication',
    'Authentication faults',
    'REST: `status.type` `AuthenticationFault`; SOAP: the `authenticationFault` fault with `errorCode` and `errorMessage`.',
  ],
  [
    'request',
    'Request faults',
    'A request that cannot be processed at all. REST: `status.type` `FaultCodeType`, the result key `null`; SOAP: a `faults` fault.',
  ],
];

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderErrorDocs(): string {
  const lines = [
    '<!-- Generated from src/contract/error-catalogue.ts by `npm run docs:errors`. Do not edit. -->',
    '# Error codes',
    '',
    'Every code the service reports, with its English (`en_US`) and Dutch (`nl_NL`) message. Words in braces are filled in per error; `{n|one|other}` is the word for one or for several.',
    '',
  ];
  for (const [kind, title, intro] of sections) {
    lines.push(
      `## ${title}`,
      '',
      intro,
      '',
      kind === 'validation' ? '| code | en_US | nl_NL |' : '| code | HTTP | en_US | nl_NL |',
      kind === 'validation' ? '|---|---|---|' : '|---|---|---|---|',
    );
    for (const code of errorCodes) {
      const entry = errorCatalogue[code];
      if (entry.kind !== kind) continue;
      lines.push(
        kind === 'validation'
          ? `| \`${code}\` | ${cell(entry.en_US)} | ${cell(entry.nl_NL)} |`
          : `| \`${code}\` | ${'httpStatus' in entry ? entry.httpStatus : ''} | ${cell(entry.en_US)} | ${cell(entry.nl_NL)} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    '## Reasons and expected values',
    '',
    'The texts that fill `{reason}`, `{expected}`, `{suggestion}` and `{format}` in the messages above, in each language. Words in braces are filled in per error.',
    '',
    '| text | en_US | nl_NL |',
    '|---|---|---|',
  );
  for (const code of Object.keys(reasonCatalogue) as ReasonCode[]) {
    const entry = reasonCatalogue[code];
    lines.push(`| \`${code}\` | ${cell(entry.en_US)} | ${cell(entry.nl_NL)} |`);
  }
  lines.push('');
  return lines.join('\n');
}
