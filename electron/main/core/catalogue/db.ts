/**
 * The catalogue cache: products with their raw record, an FTS5 index (name, SKU, barcode, contents), exact
 * barcode/SKU indexes, page bookkeeping for resumable sync, and keyset windows for the stock table. Beside it: its
 * schema (schema.ts), statements (statements.ts), write path (columns.ts), indexes around a first download
 * (indexes.ts), query planner (plan.ts) and rows as the screens get them (rows.ts).
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import type { ProductDetail, ProductRow } from '../../../../shared/domain';
import { gtinForms } from '../../../../shared/gtin';
import type { ParsedProduct } from './api';
import { productArgs, toWriteRow, type PageRows, type WriteDelta, type WriteRow } from './columns';
import { CatalogueIndexes } from './indexes';
import { planQuery, type CatalogueQuery } from './plan';
import { CATALOGUE_MIGRATIONS } from './migrations';
import { toDetail, toRow, type StoredRow } from './rows';
import { LISTED_COUNT, ROW_COUNT, type IndexName } from './schema';
import { catalogueStatements, type CatalogueStatements } from './statements';
import { openDatabase } from '../storage/open';
import { KeysetWindows } from '../storage/windows';

/** The write-ahead log's size kept after a checkpoint (SQLite leaves it at its largest otherwise). */
const WAL_LIMIT_BYTES = 16 * 2 ** 20;

export type { CatalogueQuery } from './plan';
export { toWriteRow, type PageRows, type WriteDelta, type WriteRow } from './columns';

export interface SyncState {
  pass: number | null;
  passTotal: number | null;
  passLastPage: number | null;
  passStartedAt: number | null;
  completeAt: number | null;
  completeTotal: number | null;
  /** Pages of the last complete pass (the load a pass causes). */
  completePages: number | null;
  /** The last pass's CatalogueOutcome and its skipped records, as JSON. */
  outcome: string | null;
  skipped: string | null;
  updatedAt: number | null;
}

export class CatalogueRepository {
  readonly db: Database.Database;
  readonly movedAside: string | null;
  /** Row counts kept in step with every write, so counts never scan the table. */
  private counts = { rows: 0, listed: 0 };
  private readonly windows: KeysetWindows;
  private readonly stmt: CatalogueStatements;
  private readonly indexes: CatalogueIndexes;

  /**
   * `role: 'writer'` opens a second connection for the writer thread: the reading side has already checked and
   * migrated the file, so the start-up check, the counts and the index check are skipped.
   */
  constructor(
    file: string,
    options: {
      role?: 'reader' | 'writer';
      pragmas?: readonly string[];
      /** false: the caller checks the file on another thread (see Catalogue.verify). */
      quickCheck?: boolean;
    } = {},
  ) {
    const writer = options.role === 'writer';
    const opened = openDatabase({
      file,
      migrations: CATALOGUE_MIGRATIONS,
      synchronous: 'NORMAL',
      // the writer appends; a smaller cache keeps its memory down and measured no slower (bench:catalogue)
      cacheMiB: writer ? 32 : 128,
      quickCheck: !writer && options.quickCheck !== false,
    });
    // The writer builds the indexes after a first download: with temporary b-trees in memory, CREATE INDEX over
    // 1,000,000 rows sorted in RAM (+65 MiB at the peak, bench:memory); in a file, the sort spills past the cache.
    if (writer) opened.db.pragma('temp_store = FILE');
    // a checkpoint leaves the log file no larger than this, whatever the largest transaction wrote into it
    opened.db.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
    for (const pragma of options.pragmas ?? []) opened.db.pragma(pragma);
    this.db = opened.db;
    this.windows = new KeysetWindows(this.db);
    this.movedAside = opened.movedAside;
    this.stmt = catalogueStatements(this.db);
    this.indexes = new CatalogueIndexes(this.db);
    if (writer) return;
    const rows = this.stmt.storedCount.get(ROW_COUNT) as number | undefined;
    const listed = this.stmt.storedCount.get(LISTED_COUNT) as number | undefined;
    if (rows !== undefined && listed !== undefined) this.counts = { rows, listed };
    else this.recount(); // a cache from before the counts were kept
    this.indexes.ensure();
  }

  /**
   * Whether a bulk load left work undone in this session: a secondary index missing or the search index unmerged
   * (its index building failed — a full disk — and the next pass, not a first download, must still do it).
   */
  bulkLoadUnfinished(): boolean {
    return this.indexes.unfinished();
  }

  /** Builds the secondary indexes after a bulk load, all at once (the writer thread does this). */
  buildIndexes(): void {
    this.indexes.mergeSearchIndex();
    this.indexes.ensure();
    this.changed();
    this.emptyLog();
  }

  /**
   * After a first download: the write-ahead log, which the index build and the search index's merge filled (129 MiB
   * at 1,000,000 products), is copied into the file and cut to nothing, not left at its largest. A reader still on an
   * older snapshot leaves it for later checkpoints (journal_size_limit bounds the file then).
   */
  private emptyLog(): void {
    if (this.db.open) this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /**
   * Whether a first download may load without the secondary indexes (only into an empty cache). It also loads the
   * search index without merging its segments as it goes, and merges them once at the end: ~20 % less work a row.
   */
  beginBulkLoad(): boolean {
    if (this.counts.rows > 0) return false;
    this.indexes.drop();
    this.changed();
    return true;
  }

  /** Builds the secondary indexes again after a bulk load, one at a time, yielding in between so the app stays responsive. */
  async endBulkLoad(yieldTo: () => Promise<void> = () => new Promise((r) => setImmediate(r))): Promise<void> {
    if (!(await this.indexes.rebuild(yieldTo))) return;
    this.changed();
    this.emptyLog();
  }

  close(): void {
    this.db.close();
  }

  private changed(): void {
    this.windows.invalidate();
  }

  /**
   * Writes one product. `fresh` (a first download into an empty cache) skips the look-up and the upsert; a
   * duplicate id then fails the batch, which is written again the careful way.
   */
  private writeProduct(r: WriteRow, page: number | null, pass: number, fetchedAt: number, fresh = false): void {
    const [id, sku, name, barcode, , , , , contents, , raw] = r;
    if (fresh) {
      this.stmt.insertNew.run(productArgs(r, { page, pass, fetchedAt }));
      this.counts.rows += 1;
      this.counts.listed += 1;
    } else {
      const was = this.stmt.existing.get(id) as { listed: number; raw: string } | undefined;
      if (was === undefined) {
        this.counts.rows += 1;
        this.counts.listed += 1;
      } else if (was.listed === 0) this.counts.listed += 1;
      if (was !== undefined && was.raw === raw) {
        // the same record as last time: only the bookkeeping changes (no index or full-text work)
        this.stmt.touch.run(page, pass, fetchedAt, id);
        return;
      }
      this.stmt.upsert.run(productArgs(r, { page, pass, fetchedAt }));
      this.stmt.ftsDelete.run(id);
    }
    this.stmt.ftsInsert.run(id, name, sku, barcode, contents);
  }

  /** One page of a sync pass, written whole or not at all. */
  savePage(pass: number, page: number, products: ParsedProduct[], fetchedAt = Date.now()): WriteDelta {
    return this.savePages(pass, [{ page, products }], fetchedAt);
  }

  /** Several whole pages of parsed products in one transaction. */
  savePages(
    pass: number,
    pages: { page: number; products: ParsedProduct[] }[],
    fetchedAt = Date.now(),
    fresh = false,
  ): WriteDelta {
    return this.writePages(
      pass,
      pages.map(({ page, products }) => ({ page, rows: products.map(toWriteRow) })),
      fetchedAt,
      fresh,
    );
  }

  /**
   * Several whole pages in one transaction (the sync batches them, as small commits cost FTS5 a merge each).
   * Returns how the row counts changed.
   */
  writePages(
    pass: number,
    pages: PageRows[],
    fetchedAt = Date.now(),
    fresh = false,
    /** Called after each page is written, inside the transaction: the writer thread answers pages waiting to be read. */
    betweenPages?: () => void,
  ): WriteDelta {
    const before = { ...this.counts };
    const write = (fast: boolean) => () => {
      for (const { page, rows, etag, lastModified } of pages) {
        for (const r of rows) this.writeProduct(r, page, pass, fetchedAt, fast);
        this.stmt.pageDone.run({
          page,
          pass,
          fetched_at: fetchedAt,
          products: rows.length,
          etag: etag ?? null,
          last_modified: lastModified ?? null,
        });
        betweenPages?.();
      }
      this.stmt.setState.run('updatedAt', String(fetchedAt));
    };
    if (!fresh) this.inTransaction(write(false));
    else {
      try {
        this.inTransaction(write(true));
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
        this.inTransaction(write(false));
      }
    }
    return { rows: this.counts.rows - before.rows, listed: this.counts.listed - before.listed };
  }

  /** Counts read again from the table (after a writer thread died without reporting its last batch). */
  recount(): void {
    this.counts = { rows: this.stmt.countRows.get() as number, listed: this.stmt.countListed.get() as number };
    this.db.transaction(() => {
      this.stmt.setState.run(ROW_COUNT, String(this.counts.rows));
      this.stmt.setState.run(LISTED_COUNT, String(this.counts.listed));
    })();
    this.changed();
  }

  /** Rows another connection (the writer thread) wrote: counts follow, cached windows are dropped. */
  noteWritten(delta: WriteDelta): void {
    this.counts.rows += delta.rows;
    this.counts.listed += delta.listed;
    this.changed();
  }

  /** Runs a write transaction; the in-memory counts roll back with it. */
  private inTransaction<T>(work: () => T): T {
    const before = { ...this.counts };
    try {
      return this.db.transaction(() => {
        const result = work();
        const rows = this.counts.rows - before.rows;
        const listed = this.counts.listed - before.listed;
        if (rows !== 0) this.stmt.addToCount.run(rows, ROW_COUNT);
        if (listed !== 0) this.stmt.addToCount.run(listed, LISTED_COUNT);
        return result;
      })();
    } catch (error) {
      this.counts = before;
      throw error;
    } finally {
      this.changed();
    }
  }

  /** A product read on its own (detail refresh). */
  saveProduct(p: ParsedProduct, fetchedAt = Date.now()): void {
    const existing = this.stmt.byId.get(p.id) as StoredRow | undefined;
    this.inTransaction(() =>
      this.writeProduct(
        toWriteRow(p),
        (existing?.page as number | null) ?? null,
        (existing?.seen_pass as number) ?? 0,
        fetchedAt,
      ),
    );
  }

  markUnlisted(id: number): void {
    this.inTransaction(() => {
      this.counts.listed -= this.stmt.markUnlisted.run(id).changes;
    });
  }

  /** The validators of every page that had some when last read. */
  pageValidators(): Map<number, { etag: string | null; lastModified: string | null }> {
    const rows = this.stmt.validators.all() as { page: number; etag: string | null; last_modified: string | null }[];
    return new Map(rows.map((r) => [r.page, { etag: r.etag, lastModified: r.last_modified }]));
  }

  pagesDone(pass: number): Set<number> {
    return new Set(this.stmt.pagesOfPass.all(pass) as number[]);
  }

  state(): SyncState {
    const map = new Map((this.stmt.getState.all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    const num = (key: string): number | null => (map.has(key) ? Number(map.get(key)) : null);
    return {
      pass: num('pass'),
      passTotal: num('passTotal'),
      passLastPage: num('passLastPage'),
      passStartedAt: num('passStartedAt'),
      completeAt: num('completeAt'),
      completeTotal: num('completeTotal'),
      completePages: num('completePages'),
      outcome: map.get('outcome') ?? null,
      skipped: map.get('skipped') ?? null,
      updatedAt: num('updatedAt'),
    };
  }

  setState(patch: Partial<SyncState>): void {
    this.db.transaction(() => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined) this.db.prepare('DELETE FROM sync_state WHERE key = ?').run(key);
        else this.stmt.setState.run(key, String(value));
      }
    })();
  }

  /** Ends a complete pass: products it did not see are marked as no longer listed. Returns how many. */
  finishPass(pass: number, unchanged: { pages: number[]; at: number } | null = null): number {
    return this.inTransaction(() => {
      if (unchanged && unchanged.pages.length > 0) {
        const pages = JSON.stringify(unchanged.pages);
        this.stmt.seenUnchanged.run(pass, unchanged.at, pages);
        this.stmt.pagesUnchanged.run(pass, unchanged.at, pages);
      }
      const changes = this.stmt.delist.run(pass).changes;
      this.counts.listed -= changes;
      return changes;
    });
  }

  listedCount(): number {
    return this.counts.listed;
  }

  rowCount(): number {
    return this.counts.rows;
  }

  statuses(): string[] {
    return this.stmt.statuses.all() as string[];
  }

  detail(id: number): ProductDetail | null {
    const row = this.stmt.byId.get(id) as StoredRow | undefined;
    return row ? toDetail(row) : null;
  }

  /**
   * Exact match on a scanned barcode, then on a SKU, then (a code with a right GS1 check digit) on the other forms
   * of the same GTIN: a UPC-A finds its EAN-13 with a leading 0 and back, a GTIN-14 its EAN-13, a UPC-E its UPC-A
   * (shared/gtin.ts). A stored barcode whose own check digit is wrong is still found by its exact code.
   */
  lookup(code: string): ProductRow | null {
    const clean = code.trim();
    if (!clean) return null;
    const barcode = clean.replace(/\s+/g, '');
    let row = (this.stmt.byBarcode.get(barcode) ?? this.stmt.bySku.get(clean)) as StoredRow | undefined;
    for (const form of row ? [] : gtinForms(barcode)) {
      row = this.stmt.byBarcode.get(form) as StoredRow | undefined;
      if (row) break;
    }
    return row ? toRow(row) : null;
  }

  /** A window of rows for the stock table, and the count of matches. */
  query(q: CatalogueQuery): { rows: ProductRow[]; total: number } {
    const plan = planQuery(q, {
      db: this.db,
      windows: this.windows,
      rows: () => this.counts.rows,
      hasIndex: (name) => this.hasIndex(name),
    });
    const { rows, total } = this.windows.read(plan, q.dir === 'desc', q.offset, q.limit);
    return { rows: rows.map(toRow), total };
  }

  /** Whether a secondary index is there (a first download builds them at its end). */
  private hasIndex(name: IndexName): boolean {
    return this.stmt.indexExists.get(name) !== undefined;
  }
}
