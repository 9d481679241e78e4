/**
 * The catalogue cache: products with their raw record, an FTS5 index (name, SKU, barcode, contents), exact
 * barcode/SKU indexes, page bookkeeping for resumable sync, and keyset windows for the stock table.
 */
import type Database from 'better-sqlite3';
import {
  FLAG_NAMES,
  LOW_STOCK_THRESHOLD,
  type FlagName,
  type ProductDetail,
  type ProductRow,
} from '../../../../shared/domain';
import { toCents } from '../../../../shared/money';
import { parseProduct, type ParsedProduct } from '../api/products';
import { openDatabase, type Migration } from './open';
import { ftsIdPlan, ftsQuery, indexPlan, KeysetWindows, type QueryPlan } from './windows';

/** sync_state keys of the kept row counts. */
const ROW_COUNT = 'rowCount';
const LISTED_COUNT = 'listedCount';

/** FTS5's default: segments merge in the background once this many share a level. */
const FTS_AUTOMERGE = 4;

/** Unknown figures sort before every real one. */
const UNKNOWN_KEY = -(2 ** 40);

export const CATALOGUE_MIGRATIONS: readonly Migration[] = [
  (db) =>
    db.exec(`
      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        sku TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        barcode TEXT NOT NULL,
        status TEXT NOT NULL,
        available INTEGER,
        physical INTEGER,
        price TEXT,
        available_key INTEGER NOT NULL,
        physical_key INTEGER NOT NULL,
        price_key INTEGER NOT NULL,
        flags INTEGER NOT NULL,
        raw TEXT NOT NULL,
        page INTEGER,
        seen_pass INTEGER NOT NULL,
        listed INTEGER NOT NULL DEFAULT 1,
        fetched_at INTEGER NOT NULL
      );
      CREATE INDEX products_barcode ON products(barcode);
      CREATE INDEX products_sku ON products(sku, id);
      CREATE INDEX products_name ON products(name_key, id);
      CREATE INDEX products_available ON products(available_key, id);
      CREATE INDEX products_physical ON products(physical_key, id);
      CREATE INDEX products_price ON products(price_key, id);
      CREATE INDEX products_status ON products(status, id);
      CREATE VIRTUAL TABLE products_fts USING fts5(
        name, sku, barcode, contents,
        content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TABLE sync_pages (page INTEGER PRIMARY KEY, pass INTEGER NOT NULL, fetched_at INTEGER NOT NULL, products INTEGER NOT NULL);
      CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `),
  // the flags filter counts from this index instead of reading every row (213 → 20 ms at 1,000,000 products)
  (db) => db.exec('CREATE INDEX IF NOT EXISTS products_flags ON products(flags, id)'),
];

/**
 * The secondary indexes, as the migrations create them. A first download into an empty cache drops them and
 * builds them again at the end (building an index over sorted data is several times cheaper than keeping eight
 * indexes up to date row by row); opening a cache puts back any that a crash during that left missing.
 */
export const SECONDARY_INDEXES: readonly { name: string; columns: string }[] = [
  { name: 'products_barcode', columns: 'barcode' },
  { name: 'products_sku', columns: 'sku, id' },
  { name: 'products_name', columns: 'name_key, id' },
  { name: 'products_available', columns: 'available_key, id' },
  { name: 'products_physical', columns: 'physical_key, id' },
  { name: 'products_price', columns: 'price_key, id' },
  { name: 'products_status', columns: 'status, id' },
  { name: 'products_flags', columns: 'flags, id' },
];

const INSERT_PRODUCT = `
  INSERT INTO products (id, sku, name, name_key, barcode, status, available, physical, price, available_key, physical_key,
    price_key, flags, raw, page, seen_pass, listed, fetched_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`;

export type ProductSort = 'id' | 'sku' | 'name' | 'available' | 'physical' | 'price' | 'status';
/** The index each sort walks (see SECONDARY_INDEXES). */
const SORT_INDEX: Record<Exclude<ProductSort, 'id'>, string> = {
  sku: 'products_sku',
  name: 'products_name',
  available: 'products_available',
  physical: 'products_physical',
  price: 'products_price',
  status: 'products_status',
};
/**
 * A filtered or searched list sorted by a column walks that column's index when more rows match than this; with fewer,
 * its matches are collected and sorted. Walking costs about rows / matches index entries a row shown, sorting about a
 * row lookup a match: they cost the same near √(100 × rows) matches (10,000 at 1,000,000 products, ~3,000 at 100,000).
 */
const walkAbove = (rows: number): number => Math.max(1_000, 10 * Math.sqrt(rows));
const SORT_KEY: Record<ProductSort, string> = {
  id: 'id',
  sku: 'sku',
  name: 'name_key',
  available: 'available_key',
  physical: 'physical_key',
  price: 'price_key',
  status: 'status',
};

export interface CatalogueQuery {
  text: string;
  status: string | null;
  stock: 'all' | 'in' | 'low' | 'out';
  flags: FlagName[];
  sort: ProductSort;
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface SyncState {
  pass: number | null;
  passTotal: number | null;
  passLastPage: number | null;
  passStartedAt: number | null;
  completeAt: number | null;
  completeTotal: number | null;
  summary: string | null;
  updatedAt: number | null;
}

type Row = Record<string, unknown>;

/**
 * What the cache stores of a product, as a flat tuple: cheap to hand to the writer thread (structured clone of
 * primitives) and all the write path needs. The detail fields are read again from `raw` when a product is opened.
 */
export type WriteRow = [
  id: number,
  sku: string,
  name: string,
  barcode: string,
  status: string,
  available: number | null,
  physical: number | null,
  price: string | null,
  contents: string,
  flags: number,
  raw: string,
];

export interface PageRows {
  page: number;
  rows: WriteRow[];
}

/** How a write changed the row counts (the writer thread reports it; the reading side adds it to its own). */
export interface WriteDelta {
  rows: number;
  listed: number;
}

const flagMask = (flags: Iterable<FlagName>): number => {
  let mask = 0;
  for (const f of flags) mask |= 1 << FLAG_NAMES.indexOf(f);
  return mask;
};

export function toWriteRow(p: ParsedProduct): WriteRow {
  const flags = flagMask(FLAG_NAMES.filter((f) => p.flags[f].value === true));
  return [p.id, p.sku, p.name, p.barcode, p.status, p.available, p.physical, p.price, p.packageContent, flags, p.raw];
}

export class CatalogueRepository {
  readonly db: Database.Database;
  readonly movedAside: string | null;
  /** Row counts kept in step with every write, so counts never scan the table. */
  private counts = { rows: 0, listed: 0 };
  private readonly windows: KeysetWindows;
  private readonly stmt;

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
    for (const pragma of options.pragmas ?? []) opened.db.pragma(pragma);
    this.db = opened.db;
    this.windows = new KeysetWindows(this.db);
    this.movedAside = opened.movedAside;
    const db = this.db;
    this.stmt = {
      upsert: db.prepare(`${INSERT_PRODUCT}
        ON CONFLICT(id) DO UPDATE SET sku = excluded.sku, name = excluded.name, name_key = excluded.name_key,
          barcode = excluded.barcode, status = excluded.status, available = excluded.available, physical = excluded.physical,
          price = excluded.price, available_key = excluded.available_key, physical_key = excluded.physical_key,
          price_key = excluded.price_key, flags = excluded.flags, raw = excluded.raw,
          page = coalesce(excluded.page, products.page), seen_pass = max(excluded.seen_pass, products.seen_pass), listed = 1,
          fetched_at = excluded.fetched_at`),
      insertNew: db.prepare(INSERT_PRODUCT),
      ftsDelete: db.prepare('DELETE FROM products_fts WHERE rowid = ?'),
      ftsInsert: db.prepare('INSERT INTO products_fts (rowid, name, sku, barcode, contents) VALUES (?, ?, ?, ?, ?)'),
      pageDone: db.prepare('INSERT OR REPLACE INTO sync_pages (page, pass, fetched_at, products) VALUES (?, ?, ?, ?)'),
      pagesOfPass: db.prepare('SELECT page FROM sync_pages WHERE pass = ?').pluck(),
      getState: db.prepare('SELECT key, value FROM sync_state'),
      setState: db.prepare('INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)'),
      delist: db.prepare('UPDATE products SET listed = 0 WHERE seen_pass <> ? AND listed = 1'),
      countListed: db.prepare('SELECT count(*) FROM products WHERE listed = 1').pluck(),
      byId: db.prepare('SELECT * FROM products WHERE id = ?'),
      byBarcode: db.prepare('SELECT * FROM products WHERE barcode = ? ORDER BY listed DESC, id LIMIT 2'),
      bySku: db.prepare('SELECT * FROM products WHERE sku = ? ORDER BY listed DESC, id LIMIT 2'),
      statuses: db.prepare('SELECT DISTINCT status FROM products ORDER BY status').pluck(),
      markUnlisted: db.prepare('UPDATE products SET listed = 0 WHERE id = ? AND listed = 1'),
      existing: db.prepare('SELECT listed, raw FROM products WHERE id = ?'),
      touch: db.prepare(
        'UPDATE products SET page = coalesce(?, page), seen_pass = max(?, seen_pass), listed = 1, fetched_at = ? WHERE id = ?',
      ),
      countRows: db.prepare('SELECT count(*) FROM products').pluck(),
      indexExists: db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").pluck(),
      // the counts are kept in sync_state too, moved by each transaction's own change: exact with two connections
      // writing (the writer thread and this one), and read at start instead of counting a million rows
      addToCount: db.prepare('UPDATE sync_state SET value = CAST(value AS INTEGER) + ? WHERE key = ?'),
      storedCount: db.prepare('SELECT CAST(value AS INTEGER) FROM sync_state WHERE key = ?').pluck(),
    };
    if (writer) return;
    const rows = this.stmt.storedCount.get(ROW_COUNT) as number | undefined;
    const listed = this.stmt.storedCount.get(LISTED_COUNT) as number | undefined;
    if (rows !== undefined && listed !== undefined) this.counts = { rows, listed };
    else this.recount(); // a cache from before the counts were kept
    this.ensureIndexes();
  }

  /**
   * What a bulk load left undone when it did not get to its end (a crash, a kill): the secondary indexes it dropped
   * are built, and the search index merges its segments in the background again (the merging is left to later writes:
   * one big merge here would hold up opening).
   */
  private ensureIndexes(): void {
    for (const { name, columns } of SECONDARY_INDEXES)
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON products(${columns})`);
    if (this.ftsAutomerge() === 0) this.setFtsAutomerge(FTS_AUTOMERGE);
  }

  /** Builds the secondary indexes after a bulk load, all at once (the writer thread does this). */
  buildIndexes(): void {
    this.mergeSearchIndex();
    this.ensureIndexes();
    this.changed();
  }

  /**
   * Whether a first download may load without the secondary indexes (only into an empty cache). It also loads the
   * search index without merging its segments as it goes, and merges them once at the end: ~20 % less work a row.
   */
  beginBulkLoad(): boolean {
    if (this.counts.rows > 0) return false;
    this.db.transaction(() => {
      for (const { name } of SECONDARY_INDEXES) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
      this.setFtsAutomerge(0);
    })();
    this.changed();
    return true;
  }

  /** Builds the secondary indexes again after a bulk load, one at a time, yielding in between so the app stays responsive. */
  async endBulkLoad(yieldTo: () => Promise<void> = () => new Promise((r) => setImmediate(r))): Promise<void> {
    if (!this.db.open) return;
    this.mergeSearchIndex();
    await yieldTo();
    for (const { name, columns } of SECONDARY_INDEXES) {
      if (!this.db.open) return;
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON products(${columns})`);
      await yieldTo();
    }
    this.changed();
  }

  /** The search index's segments, left unmerged by a bulk load, merged into one; background merging is back on. */
  private mergeSearchIndex(): void {
    if (this.ftsAutomerge() !== 0) return;
    this.db.transaction(() => {
      this.db.exec(`INSERT INTO products_fts (products_fts) VALUES ('optimize')`);
      this.setFtsAutomerge(FTS_AUTOMERGE);
    })();
  }

  /** FTS5's automerge setting (stored with the index; absent means its default). */
  private ftsAutomerge(): number {
    const value = this.db.prepare(`SELECT v FROM products_fts_config WHERE k = 'automerge'`).pluck().get();
    return value === undefined ? FTS_AUTOMERGE : Number(value);
  }

  private setFtsAutomerge(value: number): void {
    // FTS5 takes its settings as literal SQL only (a bound value is refused); `value` is an integer of ours
    this.db.exec(`INSERT INTO products_fts (products_fts, rank) VALUES ('automerge', ${Math.trunc(value)})`);
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
    const [id, sku, name, barcode, status, available, physical, price, contents, flags, raw] = r;
    const args = [
      id,
      sku,
      name,
      name.toLowerCase(),
      barcode,
      status,
      available,
      physical,
      price,
      available ?? UNKNOWN_KEY,
      physical ?? UNKNOWN_KEY,
      toCents(price) ?? UNKNOWN_KEY,
      flags,
      raw,
      page,
      pass,
      fetchedAt,
    ];
    if (fresh) {
      this.stmt.insertNew.run(args);
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
      this.stmt.upsert.run(args);
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
  writePages(pass: number, pages: PageRows[], fetchedAt = Date.now(), fresh = false): WriteDelta {
    const before = { ...this.counts };
    const write = (fast: boolean) => () => {
      for (const { page, rows } of pages) {
        for (const r of rows) this.writeProduct(r, page, pass, fetchedAt, fast);
        this.stmt.pageDone.run(page, pass, fetchedAt, rows.length);
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
    const existing = this.stmt.byId.get(p.id) as Row | undefined;
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
      summary: map.get('summary') ?? null,
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
  finishPass(pass: number): number {
    return this.inTransaction(() => {
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
    const row = this.stmt.byId.get(id) as Row | undefined;
    return row ? toDetail(row) : null;
  }

  /** Exact match on a scanned barcode, then on a SKU. */
  lookup(code: string): ProductRow | null {
    const clean = code.trim();
    if (!clean) return null;
    const row = (this.stmt.byBarcode.get(clean.replace(/\s+/g, '')) ?? this.stmt.bySku.get(clean)) as Row | undefined;
    return row ? toRow(row) : null;
  }

  /** A window of rows for the stock table, and the count of matches. */
  query(q: CatalogueQuery): { rows: ProductRow[]; total: number } {
    const { rows, total } = this.windows.read(this.plan(q), q.dir === 'desc', q.offset, q.limit);
    return { rows: rows.map(toRow), total };
  }

  /**
   * How to read a query. Text searches in catalogue order are driven by the FTS index itself (it yields rowids in
   * order, so the first window needs no full match set). Other sorts walk their sort index when many rows match;
   * with few, the matches are collected (from the search, or from a filter's index when that is narrower) and sorted.
   */
  private plan(q: CatalogueQuery): QueryPlan {
    /** Each condition, with the index that answers it alone (if any). */
    const filters: { sql: string; params: unknown[]; index: string | null }[] = [];
    if (q.status !== null) filters.push({ sql: 'products.status = ?', params: [q.status], index: 'products_status' });
    const stock = (sql: string) => filters.push({ sql, params: [], index: 'products_available' });
    if (q.stock === 'in') stock(`products.available_key > ${LOW_STOCK_THRESHOLD}`);
    if (q.stock === 'low') stock(`products.available_key BETWEEN 1 AND ${LOW_STOCK_THRESHOLD}`);
    if (q.stock === 'out') stock(`products.available_key BETWEEN ${UNKNOWN_KEY + 1} AND 0`);
    if (q.flags.length > 0) {
      const mask = flagMask(q.flags);
      filters.push({ sql: '(products.flags & ?) = ?', params: [mask, mask], index: 'products_flags' });
    }
    const where = filters.map((f) => f.sql);
    const params = filters.flatMap((f) => f.params);
    const match = ftsQuery(q.text);
    // counts are worked out once for the rows as they are (scrolling asks again for every window)
    const countWith = (from: string, all: string[], args: unknown[]): (() => number) => {
      const sql = `SELECT count(*) FROM ${from} WHERE ${all.join(' AND ')}`;
      return () =>
        this.windows.remember(
          JSON.stringify([sql, args]),
          () =>
            this.db
              .prepare(sql)
              .pluck()
              .get(...args) as number,
        );
    };
    const inSearch = 'products.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)';
    // the search index counts its own matches (174 → 6 ms for 213,000 of 1,000,000 products)
    const matches = match ? countWith('products_fts', ['products_fts MATCH ?'], [match]) : null;
    // A search with a filter narrower than its text (a rare status, low stock) is read from the filter's index, each
    // entry checked against the matches, instead of looking up every match ("ma" with low stock at 1,000,000
    // products: 213,000 lookups for 3,740 rows)
    let driver: string | null = null;
    if (matches && filters.length > 0) {
      let narrowest = matches();
      for (const filter of filters) {
        if (!filter.index || !this.hasIndex(filter.index)) continue;
        // counted only as far as it matters: a filter as broad as the text is not counted to its end
        const rows = countWith(
          `(SELECT 1 FROM products WHERE ${filter.sql} LIMIT ${narrowest})`,
          ['1'],
          filter.params,
        )();
        if (rows < narrowest) [narrowest, driver] = [rows, filter.index];
      }
    }
    const from = driver ? `products INDEXED BY ${driver}` : 'products';
    if (match && q.sort === 'id') {
      const count = filters.length === 0 ? matches! : countWith(from, [inSearch, ...where], [match, ...params]);
      return ftsIdPlan('products', 'products_fts', match, where, params, count);
    }
    if (match) {
      where.unshift(inSearch);
      params.unshift(match);
    }
    const count =
      where.length === 0
        ? () => this.counts.rows
        : matches && filters.length === 0
          ? matches
          : countWith(from, where, params);
    // With few matches SQLite collects and sorts them; with many it would do the same, where walking the sort index
    // finds the window at once (at 1,000,000 products, a search matching 213,000 sorted by name: 186 → 20 ms a window;
    // status "Available" sorted by name: 280 → 1 ms).
    const index = q.sort === 'id' || where.length === 0 ? null : SORT_INDEX[q.sort];
    const walk = index && count() > walkAbove(this.counts.rows) && this.hasIndex(index) ? index : driver;
    return indexPlan('products', SORT_KEY[q.sort], where, params, count, walk ?? undefined);
  }

  /** Whether a secondary index is there (a first download builds them at its end). */
  private hasIndex(name: string): boolean {
    return this.stmt.indexExists.get(name) !== undefined;
  }
}

function toRow(row: Row): ProductRow {
  const mask = row.flags as number;
  return {
    id: row.id as number,
    sku: row.sku as string,
    name: row.name as string,
    barcode: row.barcode as string,
    status: row.status as string,
    available: row.available as number | null,
    physical: row.physical as number | null,
    price: row.price as string | null,
    flags: FLAG_NAMES.filter((_, i) => (mask & (1 << i)) !== 0),
    listed: row.listed === 1,
    fetchedAt: row.fetched_at as number,
  };
}

/** The detail fields are read again from the raw record (kept whole), so the write path stays lean. */
function toDetail(row: Row): ProductDetail {
  let parsed: ParsedProduct | null = null;
  try {
    const result = parseProduct(JSON.parse(row.raw as string));
    if (result.ok) parsed = result.product;
  } catch {
    parsed = null;
  }
  const empty = { value: null, text: '' };
  return {
    ...toRow(row),
    packageContent: parsed?.packageContent ?? '',
    weight: parsed?.weight ?? null,
    weightUnit: parsed?.weightUnit ?? '',
    length: parsed?.length ?? null,
    width: parsed?.width ?? null,
    height: parsed?.height ?? null,
    sizeUnit: parsed?.sizeUnit ?? '',
    tariffCode: parsed?.tariffCode ?? '',
    packagingType: parsed?.packagingType ?? '',
    flagValues: FLAG_NAMES.map((name) => ({ name, ...(parsed?.flags[name] ?? empty) })),
    extra: parsed?.extra ?? {},
  };
}
