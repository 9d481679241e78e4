/**
 * npm run bench:catalogue-search — bench:catalogue's search and paging figures (e) alone, at 1,000,000 products by
 * default, on a cache kept between runs (not a test): for #31.3's query plans, measured before and after in one
 * sitting without a sync each time. The cache is written once as a first download writes it (the writer's
 * connection, batches of SYNC_LIMITS.writeBatchPages pages into an empty cache, indexes built at the end) and opened
 * again as the app opens it (its migrations run on an older cache).
 *
 *  --products N   rows (default 1,000,000)
 *  --cache FILE   the cache to use or write (default $TMPDIR/shopdesk-bench-search-N.sqlite)
 *  --runs N       runs of the figures; each figure's median is printed at the end (default 3)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseProduct, type ParsedProduct } from '../electron/main/core/catalogue/api';
import { CatalogueRepository } from '../electron/main/core/catalogue/db';
import { firstDownloadBatches } from './catalogue-batches';
import { makeProduct } from '../server/seed';
import { measureQueries } from './catalogue-queries';
import { percentile, round } from './support';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    cache: { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
});
const PRODUCTS = Number(values.products);
const file = values.cache ?? path.join(os.tmpdir(), `shopdesk-bench-search-${PRODUCTS}.sqlite`);

if (!fs.existsSync(file)) write(file);
const repo = new CatalogueRepository(file);
if (repo.rowCount() !== PRODUCTS) throw new Error(`${file} holds ${repo.rowCount()} products, not ${PRODUCTS}.`);
const sample: ParsedProduct[] = [];
for (let id = 1; id <= PRODUCTS; id += Math.max(1, Math.floor(PRODUCTS / 400))) {
  const parsed = parseProduct(makeProduct(42, id));
  if (parsed.ok) sample.push(parsed.product);
}
const runs: Record<string, number>[] = [];
for (let run = 0; run < Number(values.runs); run++) runs.push(measureQueries(repo, sample));
repo.close();
const medians = Object.fromEntries(
  Object.keys(runs[0]!).map((key) => [
    key,
    round(
      percentile(
        runs.map((r) => r[key]!),
        50,
      ),
      3,
    ),
  ]),
);
console.log(JSON.stringify({ products: PRODUCTS, runs: runs.length, medians }));

function write(to: string): void {
  const started = performance.now();
  new CatalogueRepository(to).close();
  const writer = new CatalogueRepository(to, { role: 'writer' });
  writer.beginBulkLoad();
  for (const batch of firstDownloadBatches(PRODUCTS)) writer.writePages(1, batch, Date.now(), true);
  writer.buildIndexes();
  writer.close();
  console.log(`wrote ${to}: ${PRODUCTS} products in ${round((performance.now() - started) / 1000, 1)} s`);
}
