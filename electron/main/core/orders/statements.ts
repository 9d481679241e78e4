/**
 * The order book's SQL, prepared once per connection (db.ts): the upsert with its rules for what a later read keeps,
 * the search index's rows, the list's page versions, the state kept beside the orders, and the reads of single orders,
 * customers and figures.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import { insertSql, type RowOf } from '../storage/sql';
import { FIGURE_ROWS_SQL, FTS_COLUMNS, ORDER_COLUMNS } from './rows';

const PAGE_COLUMNS = ['page', 'etag', 'last_modified'] as const;

export function prepareOrderStatements(db: Database.Database) {
  return {
    exists: db.prepare('SELECT 1 FROM orders WHERE id = ?').pluck(),
    upsert: db.prepare<RowOf<typeof ORDER_COLUMNS>>(
      insertSql('orders', ORDER_COLUMNS, {
        tail: `ON CONFLICT(id) DO UPDATE SET po_number = excluded.po_number, status = excluded.status, name = excluded.name,
          name_key = excluded.name_key, email = excluded.email, phone = excluded.phone, city = excluded.city, order_date = excluded.order_date,
          order_day = excluded.order_day, total_price = excluded.total_price, total_key = excluded.total_key,
          items = excluded.items, raw = excluded.raw, fetched_at = excluded.fetched_at,
          -- the list clears the just-sent mark, a POST answer sets it, a live read leaves it
          sent_at = CASE WHEN excluded.listed = 1 THEN NULL ELSE coalesce(excluded.sent_at, orders.sent_at) END,
          -- once the list has shown an order, a live read of it does not make it unlisted
          listed = max(orders.listed, excluded.listed)`,
      }),
    ),
    known: db.prepare('SELECT raw, listed FROM orders WHERE id = ?'),
    pageVersion: db.prepare('SELECT etag, last_modified FROM list_pages WHERE page = ?'),
    setPageVersion: db.prepare<RowOf<typeof PAGE_COLUMNS>>(
      insertSql('list_pages', PAGE_COLUMNS, { verb: 'INSERT OR REPLACE' }),
    ),
    ftsDelete: db.prepare('DELETE FROM orders_fts WHERE rowid = ?'),
    ftsInsert: db.prepare<RowOf<typeof FTS_COLUMNS>>(insertSql('orders_fts', FTS_COLUMNS)),
    byId: db.prepare('SELECT * FROM orders WHERE id = ?'),
    byEmail: db.prepare('SELECT raw, first_seen, seen_seq FROM orders WHERE lower(email) = lower(?) LIMIT 2000'),
    customerMatches: db.prepare(`
        SELECT o.id, o.name, o.email FROM orders_fts JOIN orders o ON o.id = orders_fts.rowid
        WHERE orders_fts MATCH ?
        ORDER BY CASE WHEN o.order_day GLOB '[0-9]*' THEN o.order_day ELSE '' END DESC, o.id DESC LIMIT 500`),
    latestRaw: db.prepare('SELECT raw FROM orders ORDER BY order_day DESC, id DESC LIMIT 2000').pluck(),
    // a day that does not read ('~…', which would sort above every ISO day) or none ('') is no sign of a recent order:
    // such orders come after the dated ones, by id
    recentOrders: db.prepare(
      "SELECT id, name, email FROM orders ORDER BY CASE WHEN order_day GLOB '[0-9]*' THEN order_day ELSE '' END DESC, id DESC LIMIT 500",
    ),
    count: db.prepare('SELECT count(*) FROM orders').pluck(),
    figureRows: db.prepare(FIGURE_ROWS_SQL),
    allDates: db.prepare('SELECT id, order_date FROM orders'),
    setDay: db.prepare('UPDATE orders SET order_day = ? WHERE id = ?'),
    statuses: db.prepare('SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY n DESC, status'),
    getState: db.prepare('SELECT value FROM orders_state WHERE key = ?').pluck(),
    setState: db.prepare('INSERT OR REPLACE INTO orders_state (key, value) VALUES (?, ?)'),
  };
}

export type OrderStatements = ReturnType<typeof prepareOrderStatements>;
