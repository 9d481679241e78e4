/**
 * When the latest POST of an entry began (this computer's clock, and the service's as far as known) and how fresh
 * the order book was then; what the last check against the service found; the zone of the service's stamps.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec(`
    ALTER TABLE outbox ADD COLUMN sent_at INTEGER;
    ALTER TABLE outbox ADD COLUMN service_sent_at INTEGER;
    ALTER TABLE outbox ADD COLUMN order_book_as_of INTEGER;
    ALTER TABLE outbox ADD COLUMN check_result TEXT;
    CREATE TABLE service_clock (service_key TEXT PRIMARY KEY, zone_ms INTEGER NOT NULL, learnt_at INTEGER NOT NULL);
  `);
