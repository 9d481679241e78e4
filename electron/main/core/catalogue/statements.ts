/**
 * The catalogue cache's statements, prepared once per connection: products written (insert, upsert, the search index,
 * bookkeeping), pages done and their validators, the sync state and its kept counts, look-ups by id, barcode and SKU.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import { INSERT_PRODUCT, UPSERT_PRODUCT } from './columns';
import { insertSql, type RowOf } from '../storage/sql';

/** A page read, by name (named parameters). */
const PAGE_COLUMNS = ['page', 'pass', 'fetched_at', 'products', 'etag', 'last_modified'] as const;

export function catalogueStatements(db: Database.Database) {
  return {
    upsert: db.prepare(UPSERT_PRODUCT),
    insertNew: db.prepare(INSERT_PRODUCT),
    ftsDelete: db.prepare('DELETE FROM products_fts WHERE rowid = ?'),
    ftsInsert: db.prepare('INSERT INTO products_fts (rowid, name, sku, barcode, contents) VALUES (?, ?, ?, ?, ?)'),
    pageDone: db.prepare<RowOf<typeof PAGE_COLUMNS>>(
      insertSql('sync_pages', PAGE_COLUMNS, { verb: 'INSERT OR REPLACE' }),
    ),
    validators: db.prepare(
      'SELECT page, etag, last_modified FROM sync_pages WHERE etag IS NOT NULL OR last_modified IS NOT NULL',
    ),
    // pages the service said were unchanged (304): their products were seen by this pass, and are as fresh as it
    seenUnchanged: db.prepare(
      'UPDATE products SET seen_pass = ?, fetched_at = ? WHERE page IN (SELECT value FROM json_each(?))',
    ),
    pagesUnchanged: db.prepare(
      'UPDATE sync_pages SET pass = ?, fetched_at = ? WHERE page IN (SELECT value FROM json_each(?))',
    ),
    pagesOfPass: db.prepare('SELECT page FROM sync_pages WHERE pass = ?').pluck(),
    getState: db.prepare('SELECT key, value FROM sync_state'),
    setState: db.prepare('INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)'),
    delist: db.prepare('UPDATE products SET listed = 0 WHERE seen_pass <> ? AND listed = 1'),
    countListed: db.prepare('SELECT count(*) FROM products WHERE listed = 1').pluck(),
    byId: db.prepare('SELECT * FROM products WHERE id = ?'),
    byBarcode: db.prepare('SELECT * FROM products WHERE barcode = ? ORDER BY listed DESC, id LIMIT 2'),
    bySku: db.prepare('SELECT * FROM products WHERE sku = ? ORDER BY listed DESC, id LIMIT 2'),
    statuses: db.prepare('SELECT DISTINCT status FROM products ORDER BY status').pluck(),
    markUnlisted: db.prepare('UPDATE products SET listed = 0 WHERE id = ? AND listed = 1'),
    existing: db.prepare('SELECT listed, raw FROM products WHERE id = ?'),
    touch: db.prepare(
      'UPDATE products SET page = coalesce(?, page), seen_pass = max(?, seen_pass), listed = 1, fetched_at = ? WHERE id = ?',
    ),
    countRows: db.prepare('SELECT count(*) FROM products').pluck(),
    indexExists: db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").pluck(),
    // the counts are kept in sync_state too, moved by each transaction's own change: exact with two connections
    // writing (the writer thread and this one), and read at start instead of counting a million rows
    addToCount: db.prepare('UPDATE sync_state SET value = CAST(value AS INTEGER) + ? WHERE key = ?'),
    storedCount: db.prepare('SELECT CAST(value AS INTEGER) FROM sync_state WHERE key = ?').pluck(),
  };
}

export type CatalogueStatements = ReturnType<typeof catalogueStatements>;
