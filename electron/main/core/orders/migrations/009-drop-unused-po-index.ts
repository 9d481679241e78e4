/**
 * The order book no longer keeps an index of PO numbers (#31.4): no query reads orders by their PO number (a PO number
 * is found through the search index, migrations/008, and shown from the row), so every write kept it for nothing.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) => db.exec('DROP INDEX IF EXISTS orders_po');
