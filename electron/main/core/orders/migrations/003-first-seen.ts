/**
 * When this computer first saw each order (its own clock): an order seen before an order was sent is not that
 * order's arrival (sync/reconcile.ts). Orders cached before this version count as seen long ago.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) => db.exec('ALTER TABLE orders ADD COLUMN first_seen INTEGER NOT NULL DEFAULT 0');
