/**
 * The benches' catalogue as a first download writes it: pages of 15 seeded products (server/seed, seed 42), shaped as
 * the writer's rows, in batches of the writer's size (SYNC_LIMITS.writeBatchPages). Shared by bench:catalogue-write
 * and bench:catalogue-search.
 */
import { parseProduct } from '../electron/main/core/catalogue/api';
import { toWriteRow, type PageRows } from '../electron/main/core/catalogue/db';
import { SYNC_LIMITS } from '../electron/main/core/limits';
import { makeProduct } from '../server/seed';

const PAGE_SIZE = 15;

/** One batch at a time, built when asked for (a batch's building is not part of what a bench times). */
export function* firstDownloadBatches(products: number): Generator<PageRows[]> {
  const pagesTotal = Math.ceil(products / PAGE_SIZE);
  for (let first = 1; first <= pagesTotal; first += SYNC_LIMITS.writeBatchPages) {
    const batch: PageRows[] = [];
    for (let page = first; page < first + SYNC_LIMITS.writeBatchPages && page <= pagesTotal; page++) {
      const rows = [];
      for (let id = (page - 1) * PAGE_SIZE + 1; id <= Math.min(products, page * PAGE_SIZE); id++) {
        const parsed = parseProduct(makeProduct(42, id));
        if (parsed.ok) rows.push(toWriteRow(parsed.product));
      }
      batch.push({ page, rows });
    }
    yield batch;
  }
}
