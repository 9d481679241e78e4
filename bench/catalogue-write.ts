/**
 * npm run bench:catalogue-write — the catalogue's first-download write path at 1,000,000 products (not a test), for
 * #31.3's routes measured one by one, variants in one run so a shared machine's load falls on all of them:
 *  the writer thread's connection (role 'writer') taking batches of SYNC_LIMITS.writeBatchPages pages of 15 rows into
 *  an empty cache (`fresh`, the secondary indexes dropped), then building the indexes as the writer thread does; rows/s
 *  counts the writing and the index build, not making the rows. After each, prefix search p50 / p95 (first window
 *  + count, 2–4 letters, as bench:catalogue's (e)) on the reading connection.
 *
 *  --products N     rows (default 1,000,000)
 *  --variants JSON  name → { pragmas?: string[] (the writer's connection), prefix?: string (FTS5 `prefix`, '' none) };
 *                   default: today's settings, twice
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseProduct } from '../electron/main/core/catalogue/api';
import { CatalogueRepository, type CatalogueQuery } from '../electron/main/core/catalogue/db';
import { firstDownloadBatches } from './catalogue-batches';
import { makeProduct } from '../server/seed';
import { percentile, round } from './support';

interface Variant {
  pragmas?: string[];
  prefix?: string;
}

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    variants: { type: 'string', default: '{"today":{},"today again":{}}' },
  },
});
const PRODUCTS = Number(values.products);
const variants = JSON.parse(values.variants) as Record<string, Variant>;

for (const [name, variant] of Object.entries(variants)) console.log(JSON.stringify({ name, ...measure(variant) }));

function measure(variant: Variant): Record<string, unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-write-'));
  const file = path.join(dir, 'catalogue.sqlite');
  try {
    const reader = new CatalogueRepository(file);
    if (variant.prefix !== undefined) {
      const prefix = variant.prefix ? `prefix = '${variant.prefix}',` : '';
      reader.db
        .exec(`DROP TABLE products_fts; CREATE VIRTUAL TABLE products_fts USING fts5(name, sku, barcode, contents,
        content = '', contentless_delete = 1, ${prefix} tokenize = 'unicode61 remove_diacritics 2')`);
    }
    const writer = new CatalogueRepository(file, { role: 'writer', pragmas: variant.pragmas ?? [] });
    writer.beginBulkLoad();
    let writing = 0;
    for (const batch of firstDownloadBatches(PRODUCTS)) {
      const start = performance.now();
      writer.writePages(1, batch, Date.now(), true);
      writing += performance.now() - start;
    }
    const start = performance.now();
    writer.buildIndexes();
    const indexing = performance.now() - start;
    // the log as the first download leaves it, before closing the last connection would remove it
    const walMiB = Math.round(fs.statSync(`${file}-wal`).size / 2 ** 20);
    writer.close();
    reader.noteWritten({ rows: PRODUCTS, listed: PRODUCTS });
    const search = prefixSearch(reader);
    reader.close();
    return {
      rows: PRODUCTS,
      rowsPerSecond: Math.round(PRODUCTS / ((writing + indexing) / 1000)),
      writeSeconds: round(writing / 1000, 1),
      indexSeconds: round(indexing / 1000, 1),
      prefixSearchP50Ms: round(percentile(search, 50), 3),
      prefixSearchP95Ms: round(percentile(search, 95), 3),
      fileMiB: Math.round(fs.statSync(file).size / 2 ** 20),
      walMiB,
      rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
      ...variant,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function prefixSearch(repo: CatalogueRepository): number[] {
  const base: CatalogueQuery = {
    text: '',
    status: null,
    stock: 'all',
    flags: [],
    sort: 'id',
    dir: 'asc',
    offset: 0,
    limit: 100,
  };
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const parsed = parseProduct(makeProduct(42, 1 + ((i * 3331) % PRODUCTS)));
    if (!parsed.ok) continue;
    const word = parsed.product.name.split(' ')[1] ?? parsed.product.name;
    const start = performance.now();
    repo.query({ ...base, text: word.slice(0, 2 + (i % 3)) });
    times.push(performance.now() - start);
  }
  return times;
}
