// Every rule table, for the tests that look across all of them (catalogue coverage).
import { addressCases } from './addresses.cases.ts';
import { fieldCases } from './fields.cases.ts';
import { internationalCases } from './international.cases.ts';
import { magicValueCases } from './magic-values.cases.ts';
import { notificationCases } from './notifications.cases.ts';
import { parcelCases } from './parcels.cases.ts';
import { pickupCases } from './pickup.cases.ts';
import { printOptionCases } from './print-options.cases.ts';
import type { RuleCase } from './run-cases.ts';
import { serviceCases } from './services.cases.ts';

export const ruleTables: Readonly<Record<string, readonly RuleCase[]>> = Object.freeze({
  fields: fieldCases,
  addresses: addressCases,
  parcels: parcelCases,
  services: serviceCases,
  international: internationalCases,
  pickup: pickupCases,
  'print options': printOptionCases,
  notifications: notificationCases,
  'magic values': magicValueCases,
});
