// Brings a database up to the newest schema. Migrations are listed here, in order, append-only.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/2026-11-22-001-initial.ts';
import * as loginFailures from './migrations/2026-11-22-002-login-failures.ts';
import * as parcelShops from './migrations/2026-11-22-003-parcel-shops.ts';
import * as pendingLogins from './migrations/2026-11-22-004-pending-logins.ts';
import * as storeIdentity from './migrations/2026-11-22-005-store-identity.ts';
import * as partialConsolidationIndex from './migrations/2026-11-22-006-partial-consolidation-index.ts';
import * as pickupExpiryIndex from './migrations/2026-11-22-007-pickup-expiry-index.ts';
import * as sandbox from './migrations/2026-11-24-008-sandbox.ts';
import * as console from './migrations/2026-11-25-009-console.ts';
import * as journeys from './migrations/2026-11-28-010-journeys.ts';
import * as notifications from './migrations/2026-11-28-011-notifications.ts';
import * as knownLoginAddresses from './migrations/2026-11-29-012-known-login-addresses.ts';
import * as requestLog from './migrations/2026-11-29-013-request-log.ts';
import * as accountDisabled from './migrations/2026-11-29-014-account-disabled.ts';
import * as pushUrl from './migrations/2026-12-07-015-push-url.ts';
import * as pushes from './migrations/2026-12-07-016-pushes.ts';
import * as pushAttempts from './migrations/2026-12-07-017-push-attempts.ts';
import * as transferredIndex from './migrations/2026-12-07-018-transferred-index.ts';
import * as stageLogSearchKeys from './migrations/2026-12-07-023-stage-log-search-keys.ts';
import * as requestLogReads from './migrations/2026-12-07-026-request-log-reads.ts';
import * as refusedCalls from './migrations/2026-12-07-027-refused-calls.ts';
import * as journeyDue from './migrations/2026-12-07-029-journey-due.ts';

/** Every migration by name; names sort in the order they run. Never edit or remove one, only append. */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-login-failures': loginFailures,
  '2026-11-22-003-parcel-shops': parcelShops,
  '2026-11-22-004-pending-logins': pendingLogins,
  '2026-11-22-005-store-identity': storeIdentity,
  '2026-11-22-006-partial-consolidation-index': partialConsolidationIndex,
  '2026-11-22-007-pickup-expiry-index': pickupExpiryIndex,
  '2026-11-24-008-sandbox': sandbox,
  '2026-11-25-009-console': console,
  '2026-11-28-010-journeys': journeys,
  '2026-11-28-011-notifications': notifications,
  '2026-11-29-012-known-login-addresses': knownLoginAddresses,
  '2026-11-29-013-request-log': requestLog,
  '2026-11-29-014-account-disabled': accountDisabled,
  '2026-12-07-015-push-url': pushUrl,
  '2026-12-07-016-pushes': pushes,
  '2026-12-07-017-push-attempts': pushAttempts,
  '2026-12-07-018-transferred-index': transferredIndex,
  '2026-12-07-023-stage-log-search-keys': stageLogSearchKeys,
  '2026-12-07-026-request-log-reads': requestLogReads,
  '2026-12-07-027-refused-calls': refusedCalls,
  '2026-12-07-029-journey-due': journeyDue,
});

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** Runs every pending migration; rejects with the failing migration's error, having applied none of the run. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    // Kysely calls a database that ran a migration this code does not list "corrupted": it is a
    // database a newer parcel-service has migrated (or a downgrade), and nothing was changed.
    const unknown = error instanceof Error ? /previously executed migration (.+) is missing/.exec(error.message)?.[1] : undefined;
    if (unknown !== undefined) {
      throw new Error(`the database's schema is newer than this version of parcel-service knows (${unknown}); run a newer version on it`);
    }
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`migration ${failed ?? '(before any migration ran)'} failed`, { cause: error });
  }
}
