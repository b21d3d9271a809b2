// Inserts compiled once and then only bound: building a query with Kysely costs far more than SQLite
// needs to run it, and the hot writes (orders, parcels, events, stage requests) have a fixed shape.
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { CHUNK_SIZE } from './chunks.ts';
import type { Database } from './schema.ts';
import type { QueryExecutor } from './transactor.ts';

/** The columns of `Table`'s rows, in the order their values are bound. */
export type ColumnList<Table extends keyof Database> = readonly (keyof Insertable<Database[Table]> & string)[];

export interface PreparedInsert<Table extends keyof Database> {
  /** Inserts `rows` (in statements of at most CHUNK_SIZE rows); returns the new ids when compiled with `returning: 'id'`, in row order. */
  run(executor: QueryExecutor, rows: readonly Insertable<Database[Table]>[]): Promise<number[]>;
}

/**
 * The row counts a statement is compiled for: rows go in as few statements of these sizes as fit, so
 * a table has at most this many statements, however the row counts of calls vary.
 */
const STATEMENT_ROWS = [CHUNK_SIZE, 50, 10, 2, 1];

/**
 * An insert into `table` of `columns`, compiled by `db`'s dialect the first time each statement size
 * is needed. With `returning: 'id'`, rows are inserted one statement each, since the order of a
 * multi-row RETURNING is not guaranteed.
 */
export function prepareInsert<Table extends keyof Database>(
  db: Kysely<Database>,
  table: Table,
  columns: ColumnList<Table>,
  options: { returning?: 'id' } = {},
): PreparedInsert<Table> {
  const statements = new Map<number, string>();
  const sqlFor = (rowCount: number): string => {
    let sql = statements.get(rowCount);
    if (sql === undefined) {
      const placeholderRow = Object.fromEntries(columns.map((column) => [column, null]));
      const query = db.insertInto(table).values(Array.from({ length: rowCount }, () => placeholderRow) as never);
      sql = (options.returning === 'id' ? query.returning('id' as never) : query).compile().sql;
      statements.set(rowCount, sql);
    }
    return sql;
  };
  const bind = (rows: readonly Insertable<Database[Table]>[]): unknown[] => {
    const parameters: unknown[] = [];
    for (const row of rows) {
      for (const column of columns) {
        const value = (row as Record<string, unknown>)[column];
        parameters.push(value === undefined ? null : value);
      }
    }
    return parameters;
  };
  const sizes = options.returning === 'id' ? [1] : STATEMENT_ROWS;
  return {
    async run(executor, rows) {
      const ids: number[] = [];
      let start = 0;
      for (const size of sizes) {
        for (; rows.length - start >= size; start += size) {
          const chunk = rows.slice(start, start + size);
          const result = await executor.executeQuery<{ id: number }>(CompiledQuery.raw(sqlFor(size), bind(chunk)));
          for (const row of result.rows) ids.push(row.id);
        }
      }
      return ids;
    },
  };
}
