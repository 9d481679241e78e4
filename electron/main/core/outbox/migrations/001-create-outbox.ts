/**
 * The outbox and every attempt at sending each entry.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec(`
    CREATE TABLE outbox (
      id TEXT PRIMARY KEY,
      draft_id TEXT NOT NULL UNIQUE,
      service_key TEXT NOT NULL,
      state TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      payload TEXT NOT NULL,
      reason TEXT,
      field_errors TEXT,
      server_order_id INTEGER,
      totals_mismatch INTEGER NOT NULL DEFAULT 0,
      paused INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_state ON outbox(service_key, state, created_at);
    CREATE TABLE outbox_attempts (
      entry_id TEXT NOT NULL REFERENCES outbox(id),
      at INTEGER NOT NULL,
      outcome TEXT NOT NULL,
      status INTEGER,
      excerpt TEXT
    );
    CREATE INDEX outbox_attempts_entry ON outbox_attempts(entry_id, at);
  `);
