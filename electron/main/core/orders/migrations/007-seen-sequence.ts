/**
 * The order in which this computer first saw each order, as a sequence that no clock can move (each write takes the
 * next number): an order whose number is at most the one taken when an order was sent was seen before it was sent
 * (sync/reconcile.ts), whatever the PC's clock did meanwhile. Orders cached before this version count as seen before
 * anything.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) => db.exec('ALTER TABLE orders ADD COLUMN seen_seq INTEGER NOT NULL DEFAULT 0');
