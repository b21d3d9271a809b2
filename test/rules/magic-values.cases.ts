// The sandbox's magic values (src/rules/sandbox-magic.ts, issue 38): on stage a parcel's
// customerReferenceNumber2 starting with SANDBOX: chooses its scenario, a validation fault, an HTTP
// status or a delay; an unknown one, or a scenario that does not fit the parcel, is refused; on live
// the same texts are plain references.
import {
  collectionRequest,
  edit,
  minimumRequest,
  returnRequest,
  set,
  shopDeliveryRequest,
  switzerlandRequest,
  type JsonObject,
} from '../fixtures/requests.ts';
import { fails, PARCEL, type RuleCase } from './run-cases.ts';

const FIELD = `${PARCEL}.customerReferenceNumber2`;
const stage = { sandbox: true } as const;
const magic = (value: string, request: JsonObject = minimumRequest()) => edit(request, set(FIELD, value));

export const magicValueCases: readonly RuleCase[] = [
  // ── a scenario ──
  {
    rule: 'a scenario by magic value',
    name: 'a known scenario passes',
    request: magic('SANDBOX:not_home_to_parcel_shop'),
    expect: [],
    context: stage,
  },
  {
    rule: 'a scenario by magic value',
    name: 'over SOAP too',
    request: magic('SANDBOX:refused_returned'),
    expect: [],
    context: stage,
    binding: 'soap',
  },
  {
    rule: 'a scenario by magic value',
    name: 'a PSD parcel to its shop',
    request: magic('SANDBOX:parcel_shop_delivery', shopDeliveryRequest()),
    expect: [],
    context: stage,
  },
  {
    rule: 'a scenario by magic value',
    name: 'customs hold across the border',
    request: magic('SANDBOX:customs_hold', switzerlandRequest()),
    expect: [],
    context: stage,
  },
  {
    rule: 'a scenario by magic value',
    name: 'parcel_shop_delivery needs PSD',
    request: magic('SANDBOX:parcel_shop_delivery'),
    expect: [fails('error_scenario_not_applicable', FIELD)],
    context: stage,
  },
  {
    rule: 'a scenario by magic value',
    name: 'customs_hold needs a customs border',
    request: magic('SANDBOX:customs_hold'),
    expect: [fails('error_scenario_not_applicable', FIELD)],
    context: stage,
  },
  {
    rule: 'a scenario by magic value',
    name: 'a return parcel goes back to its sender',
    request: edit(returnRequest(), set('order[0].parcels[1].customerReferenceNumber2', 'SANDBOX:not_home_then_delivered')),
    expect: [fails('error_scenario_not_applicable', 'order[0].parcels[1].customerReferenceNumber2')],
    context: stage,
  },
  {
    rule: 'a scenario by magic value',
    name: "a collection request's parcels walk no journey",
    request: edit(collectionRequest(), set(FIELD, 'SANDBOX:lost')),
    expect: [fails('error_scenario_not_applicable', FIELD)],
    context: stage,
  },
  // ── a fault ──
  {
    rule: 'a fault by magic value',
    name: 'the validation code named',
    request: magic('SANDBOX:fault:error_invalid_date'),
    expect: [fails('error_invalid_date', FIELD)],
    context: stage,
  },
  {
    rule: 'a fault by magic value',
    name: 'a code with limits in its message, its error_ left off',
    request: magic('SANDBOX:fault:too_many_orders'),
    expect: [fails('error_too_many_orders', FIELD)],
    context: stage,
  },
  { rule: 'a fault by magic value', name: 'a status passes validation', request: magic('SANDBOX:status:503'), expect: [], context: stage },
  { rule: 'a fault by magic value', name: 'a delay passes validation', request: magic('SANDBOX:delay:30000'), expect: [], context: stage },
  // ── unknown values ──
  ...[
    'SANDBOX:',
    'SANDBOX:delivered_fast',
    'SANDBOX:fault:NOT_A_CODE',
    'SANDBOX:fault:ERR_INTERNAL',
    'SANDBOX:status:404',
    'SANDBOX:status:0503',
    'SANDBOX:delay:0',
    'SANDBOX:delay:30001',
    'SANDBOX:delay:5:5',
  ].map((value): RuleCase => ({
    rule: 'an unknown magic value',
    name: `${value} is refused`,
    request: magic(value),
    expect: [fails('error_magic_value_unknown', FIELD)],
    context: stage,
  })),
  {
    rule: 'an unknown magic value',
    name: 'only the prefix in capitals is magic',
    request: magic('sandbox:lost'),
    expect: [],
    context: stage,
  },
  // ── live ──
  ...['SANDBOX:lost', 'SANDBOX:fault:error_invalid_date', 'SANDBOX:nonsense', 'SANDBOX:status:503'].map((value): RuleCase => ({
    rule: 'live: plain text',
    name: `${value} is a reference`,
    request: magic(value),
    expect: [],
  })),
  {
    rule: 'live: plain text',
    name: 'the field keeps its own bounds',
    request: magic('SANDBOX:not_home_to_parcel_shop-and-more-text'),
    expect: [fails('error_field_too_long', FIELD)],
  },
];
