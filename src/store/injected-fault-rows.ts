// Faults injected into an account's next calls (SandboxService injectFault), and the account's count
// of them (`accounts.pending_faults`), which authentication reads with the account so that an account
// with none costs a call nothing. Every change of the rows changes the count in the same transaction.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { FaultBehaviour, InjectedFault, NewInjectedFault } from '../domain/ports/sandbox-ports.ts';
import { toDate, toJson, toMillis } from './column-values.ts';
import type { StoreDialect } from './store-dialect.ts';
import type { Database, InjectedFaultsTable } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

function toInjectedFault(row: Selectable<InjectedFaultsTable>): InjectedFault {
  return {
    id: row.id,
    operation: row.operation,
    binding: row.binding,
    remaining: row.remaining,
    behaviour: JSON.parse(row.behaviour) as FaultBehaviour,
    createdAt: toDate(row.created_at),
  };
}

/** Sets the account's count to its rows (after a delete of any number of them). */
async function recount(trx: Executor, accountId: number): Promise<void> {
  await trx
    .updateTable('accounts')
    .set((eb) => ({
      pending_faults: eb
        .selectFrom('injected_faults')
        .select((count) => count.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId),
    }))
    .where('id', '=', accountId)
    .execute();
}

export function createInjectedFaults(db: Kysely<Database>, dialect: StoreDialect) {
  /**
   * A transaction holding the account's lock: SQLite's is the one write lock (BEGIN IMMEDIATE);
   * PostgreSQL's the account's row, so an account's faults change one call at a time.
   */
  const lockedForAccount = <T>(accountId: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
      return work(trx);
    });

  return {
    addInjectedFault: (accountId: number, fault: NewInjectedFault, at: Date, max: number) =>
      lockedForAccount(accountId, async (trx): Promise<InjectedFault | undefined> => {
        // The count goes up only while below the bound, in the statement that checks it.
        const counted = await trx
          .updateTable('accounts')
          .set({ pending_faults: sql`pending_faults + 1` })
          .where('id', '=', accountId)
          .where('pending_faults', '<', max)
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) === 0) return undefined;
        const row = await trx
          .insertInto('injected_faults')
          .values({
            account_id: accountId,
            operation: fault.operation,
            binding: fault.binding,
            remaining: fault.count,
            behaviour: toJson(fault.behaviour),
            created_at: toMillis(at),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toInjectedFault(row);
      }),

    async listInjectedFaults(accountId: number, id?: number): Promise<InjectedFault[]> {
      const rows = await db
        .selectFrom('injected_faults')
        .selectAll()
        .where('account_id', '=', accountId)
        .$call((query) => (id === undefined ? query : query.where('id', '=', id)))
        .orderBy('id')
        .execute();
      return rows.map(toInjectedFault);
    },

    clearInjectedFaults: (accountId: number, id?: number) =>
      lockedForAccount(accountId, async (trx) => {
        const result = await trx
          .deleteFrom('injected_faults')
          .where('account_id', '=', accountId)
          .$call((query) => (id === undefined ? query : query.where('id', '=', id)))
          .executeTakeFirst();
        await recount(trx, accountId);
        return Number(result.numDeletedRows);
      }),

    takeInjectedFault: (accountId: number, operation: string, binding: 'REST' | 'SOAP') =>
      lockedForAccount(accountId, async (trx): Promise<InjectedFault | undefined> => {
        const row = await trx
          .selectFrom('injected_faults')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('operation', 'in', [operation, '*'])
          .where('binding', 'in', [binding, 'any'])
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (row === undefined) return undefined;
        if (row.remaining > 1) {
          await trx
            .updateTable('injected_faults')
            .set({ remaining: row.remaining - 1 })
            .where('id', '=', row.id)
            .execute();
        } else {
          await trx.deleteFrom('injected_faults').where('id', '=', row.id).execute();
          await trx
            .updateTable('accounts')
            .set({ pending_faults: sql`pending_faults - 1` })
            .where('id', '=', accountId)
            .execute();
        }
        return toInjectedFault(row);
      }),
  };
}
