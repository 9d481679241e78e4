/**
 * The catalogue cache's schema: its numbered migrations, and the secondary indexes as one list that the migrations,
 * a first download (which drops and rebuilds them) and opening a cache all create from.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import type { Migration } from '../storage/open';

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
 */
export const SECONDARY_INDEXES = [
  { name: 'products_barcode', columns: 'barcode', since: 1 },
  { name: 'products_sku', columns: 'sku, id', since: 1 },
  { name: 'products_name', columns: 'name_key, id', since: 1 },
  { name: 'products_available', columns: 'available_key, id', since: 1 },
  { name: 'products_physical', columns: 'physical_key, id', since: 1 },
  { name: 'products_price', columns: 'price_key, id', since: 1 },
  { name: 'products_status', columns: 'status, id', since: 1 },
  // the flags filter counts from this index instead of reading every row (213 → 20 ms at 1,000,000 products)
  { name: 'products_flags', columns: 'flags, id', since: 2 },
] as const satisfies readonly SecondaryIndex[];

export type IndexName = (typeof SECONDARY_INDEXES)[number]['name'];

/** Creates one secondary index unless it is there. */
export function createIndex(db: Database.Database, index: SecondaryIndex): void {
  db.exec(`CREATE INDEX IF NOT EXISTS ${index.name} ON products(${index.columns})`);
}

const indexesOf = (migration: number) => (db: Database.Database) => {
  for (const index of SECONDARY_INDEXES) if (index.since === migration) createIndex(db, index);
};

export const CATALOGUE_MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        sku TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        barcode TEXT NOT NULL,
        status TEXT NOT NULL,
        available INTEGER,
        physical INTEGER,
        price TEXT,
        available_key INTEGER NOT NULL,
        physical_key INTEGER NOT NULL,
        price_key INTEGER NOT NULL,
        flags INTEGER NOT NULL,
        raw TEXT NOT NULL,
        page INTEGER,
        seen_pass INTEGER NOT NULL,
        listed INTEGER NOT NULL DEFAULT 1,
        fetched_at INTEGER NOT NULL
      );
      CREATE VIRTUAL TABLE products_fts USING fts5(
        name, sku, barcode, contents,
        content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TABLE sync_pages (page INTEGER PRIMARY KEY, pass INTEGER NOT NULL, fetched_at INTEGER NOT NULL, products INTEGER NOT NULL);
      CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    indexesOf(1)(db);
  },
  indexesOf(2),
  // the validators of each page as last read (ETag, Last-Modified), for conditional requests
  (db) => {
    const columns = new Set((db.pragma('table_info(sync_pages)') as { name: string }[]).map((c) => c.name));
    for (const column of ['etag', 'last_modified'])
      if (!columns.has(column)) db.exec(`ALTER TABLE sync_pages ADD COLUMN ${column} TEXT`);
  },
];
