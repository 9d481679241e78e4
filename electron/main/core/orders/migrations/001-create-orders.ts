/**
 * The order book: orders with the columns the list sorts and filters by, the raw record, FTS over the fields staff
 * search by, and a state table.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec(`
    CREATE TABLE orders (
      id INTEGER PRIMARY KEY,
      po_number TEXT NOT NULL,
      status TEXT NOT NULL,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL,
      email TEXT NOT NULL,
      city TEXT NOT NULL,
      order_date TEXT NOT NULL,
      order_day TEXT NOT NULL,
      total_price TEXT,
      total_key INTEGER NOT NULL,
      items INTEGER NOT NULL,
      raw TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX orders_status ON orders(status, id);
    CREATE INDEX orders_day ON orders(order_day, id);
    CREATE INDEX orders_total ON orders(total_key, id);
    CREATE INDEX orders_customer ON orders(name_key, id);
    CREATE INDEX orders_po ON orders(po_number);
    CREATE VIRTUAL TABLE orders_fts USING fts5(
      name, email, phone, po_number, tracking_number, city, remarks,
      content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TABLE orders_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `);
