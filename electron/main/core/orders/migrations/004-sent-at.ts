/**
 * When this desk sent the order and wrote the service's answer into the book; cleared once a read of the list has
 * it.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) => db.exec('ALTER TABLE orders ADD COLUMN sent_at INTEGER');
