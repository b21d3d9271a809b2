// printOptions: values, ZPL only on A6, A7 only when every parcel is a return parcel, printer resolution.
import {
  duplicate,
  edit,
  merge,
  minimumRequest,
  pickupRequest,
  remove,
  returnRequest,
  set,
  shopReturnRequest,
} from '../fixtures/requests.ts';
import { fails, type RuleCase } from './run-cases.ts';

const options = (fields: Record<string, string | number>) => edit(minimumRequest(), set('printOptions', fields));
const FORMAT = 'printOptions.paperFormat';

export const printOptionCases: readonly RuleCase[] = [
  {
    rule: 'printerLanguage and paperFormat values',
    name: 'PDF A4 from the upper right passes',
    request: options({ printerLanguage: 'PDF', paperFormat: 'A4', startPosition: 'UPPER_RIGHT' }),
    expect: [],
  },
  {
    rule: 'printerLanguage and paperFormat values',
    name: 'PNG is refused',
    request: options({ printerLanguage: 'PNG', paperFormat: 'A6' }),
    expect: [fails('error_invalid_field_value', 'printOptions.printerLanguage')],
  },
  {
    rule: 'printerLanguage and paperFormat values',
    name: 'a6 in lower case is refused',
    request: options({ printerLanguage: 'PDF', paperFormat: 'a6' }),
    expect: [fails('error_invalid_field_value', FORMAT)],
  },
  {
    rule: 'printerLanguage and paperFormat values',
    name: 'a missing paperFormat is refused',
    request: edit(minimumRequest(), remove(FORMAT)),
    expect: [fails('error_missing_field', FORMAT)],
  },
  {
    rule: 'printerLanguage and paperFormat values',
    name: 'startPosition MIDDLE is refused',
    request: options({ printerLanguage: 'PDF', paperFormat: 'A4', startPosition: 'MIDDLE' }),
    expect: [fails('error_invalid_field_value', 'printOptions.startPosition')],
  },

  {
    rule: 'ZPL (direct printing) only on A6',
    name: 'ZPL A6 passes',
    request: options({ printerLanguage: 'ZPL', paperFormat: 'A6' }),
    expect: [],
  },
  {
    rule: 'ZPL (direct printing) only on A6',
    name: 'ZPL A4 is refused',
    request: options({ printerLanguage: 'ZPL', paperFormat: 'A4' }),
    expect: [fails('error_zpl_requires_a6', FORMAT)],
  },
  {
    rule: 'ZPL (direct printing) only on A6',
    name: 'ZPL A7 for a return label is refused',
    request: edit(shopReturnRequest(), set('printOptions.printerLanguage', 'ZPL')),
    expect: [fails('error_zpl_requires_a6', FORMAT)],
  },

  { rule: 'A7 only for return labels', name: 'A7 with one return parcel passes', request: shopReturnRequest(), expect: [] },
  {
    rule: 'A7 only for return labels',
    name: 'A7 with two orders of return parcels passes',
    request: edit(shopReturnRequest(), duplicate('order[0]')),
    expect: [],
  },
  {
    rule: 'A7 only for return labels',
    name: 'A7 for an outbound parcel is refused',
    request: options({ printerLanguage: 'PDF', paperFormat: 'A7' }),
    expect: [fails('error_a7_only_for_return_labels', FORMAT)],
  },
  {
    rule: 'A7 only for return labels',
    name: 'A7 for [out, ret] is refused',
    request: edit(returnRequest(), set(FORMAT, 'A7')),
    expect: [fails('error_a7_only_for_return_labels', FORMAT)],
  },
  {
    rule: 'A7 only for return labels',
    name: 'A7 when a second order is outbound is refused',
    request: edit(
      shopReturnRequest(),
      duplicate('order[0]'),
      set('order[1].parcels[0].returns', false),
      set('order[1].generalShipmentData.product', 'B2C'),
    ),
    expect: [fails('error_a7_only_for_return_labels', FORMAT)],
  },
  {
    rule: 'A7 only for return labels',
    name: 'A7 for a pickup order (no parcels) is refused',
    request: edit(pickupRequest(), set('printOptions', { printerLanguage: 'PDF', paperFormat: 'A7' })),
    expect: [fails('error_a7_only_for_return_labels', FORMAT)],
  },

  {
    rule: 'printerResolution 203, 300 or 600 dpi',
    name: 'ZPL at 300 dpi passes',
    request: options({ printerLanguage: 'ZPL', paperFormat: 'A6', printerResolution: 300 }),
    expect: [],
  },
  {
    rule: 'printerResolution 203, 300 or 600 dpi',
    name: '250 dpi is refused',
    request: options({ printerLanguage: 'ZPL', paperFormat: 'A6', printerResolution: 250 }),
    expect: [fails('error_invalid_printer_resolution', 'printOptions.printerResolution')],
  },

  {
    rule: 'dropOffType requests an e-label',
    name: 'PDF with QR_CODE passes',
    request: edit(minimumRequest(), set('printOptions.dropOffType', 'QR_CODE')),
    expect: [],
  },
  {
    rule: 'dropOffType requests an e-label',
    name: 'ZPL with BOTH passes',
    request: options({ printerLanguage: 'ZPL', paperFormat: 'A6', dropOffType: 'BOTH' }),
    expect: [],
  },
  {
    rule: 'dropOffType requests an e-label',
    name: 'PNG is refused',
    request: edit(minimumRequest(), merge('printOptions', { dropOffType: 'PNG' })),
    expect: [fails('error_invalid_field_value', 'printOptions.dropOffType')],
  },
  {
    rule: 'dropOffType requests an e-label',
    name: 'isELabel (SOAP only) over REST is refused',
    request: edit(minimumRequest(), set('printOptions.isELabel', true)),
    expect: [fails('error_unknown_field', 'printOptions.isELabel')],
  },
];
