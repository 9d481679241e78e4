/**
 * Statements with named parameters (`@name`, issue #28.6): a row goes to SQLite as an object whose keys are the
 * columns, typed from the same list that writes the SQL, so a column left out is a compile error and no value can land
 * in its neighbour's place, as it could in an 18-column list of `?` in the right order.
 */

/** What SQLite stores. */
export type SqlValue = string | number | bigint | Buffer | null;

/** The row an insert of these columns takes: each column by name. */
export type RowOf<C extends readonly string[]> = { readonly [K in C[number]]: SqlValue };

/** `INSERT INTO table (a, b) VALUES (@a, @b)` — the verb may be `INSERT OR REPLACE`; `tail` follows (ON CONFLICT …). */
export function insertSql(table: string, columns: readonly string[], options: { verb?: string; tail?: string } = {}) {
  const verb = options.verb ?? 'INSERT';
  const sql = `${verb} INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
  return options.tail ? `${sql}\n${options.tail}` : sql;
}
