/**
 * Whether a read of the list has had the order (1), or only this desk's POST answer or a live read of the one order
 * (0): the quick refresh stops at a page of orders the list has shown before, and an order known out of the list's
 * sequence is no sign that the older ones are known. Orders cached before this version came from the list, except
 * the ones still marked as just sent.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec(`
    ALTER TABLE orders ADD COLUMN listed INTEGER NOT NULL DEFAULT 1;
    UPDATE orders SET listed = 0 WHERE sent_at IS NOT NULL;
  `);
