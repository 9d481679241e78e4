/**
 * The products cache, its FTS index, the pages read and the sync state, with the first secondary indexes.
 */
import type { Migration } from '../../storage/open';
import { indexesOf } from '../schema';

export const up: Migration = (db) => {
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
};
