/**
 * What no step of the PC's clock can move, taken when the latest POST began: the order book's write number (an order
 * written at most at it was seen before the send), how old the book's last whole read was and the send's moment on
 * the monotonic clock, with the process that clock belongs to (sync/reconcile.ts).
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec(`
    ALTER TABLE outbox ADD COLUMN seen_seq INTEGER;
    ALTER TABLE outbox ADD COLUMN book_age_ms REAL;
    ALTER TABLE outbox ADD COLUMN sent_mono REAL;
    ALTER TABLE outbox ADD COLUMN mono_epoch TEXT;
  `);
