/**
 * The search index keeps words' beginnings of four letters too (FTS5 `prefix = '2 3 4'`, #31.3): a search word of four
 * letters was the slowest (its terms merged twice, once for the count and once for the first window: ~9.5 ms at
 * 1,000,000 products), and search as you type passes through it on every word. Prefix p95 at 1,000,000 products 5.59 →
 * 2.84 ms (bench:catalogue-search, medians of 3, main and this in one sitting, 27 November 2026), +31 MiB of file; the
 * write path's cost (~10% in one bench:catalogue-write run each) was within the noise of the bench's own first
 * download (44.1 → 40.0 s). The matches are the same either way: a prefix index only
 * makes a search faster.
 *
 * Only an empty cache (a new one, or one erased) gets it: the index keeps no text of its own, so a cache that already
 * holds products would have it made again from every stored record as it opens, 10-20 s that a shop with 1,000,000
 * products would wait once with the app frozen. Such a cache keeps `prefix = '2 3'`, as fast as before, until it is
 * next emptied.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) => {
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM products)').pluck().get() === 1) return;
  db.exec(`
    DROP TABLE products_fts;
    CREATE VIRTUAL TABLE products_fts USING fts5(
      name, sku, barcode, contents,
      content = '', contentless_delete = 1, prefix = '2 3 4', tokenize = 'unicode61 remove_diacritics 2'
    );
  `);
};
