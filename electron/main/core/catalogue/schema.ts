/**
 * The catalogue cache's schema: its numbered migrations, and the secondary indexes as one list that the migrations,
 * a first download (which drops and rebuilds them) and opening a cache all create from.
 */
import type Database from 'better-sqlite3-multiple-ciphers';

/** sync_state keys of the kept row counts. */
export const ROW_COUNT = 'rowCount';
export const LISTED_COUNT = 'listedCount';

/** FTS5's default: segments merge in the background once this many share a level. */
export const FTS_AUTOMERGE = 4;

/** Unknown figures sort before every real one. */
export const UNKNOWN_KEY = -(2 ** 40);

export interface SecondaryIndex {
  name: string;
  columns: string;
  /** The migration that first created it. */
  since: number;
}

/**
 * The secondary indexes of the products table. A first download into an empty cache drops them and builds them again at
 * the end (building an index over sorted data is several times cheaper than keeping eight indexes up to date row by
 * row); opening a cache puts back any that a crash during that left missing.
 *
 * Every entry of an index ends with the row's id (SQLite appends the rowid), so each is read in (columns, id) order and
 * a keyset `(key, id) > (?, ?)` seeks in it. Naming `id` as a column as well stored it twice (#31.3): the indexes built
 * from this list since leave it out — the same order and query plans (EXPLAIN QUERY PLAN for every filter and sort of
 * the stock screen), smaller entries, a shorter index build (see the README). A cache whose indexes were built with
 * it keeps them (they answer the same) until its next first download builds them from this list.
 */
export const SECONDARY_INDEXES = [
  { name: 'products_barcode', columns: 'barcode', since: 1 },
  { name: 'products_sku', columns: 'sku', since: 1 },
  { name: 'products_name', columns: 'name_key', since: 1 },
  { name: 'products_available', columns: 'available_key', since: 1 },
  { name: 'products_physical', columns: 'physical_key', since: 1 },
  { name: 'products_price', columns: 'price_key', since: 1 },
  { name: 'products_status', columns: 'status', since: 1 },
  // the flags filter counts from this index instead of reading every row (213 → 20 ms at 1,000,000 products)
  { name: 'products_flags', columns: 'flags', since: 2 },
  // a status filter sorted by name walks only that status's rows, in order: its first window and any window at once
  // (#31.3: 26.6 / 39.7 ms → see the README at 1,000,000 products, where products_name was walked checking each row)
  { name: 'products_status_name', columns: 'status, name_key', since: 4 },
] as const satisfies readonly SecondaryIndex[];

export type IndexName = (typeof SECONDARY_INDEXES)[number]['name'];

/** Creates one secondary index unless it is there. */
export function createIndex(db: Database.Database, index: SecondaryIndex): void {
  db.exec(`CREATE INDEX IF NOT EXISTS ${index.name} ON products(${index.columns})`);
}

export const indexesOf = (migration: number) => (db: Database.Database) => {
  for (const index of SECONDARY_INDEXES) if (index.since === migration) createIndex(db, index);
};
