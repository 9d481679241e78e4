/**
 * The stock list's query planner: how each kind of list is read from the catalogue cache. Its input is the contract's
 * own query type, and every filter of it has an entry in FILTERS: a filter added to the contract and not here does not
 * compile.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import type { CatalogueQuery } from '../../../../shared/contract';
import { LOW_STOCK_THRESHOLD } from '../../../../shared/domain';
import { flagMask } from './columns';
import { UNKNOWN_KEY, type IndexName } from './schema';
import { ftsIdPlan, ftsQuery, indexPlan, type IdSet, type KeysetWindows, type QueryPlan } from '../storage/windows';

export type { CatalogueQuery };
export type ProductSort = CatalogueQuery['sort'];

/** What the planner reads besides the query. */
export interface PlanContext {
  db: Database.Database;
  windows: KeysetWindows;
  /** Rows in the cache (kept counts: no scan). */
  rows(): number;
  /** Whether a secondary index is there (a first download builds them at its end). */
  hasIndex(name: IndexName): boolean;
}

/** A condition on products, with the index that answers it alone (if any). */
interface Condition {
  sql: string;
  params: unknown[];
  index: IndexName | null;
  /** The index that gives this condition's rows in name order (a status filter sorted by name). */
  byName?: IndexName;
  /** Conditions on the same params that together hold every other row, each answered by `index`. */
  others?: string[];
}

/** The query's fields that narrow the list (the rest say what to search, how to sort and which window). */
type FilterField = Exclude<keyof CatalogueQuery, 'text' | 'sort' | 'dir' | 'offset' | 'limit' | 'lowStock'>;

const stock = (sql: string, params: number[] = []): Condition => ({ sql, params, index: 'products_available' });

/**
 * Each filter of the contract as a condition, or null when it does not narrow the list. The stock levels follow the
 * query's low-stock threshold (Settings → Stock, #30.4): low is 1 to it, out is 0 or less, "low or out" both.
 */
const FILTERS: {
  [F in FilterField]: (value: CatalogueQuery[F], q: CatalogueQuery) => Condition | null;
} = {
  status: (status) =>
    status === null
      ? null
      : {
          sql: 'products.status = ?',
          params: [status],
          index: 'products_status',
          byName: 'products_status_name',
          others: ['products.status < ?', 'products.status > ?'],
        },
  stock: (level, q) => {
    const low = q.lowStock ?? LOW_STOCK_THRESHOLD;
    return level === 'in'
      ? stock('products.available_key > ?', [low])
      : level === 'low'
        ? stock('products.available_key BETWEEN 1 AND ?', [low])
        : level === 'out'
          ? stock(`products.available_key BETWEEN ${UNKNOWN_KEY + 1} AND 0`)
          : level === 'low-or-out'
            ? stock(`products.available_key BETWEEN ${UNKNOWN_KEY + 1} AND ?`, [low])
            : null;
  },
  flags: (flags) => {
    if (flags.length === 0) return null;
    const mask = flagMask(flags);
    return { sql: '(products.flags & ?) = ?', params: [mask, mask], index: 'products_flags' };
  },
};

/** The index each sort walks, and its key. */
const SORTS: Record<ProductSort, { index: IndexName | null; key: string }> = {
  id: { index: null, key: 'id' },
  sku: { index: 'products_sku', key: 'sku' },
  name: { index: 'products_name', key: 'name_key' },
  available: { index: 'products_available', key: 'available_key' },
  physical: { index: 'products_physical', key: 'physical_key' },
  price: { index: 'products_price', key: 'price_key' },
  status: { index: 'products_status', key: 'status' },
};

/**
 * A filtered or searched list sorted by a column walks that column's index when more rows match than this; with fewer,
 * its matches are collected and sorted. Walking costs about rows / matches index entries a row shown, sorting about a
 * row lookup a match: they cost the same near √(100 × rows) matches (10,000 at 1,000,000 products, ~3,000 at 100,000).
 */
const walkAbove = (rows: number): number => Math.max(1_000, 10 * Math.sqrt(rows));

/**
 * How to read a query. Text searches in catalogue order are driven by the FTS index itself (it yields rowids in
 * order, so the first window needs no full match set). Other sorts walk their sort index when many rows match;
 * with few, the matches are collected (from the search, or from a filter's index when that is narrower) and sorted.
 */
export function planQuery(q: CatalogueQuery, ctx: PlanContext): QueryPlan {
  const filters: Condition[] = [];
  for (const field of Object.keys(FILTERS) as FilterField[]) {
    const condition = (FILTERS[field] as (value: unknown, q: CatalogueQuery) => Condition | null)(q[field], q);
    if (condition) filters.push(condition);
  }
  const where = filters.map((f) => f.sql);
  const params = filters.flatMap((f) => f.params);
  const match = ftsQuery(q.text);
  // counts are worked out once for the rows as they are (scrolling asks again for every window)
  const countWith = (from: string, all: string[], args: unknown[]): (() => number) => {
    const sql = `SELECT count(*) FROM ${from} WHERE ${all.join(' AND ')}`;
    return () =>
      ctx.windows.remember(
        JSON.stringify([sql, args]),
        () =>
          ctx.db
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
  let driver: IndexName | null = null;
  if (matches && filters.length > 0) {
    let narrowest = matches();
    for (const filter of filters) {
      if (!filter.index || !ctx.hasIndex(filter.index)) continue;
      // counted only as far as it matters: a filter as broad as the text is not counted to its end
      const rows = countWith(`(SELECT 1 FROM products WHERE ${filter.sql} LIMIT ${narrowest})`, ['1'], filter.params)();
      if (rows < narrowest) [narrowest, driver] = [rows, filter.index];
    }
  }
  const from = driver ? `products INDEXED BY ${driver}` : 'products';
  if (match && q.sort === 'id') {
    const count = filters.length === 0 ? matches! : countWith(from, [inSearch, ...where], [match, ...params]);
    return ftsIdPlan('products', 'products_fts', match, where, params, count);
  }
  const filterWhere = [...where];
  const filterParams = [...params];
  // a sorted search reads its matches from a temp table filled once, not built again for every window
  const matchSet: IdSet | null = match
    ? {
        name: ctx.windows.setName(match),
        fill: 'SELECT rowid FROM products_fts WHERE products_fts MATCH ?',
        params: [match],
      }
    : null;
  if (matchSet) where.unshift(`products.id IN temp.${matchSet.name}`);
  const only = !match && filters.length === 1 ? filters[0]! : null;
  const count =
    where.length === 0
      ? ctx.rows
      : matches && filters.length === 0
        ? matches
        : only?.others
          ? () => ctx.windows.remember(JSON.stringify(['count', only.sql, only.params]), () => countOne(ctx, only))
          : matchSet
            ? countWith(from, [inSearch, ...filterWhere], [match, ...filterParams])
            : countWith(from, where, params);
  // With few matches SQLite collects and sorts them; with many it would do the same, where walking the sort index
  // finds the window at once (at 1,000,000 products, a search matching 213,000 sorted by name: 186 → 20 ms a window;
  // status "Available" sorted by name: 280 → 1 ms). A status filter sorted by name walks (status, name_key, id),
  // which holds only that status's rows: no row is read to check it (#31.3).
  const sort = SORTS[q.sort];
  const byName = q.sort === 'name' ? filters.find((f) => f.byName && ctx.hasIndex(f.byName))?.byName : undefined;
  const index = where.length === 0 ? null : (byName ?? sort.index);
  const walk = index && count() > walkAbove(ctx.rows()) && ctx.hasIndex(index) ? index : driver;
  const plan = indexPlan('products', sort.key, where, params, count, walk ?? undefined);
  if (!matchSet) return plan;
  plan.sets = [matchSet];
  // read once (a search as it is typed), the first window is read with SQLite's own set of the matches
  plan.first = {
    from: plan.from,
    where: [inSearch, ...filterWhere].join(' AND '),
    params: [...matchSet.params, ...filterParams],
  };
  return plan;
}

/** Rows sampled, evenly over the ids, to tell whether most rows meet a condition. */
const SAMPLE = 32;

/**
 * How many rows one filter matches: counted from its index, or, when a sample says most rows match it, as the rows
 * less those of its other values (status "Available" at 1,000,000 products: 939,303 index entries → 60,697 counted,
 * 24 → 0.6 ms). The sample only chooses the way; the count is exact either way.
 */
function countOne(ctx: PlanContext, filter: Condition): number {
  const count = (sql: string): number =>
    ctx.db
      .prepare(`SELECT count(*) FROM products WHERE ${sql}`)
      .pluck()
      .get(...filter.params) as number;
  if (!filter.others || !mostRowsMeet(ctx.db, filter)) return count(filter.sql);
  return ctx.rows() - filter.others.reduce((sum, other) => sum + count(other), 0);
}

function mostRowsMeet(db: Database.Database, filter: Condition): boolean {
  // two subqueries: min() and max() in one SELECT would read every row
  const { lo, hi } = db
    .prepare('SELECT (SELECT min(id) FROM products) AS lo, (SELECT max(id) FROM products) AS hi')
    .get() as {
    lo: number | null;
    hi: number | null;
  };
  if (lo === null || hi === null) return false;
  const meets = db.prepare(`SELECT ${filter.sql} FROM products WHERE id >= ? ORDER BY id LIMIT 1`).pluck();
  let hits = 0;
  for (let i = 0; i < SAMPLE; i++) {
    if (meets.get(...filter.params, lo + Math.floor(((hi - lo) * (i + 0.5)) / SAMPLE)) === 1) hits += 1;
  }
  return hits * 2 > SAMPLE;
}
