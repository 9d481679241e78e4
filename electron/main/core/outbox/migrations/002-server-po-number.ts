/**
 * The PO number the service gave the order, for the outbox screen.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) => db.exec('ALTER TABLE outbox ADD COLUMN server_po_number TEXT');
