// A purge pass's accounts (AccountScope) as a query condition: all of them, all but some, or one.
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { AccountScope } from '../domain/ports/account-ports.ts';
import type { Database } from './schema.ts';

/** `query` narrowed to the accounts of `scope` by its `account_id`. */
export function inScope<T extends 'parcels' | 'orders', O>(
  query: SelectQueryBuilder<Database, T, O>,
  scope: AccountScope | undefined,
): SelectQueryBuilder<Database, T, O> {
  if (scope === undefined) return query;
  if ('only' in scope) return query.where(sql.ref('account_id'), '=', scope.only);
  return scope.except.length === 0 ? query : query.where(sql.ref('account_id'), 'not in', scope.except);
}

/** ` and account_id …` for raw statements; empty for every account. */
export function scopeCondition(scope: AccountScope | undefined): RawBuilder<unknown> {
  if (scope === undefined || ('except' in scope && scope.except.length === 0)) return sql``;
  if ('only' in scope) return sql` and account_id = ${scope.only}`;
  return sql` and account_id not in (${sql.join(scope.except)})`;
}
