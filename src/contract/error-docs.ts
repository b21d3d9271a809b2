// Renders the error catalogue as Markdown (docs/errors.md). Generated text, never edited by hand.
import { errorCatalogue, errorCodes, type ErrorKind } from './error-catalogue.ts';

const sections: ReadonlyArray<[ErrorKind, string, string]> = [
  ['validation', 'Validation errors', 'Reported by `validateOrders` in `messages` (all of them) and by `storeOrders` in `shipmentResponses[i].faults` (the first one; SOAP: a `faults` fault). `{path}` is the field path from the operation object, e.g. `order[0].parcels[1].weight`.'],
  ['authentication', 'Authentication faults', 'REST: `status.type` `AuthenticationFault`; SOAP: the `authenticationFault` fault with `errorCode` and `errorMessage`.'],
  ['request', 'Request faults', 'A request that cannot be processed at all. REST: `status.type` `FaultCodeType`, the result key `null`; SOAP: a `faults` fault.'],
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
    lines.push(`## ${title}`, '', intro, '', kind === 'validation' ? '| code | en_US | nl_NL |' : '| code | HTTP | en_US | nl_NL |',
      kind === 'validation' ? '|---|---|---|' : '|---|---|---|---|');
    for (const code of errorCodes) {
      const entry = errorCatalogue[code];
      if (entry.kind !== kind) continue;
      lines.push(kind === 'validation'
        ? `| \`${code}\` | ${cell(entry.en_US)} | ${cell(entry.nl_NL)} |`
        : `| \`${code}\` | ${'httpStatus' in entry ? entry.httpStatus : ''} | ${cell(entry.en_US)} | ${cell(entry.nl_NL)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
