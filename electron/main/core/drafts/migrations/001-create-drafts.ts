/**
 * Order-entry drafts, per service.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec(`
    CREATE TABLE drafts (
      id TEXT PRIMARY KEY,
      service_key TEXT NOT NULL,
      step INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      data TEXT NOT NULL
    );
    CREATE INDEX drafts_service ON drafts(service_key, updated_at);
  `);
