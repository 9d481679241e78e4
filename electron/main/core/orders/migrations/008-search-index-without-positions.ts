/**
 * The order search index keeps which field each word is in, not where in the field (FTS5 `detail = column`, #31.4):
 * the search asks for words by their beginnings, in all fields or in some (a customer's name, e-mail and phone), never
 * for a phrase, so the positions were written for nothing. A first refresh of 100,000 orders writes ~8% less
 * (bench/orders-write.ts). The index is made again from the stored records (it keeps no text of its own), lowest id
 * first as FTS5 writes fastest.
 */
import type { Migration } from '../../storage/open';
import { insertSql, type RowOf } from '../../storage/sql';
import { parseKept } from '../api';
import { ftsColumns, FTS_COLUMNS } from '../rows';

export const up: Migration = (db) => {
  db.exec(`
    DROP TABLE orders_fts;
    CREATE VIRTUAL TABLE orders_fts USING fts5(
      name, email, phone, po_number, tracking_number, city, remarks,
      content = '', contentless_delete = 1, prefix = '2 3', detail = column,
      tokenize = 'unicode61 remove_diacritics 2'
    );
  `);
  const insert = db.prepare<RowOf<typeof FTS_COLUMNS>>(insertSql('orders_fts', FTS_COLUMNS));
  // a thousand at a time (a connection does not write while a read of it is open)
  const next = db.prepare('SELECT id, raw FROM orders WHERE id > ? ORDER BY id LIMIT 1000');
  for (let after = -Infinity; ;) {
    const rows = next.all(after) as { id: number; raw: string }[];
    if (rows.length === 0) return;
    for (const row of rows) {
      const parsed = parseKept(row.raw);
      if (parsed.ok) insert.run(ftsColumns(parsed.order));
    }
    after = rows.at(-1)!.id;
  }
};
