// Every validation code of the error catalogue is produced by at least one case of the rule tables,
// except the few listed here with the reason; those are shown not to be dead where they belong.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { decode } from '../../src/contract/schema/decode.ts';
import { errorCatalogue, errorCodes, type ErrorCode } from '../../src/contract/error-catalogue.ts';
import { Authentication } from '../../src/contract/authentication.ts';
import { ruleTables } from './all-cases.ts';
import { validateCase } from './run-cases.ts';

const byLaterOperation = 'only exportOrders and deleteOrders report it, per parcel label number (src/domain)';
const bySandbox =
  'only a SandboxService operation reports it (src/domain/sandbox/set-clock.ts and the others; test/sandbox/sandbox-service.test.ts)';
const byEndOfDay =
  'only EndOfDayService endOfDay reports it, for its period (src/domain/end-of-day/end-of-day.ts; test/end-of-day/end-of-day.test.ts)';
const byPushSettings =
  'only SandboxService setPushUrl (and the CLI accounts set --push-url) reports it (src/domain/sandbox/set-push-url.ts; test/push/push-address.test.ts)';
const byDirectoryImport =
  'only the parcel-shop directory import reports it (src/rules/parcel-shop-entry-rules.ts via src/domain/parcel-shop-finder/parcel-shop-entries.ts; test/cli/parcel-shop-file.test.ts)';

/** Validation codes no storeOrders/validateOrders request can produce, and why. */
const notFromStoreOrders: Readonly<Partial<Record<ErrorCode, string>>> = {
  error_field_too_short:
    'only authentication.delisId and getAuth.delisId have a minimum length; authentication field problems become DELICOM_ERR_AUTHENTICATION',
  error_invalid_parcel_label_number: byLaterOperation,
  error_parcel_not_found: byLaterOperation,
  error_wrong_check_character:
    'only getTrackingData reports it, for a printed number (src/domain/parcel-life-cycle/get-tracking-data.ts; test/parcel-life-cycle/printed-parcel-number.test.ts)',
  error_parcel_already_transferred: byLaterOperation,
  error_parcel_deleted: byLaterOperation,
  error_parcel_expired: byLaterOperation,
  error_late_export_not_active: byLaterOperation,
  error_parcel_shop_search_needs_place:
    'only findParcelShops reports it (src/domain/parcel-shop-finder/find-parcel-shops.ts; test/parcel-shop-finder/find-parcel-shops.test.ts)',
  error_consolidation_date_in_future:
    'only startOrdersConsolidation reports it (src/domain/shipment/start-orders-consolidation.ts; test/shipment/shipment-lifecycle-rest.test.ts)',
  error_duplicate_parcel_shop: byDirectoryImport,
  error_duplicate_available_service: byDirectoryImport,
  error_invalid_character: byDirectoryImport,
  error_duplicate_opening_day: byDirectoryImport,
  error_date_range: byDirectoryImport,
  error_holiday_overlap: byDirectoryImport,
  error_invalid_date_time: bySandbox,
  error_clock_choice: bySandbox,
  error_clock_out_of_range: bySandbox,
  error_fault_behaviour_choice: bySandbox,
  error_unknown_operation: bySandbox,
  error_too_many_pending_faults: bySandbox,
  error_injected_fault_not_found: bySandbox,
  error_parcel_not_transferred: bySandbox,
  error_parcel_already_there: bySandbox,
  error_status_not_in_scenario: bySandbox,
  error_journey_diverged: bySandbox,
  error_period_reversed: byEndOfDay,
  error_period_too_long: byEndOfDay,
  error_manifest_too_many_parcels: byEndOfDay,
  error_invalid_push_url: byPushSettings,
  error_push_address_not_allowed: byPushSettings,
  error_push_not_found: 'only ConsoleService resendPush reports it (src/domain/console/resend-push.ts)',
};

const SRC = new URL('../../src/', import.meta.url).pathname;

/** Every TypeScript source file's text except the catalogue itself (error-catalogue.ts and its topic files). */
function sourcesOutsideCatalogue(): string[] {
  const entries = readdirSync(SRC, { recursive: true, encoding: 'utf8' });
  return entries
    .filter((file) => file.endsWith('.ts') && !file.endsWith('error-catalogue.ts') && !file.includes('error-catalogue/'))
    .map((file) => readFileSync(join(SRC, file), 'utf8'));
}

describe('error catalogue coverage', () => {
  const produced = new Set<ErrorCode>();
  for (const cases of Object.values(ruleTables)) {
    for (const c of cases) for (const violation of validateCase(c.request, c)) produced.add(violation.code);
  }
  const validationCodes = errorCodes.filter((code) => errorCatalogue[code].kind === 'validation');

  it('every validation code is produced by a rule table case', () => {
    const missing = validationCodes.filter((code) => !produced.has(code) && !(code in notFromStoreOrders));
    assert.deepEqual(missing, []);
  });

  it('the exceptions are validation codes that no case produces', () => {
    for (const code of Object.keys(notFromStoreOrders) as ErrorCode[]) {
      assert.equal(errorCatalogue[code]?.kind, 'validation', `${code} is not a validation code of the catalogue`);
      assert.ok(!produced.has(code), `${code} is produced by a case; take it off the exceptions`);
    }
  });

  it('the exceptions are not dead: the source outside the catalogue reports each', () => {
    const sources = sourcesOutsideCatalogue();
    const dead = Object.keys(notFromStoreOrders).filter((code) => !sources.some((text) => text.includes(`'${code}'`)));
    assert.deepEqual(dead, []);
    const auth = decode(
      Authentication,
      { delisId: 'KD123', authToken: 't', messageLanguage: 'en_US' },
      { binding: 'rest', source: 'json' },
    );
    assert.deepEqual(
      auth.violations.map((v) => [v.code, v.path]),
      [['error_field_too_short', 'delisId']],
    );
  });
});
