// Accounts and their sending depots.
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { DuplicateAccountError } from '../domain/core/domain-errors.ts';
import type { Account, AccountChanges, AccountRemoval, AccountRepository, NewAccount } from '../domain/ports/account-ports.ts';
import type { Clock } from '../domain/ports/clock-ports.ts';
import { accountClockOf, journeyClockOf } from './account-clock-columns.ts';
import { pushTargetOf } from './push-queue-repository.ts';
import { fromFlag, toDate, toFlag, toMillis } from './column-values.ts';
import type { AccountsTable, Database } from './schema.ts';
import { isUniqueViolation } from './unique-violation.ts';
import { forgetKnownAddresses } from './known-address-repository.ts';
import { resetAccountRows } from './reset-account-rows.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Accounts kept in `db`; `clock` stamps `createdAt`. */
export function createAccountRepository(db: Kysely<Database>, clock: Clock): AccountRepository {
  return {
    async addAccount(account: NewAccount): Promise<Account> {
      return db.transaction().execute(async (trx) => {
        const row = await insertAccountRow(trx, account, clock.now());
        await insertDepots(trx, row.id, account.depots);
        return toAccount(row, uniqueDepots(account.depots));
      });
    },

    async updateAccount(delisId: string, changes: AccountChanges): Promise<Account | undefined> {
      if (!isStorableDelisId(delisId)) return undefined;
      return db.transaction().execute(async (trx) => {
        const values = toAccountValues(changes);
        // An update even when only the depots change: it takes the account's row lock (PostgreSQL) or the
        // write lock (SQLite) first, so a concurrent change of the same depots waits for this one's
        // rather than inserting beside rows it never saw deleted.
        const found = await trx
          .updateTable('accounts')
          .set(Object.keys(values).length > 0 ? values : { delis_id: delisId })
          .where('delis_id', '=', delisId)
          .returning('id')
          .executeTakeFirst();
        if (found === undefined) {
          return undefined;
        }
        // A new password ends the logins made with the old one: whoever had it may hold a token, and
        // logged in from addresses the throttle would otherwise still trust. A disabled account's logins end too.
        if (changes.passwordHash !== undefined || changes.disabled === true) {
          await trx.deleteFrom('auth_tokens').where('account_id', '=', found.id).execute();
          await forgetKnownAddresses(trx, found.id);
        }
        if (changes.depots !== undefined) {
          await trx.deleteFrom('account_depots').where('account_id', '=', found.id).execute();
          await insertDepots(trx, found.id, changes.depots);
        }
        return readAccount(trx, delisId);
      });
    },

    findAccount: (delisId) => readAccount(db, delisId),

    async removeAccount(delisId: string, withData: boolean): Promise<AccountRemoval> {
      if (!isStorableDelisId(delisId)) return { removed: false, reason: 'not found' };
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('accounts').select('id').where('delis_id', '=', delisId).executeTakeFirst();
        if (row === undefined) return { removed: false, reason: 'not found' };
        if (!withData) {
          const count = async (table: 'parcels' | 'orders') =>
            Number(
              (
                await trx
                  .selectFrom(table)
                  .select((eb) => eb.fn.countAll().as('n'))
                  .where('account_id', '=', row.id)
                  .executeTakeFirstOrThrow()
              ).n,
            );
          const data = { parcels: await count('parcels'), orders: await count('orders') };
          if (data.parcels > 0 || data.orders > 0) return { removed: false, reason: 'has data', data };
        }
        const data = await resetAccountRows(trx, row.id, delisId);
        await trx.deleteFrom('injected_faults').where('account_id', '=', row.id).execute();
        await trx.deleteFrom('auth_tokens').where('account_id', '=', row.id).execute();
        await trx.deleteFrom('account_depots').where('account_id', '=', row.id).execute();
        await trx.deleteFrom('accounts').where('id', '=', row.id).execute();
        return { removed: true, data };
      });
    },

    async listAccounts(): Promise<Account[]> {
      const rows = await db.selectFrom('accounts').selectAll().orderBy('id').execute();
      const depots = await db
        .selectFrom('account_depots')
        .select(['account_id', 'depot'])
        .orderBy('account_id')
        .orderBy('position')
        .execute();
      const depotsByAccount = new Map<number, string[]>();
      for (const { account_id, depot } of depots) {
        const list = depotsByAccount.get(account_id) ?? [];
        list.push(depot);
        depotsByAccount.set(account_id, list);
      }
      return rows.map((row) => toAccount(row, depotsByAccount.get(row.id) ?? []));
    },
  };
}

async function insertAccountRow(trx: Executor, account: NewAccount, now: Date): Promise<Selectable<AccountsTable>> {
  try {
    return await trx
      .insertInto('accounts')
      .values({
        delis_id: account.delisId,
        password_hash: account.passwordHash,
        message_language: account.messageLanguage,
        late_export: toFlag(account.lateExport),
        pickup_approved: toFlag(account.pickupApproved),
        created_at: toMillis(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // The only unique column an insert into accounts can violate is delis_id (id is generated).
    if (isUniqueViolation(error)) {
      throw new DuplicateAccountError(account.delisId);
    }
    throw error;
  }
}

async function insertDepots(trx: Executor, accountId: number, depots: readonly string[]): Promise<void> {
  const rows = uniqueDepots(depots).map((depot, position) => ({ account_id: accountId, depot, position }));
  if (rows.length > 0) {
    await trx.insertInto('account_depots').values(rows).execute();
  }
}

/** A depot listed twice is kept once, at its first place. */
function uniqueDepots(depots: readonly string[]): string[] {
  return [...new Set(depots)];
}

/**
 * Whether an account may have `delisId`. None has U+0000 (`accounts add` refuses control characters),
 * and PostgreSQL refuses to compare text holding it, where SQLite finds no account: both answer none.
 */
function isStorableDelisId(delisId: string): boolean {
  return !delisId.includes('\0');
}

async function readAccount(db: Executor, delisId: string): Promise<Account | undefined> {
  if (!isStorableDelisId(delisId)) {
    return undefined;
  }
  const row = await db.selectFrom('accounts').selectAll().where('delis_id', '=', delisId).executeTakeFirst();
  if (row === undefined) {
    return undefined;
  }
  const depots = await db.selectFrom('account_depots').select('depot').where('account_id', '=', row.id).orderBy('position').execute();
  return toAccount(
    row,
    depots.map((depot) => depot.depot),
  );
}

function toAccountValues(changes: AccountChanges): Updateable<AccountsTable> {
  const values: Updateable<AccountsTable> = {};
  if (changes.passwordHash !== undefined) values.password_hash = changes.passwordHash;
  if (changes.messageLanguage !== undefined) values.message_language = changes.messageLanguage;
  if (changes.lateExport !== undefined) values.late_export = toFlag(changes.lateExport);
  if (changes.pickupApproved !== undefined) values.pickup_approved = toFlag(changes.pickupApproved);
  if (changes.disabled !== undefined) values.disabled = toFlag(changes.disabled);
  if (changes.pushUrl !== undefined) {
    values.push_url = changes.pushUrl === null ? null : changes.pushUrl.url;
    values.push_since = changes.pushUrl === null ? null : toMillis(changes.pushUrl.since);
  }
  if (changes.pushMode !== undefined) values.push_mode = changes.pushMode;
  return values;
}

function toAccount(row: Selectable<AccountsTable>, depots: readonly string[]): Account {
  return {
    id: row.id,
    delisId: row.delis_id,
    passwordHash: row.password_hash,
    depots: Object.freeze([...depots]),
    messageLanguage: row.message_language,
    lateExport: fromFlag(row.late_export),
    pickupApproved: fromFlag(row.pickup_approved),
    createdAt: toDate(row.created_at),
    // Only when set: an account never disabled reads as before.
    ...(fromFlag(row.disabled) ? { disabled: true } : {}),
    // The sandbox's fields only when set (SandboxService): an account that never used it is as before.
    ...sandboxFieldsOf(row),
    ...pushFieldsOf(row),
  };
}

/** Its push target and mode, only when set (README "Tracking push"). */
export function pushFieldsOf(
  row: Pick<Selectable<AccountsTable>, 'push_url' | 'push_mode' | 'push_since'>,
): Pick<Account, 'push' | 'pushMode'> {
  const push = pushTargetOf(row);
  return { ...(push === undefined ? {} : { push }), ...(row.push_mode === null ? {} : { pushMode: row.push_mode }) };
}

function sandboxFieldsOf(row: Selectable<AccountsTable>): Pick<Account, 'clock' | 'pendingFaults' | 'scenario' | 'journeyClock'> {
  const clock = accountClockOf(row);
  const journeyClock = journeyClockOf(row);
  return {
    ...(clock === undefined ? {} : { clock }),
    ...(row.pending_faults > 0 ? { pendingFaults: row.pending_faults } : {}),
    ...(row.journey_scenario === null ? {} : { scenario: row.journey_scenario }),
    ...(journeyClock === undefined ? {} : { journeyClock }),
  };
}
