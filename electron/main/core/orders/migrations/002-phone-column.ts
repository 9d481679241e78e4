/**
 * The phone number as a column, for the list (read back from each stored record).
 */
import type { Migration } from '../../storage/open';
import { parseOrder } from '../api';

export const up: Migration = (db) => {
  db.exec("ALTER TABLE orders ADD COLUMN phone TEXT NOT NULL DEFAULT ''");
  const set = db.prepare('UPDATE orders SET phone = ? WHERE id = ?');
  for (const row of db.prepare('SELECT id, raw FROM orders').iterate() as Iterable<{ id: number; raw: string }>) {
    const parsed = parseOrder(JSON.parse(row.raw));
    if (parsed.ok && parsed.order.phone) set.run(parsed.order.phone, row.id);
  }
};
