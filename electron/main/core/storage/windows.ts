/**
 * Keyset windows for virtual tables: any window of a sorted, filtered list in about the time of its first rows,
 * at any depth. A sort-key anchor is remembered every ANCHOR_EVERY rows (found once by walking the sort index), so a
 * window starts with a keyset seek plus at most ANCHOR_EVERY skipped keys — never a deep OFFSET.
 */
import type Database from 'better-sqlite3-multiple-ciphers';

export const ANCHOR_EVERY = 256;
export const MAX_WINDOW = 500;
/** Temp tables of ids kept (a search's matches: 213,329 ids at 1,000,000 products, ~3 MB in SQLite's temporary file). */
const SETS_KEPT = 4;

export interface QueryPlan {
  /** The table whose rows are returned (SELECT table.*), with an integer primary key `id`. */
  table: string;
  from: string;
  where: string;
  params: unknown[];
  /** The sort key expression; ties are broken by id. */
  key: string;
  order(desc: boolean): string;
  /** The keyset condition "after this anchor". */
  after(desc: boolean): string;
  afterArgs(anchor: [unknown, number]): unknown[];
  count(): number;
  /** Temp tables of ids the plan's `where` reads (`id IN temp.name`), filled once until the rows change. */
  sets?: readonly IdSet[];
  /**
   * Another way to read the list's first ANCHOR_EVERY rows (same rows, same order) without the sets: a search as it is
   * typed is mostly read at its start only, where SQLite's own set for one statement costs less than filling a temp
   * table (~1.3×). A window further on fills the sets; from then on every window, the first ones too, reads them.
   */
  first?: { from: string; where: string; params: unknown[] };
}

/** A temp table of ids, `CREATE TEMP TABLE name (id INTEGER PRIMARY KEY)`, filled with what `fill` selects. */
export interface IdSet {
  name: string;
  fill: string;
  params: unknown[];
}

type Anchors = { generation: number; keys: [unknown, number][]; total: number | null; done: boolean };

export class KeysetWindows {
  private generation = 0;
  private cache = new Map<string, Anchors>();
  /** The temp tables filled, by name: the generation of the rows they were filled from. */
  private filled = new Map<string, number>();
  private names = new Map<string, string>();
  private nextName = 0;

  constructor(private readonly db: Database.Database) {}

  /** Rows may have changed: anchors and counts are found again on the next read. */
  invalidate(): void {
    this.generation += 1;
  }

  private figures = new Map<string, { generation: number; value: number }>();

  /** A figure of the rows as they are (a count), worked out once until they change. */
  remember(key: string, work: () => number): number {
    const known = this.figures.get(key);
    if (known && known.generation === this.generation) return known.value;
    const value = work();
    this.figures.delete(key);
    this.figures.set(key, { generation: this.generation, value });
    if (this.figures.size > 64) this.figures.delete(this.figures.keys().next().value!);
    return value;
  }

  read(
    plan: QueryPlan,
    desc: boolean,
    offset: number,
    limit: number,
  ): { rows: Record<string, unknown>[]; total: number } {
    const signature = JSON.stringify([plan.from, plan.where, plan.params, plan.key, desc]);
    let anchors = this.cache.get(signature);
    if (!anchors || anchors.generation !== this.generation) {
      anchors = { generation: this.generation, keys: [], total: null, done: false };
      this.cache.set(signature, anchors);
      if (this.cache.size > 32) this.cache.delete(this.cache.keys().next().value!);
    }
    anchors.total ??= plan.count();
    const total = anchors.total;
    const start = Math.max(0, Math.min(offset, Math.max(0, total - 1)));
    const block = Math.floor(start / ANCHOR_EVERY);
    const window = Math.max(1, Math.min(MAX_WINDOW, limit));
    const skip = start - block * ANCHOR_EVERY;
    // the list's first rows are read the other way until a window further on has filled its sets
    const filled = (plan.sets ?? []).every((set) => this.filled.get(set.name) === this.generation);
    if (plan.first && block === 0 && !filled) {
      const sql = `SELECT ${plan.table}.* FROM ${plan.first.from} WHERE ${plan.first.where} ORDER BY ${plan.order(desc)} LIMIT ? OFFSET ?`;
      const rows = this.db.prepare(sql).all(...plan.first.params, window, skip);
      return { rows: rows as Record<string, unknown>[], total };
    }
    for (const set of plan.sets ?? []) this.fill(set);
    this.extend(anchors, block, plan, desc);
    const anchor = block === 0 ? null : anchors.keys[block - 1];
    const sql =
      `SELECT ${plan.table}.* FROM ${plan.from} WHERE ${plan.where}` +
      (anchor ? ` AND ${plan.after(desc)}` : '') +
      ` ORDER BY ${plan.order(desc)} LIMIT ? OFFSET ?`;
    const args = anchor ? [...plan.params, ...plan.afterArgs(anchor), window, skip] : [...plan.params, window, skip];
    return { rows: this.db.prepare(sql).all(...args) as Record<string, unknown>[], total };
  }

  /** The name of the temp table for `key` (the same name for the same key; made and filled by `fill`). */
  setName(key: string): string {
    let name = this.names.get(key);
    if (name === undefined) {
      if (this.names.size >= 256) this.names.delete(this.names.keys().next().value!);
      name = `shopdesk_ids_${this.nextName++}`;
      this.names.set(key, name);
    }
    return name;
  }

  /**
   * Fills a temp table of ids from the rows as they are, unless it is already (a search's matches: once, not once a
   * window); the least recently filled beyond SETS_KEPT is dropped.
   */
  fill(set: IdSet): void {
    if (this.filled.get(set.name) === this.generation) {
      this.filled.delete(set.name);
      this.filled.set(set.name, this.generation);
      return;
    }
    this.db.exec(`DROP TABLE IF EXISTS temp.${set.name}; CREATE TEMP TABLE ${set.name} (id INTEGER PRIMARY KEY)`);
    this.db.prepare(`INSERT INTO temp.${set.name} (id) ${set.fill}`).run(...set.params);
    this.filled.delete(set.name);
    this.filled.set(set.name, this.generation);
    while (this.filled.size > SETS_KEPT) {
      const oldest = this.filled.keys().next().value!;
      this.filled.delete(oldest);
      this.db.exec(`DROP TABLE IF EXISTS temp.${oldest}`);
    }
  }

  /**
   * Makes sure the sort key of the last row of every block before `block` is known. Where the plan walks an index in
   * its order, each anchor is read on its own (the row ANCHOR_EVERY - 1 past the last one known) and SQLite steps over
   * the rows in between: handing each row to JavaScript cost ~0.5 µs more a row (#31.3: 37 anchors of a status filter
   * at 1,000,000 products, 5.3 → 0.7 ms). Where it sorts its matches or builds anything first (a search's match set,
   * a full-text query), one query reads past them all, as one sort.
   */
  private extend(anchors: Anchors, block: number, plan: QueryPlan, desc: boolean): void {
    if (anchors.keys.length >= block || anchors.done) return;
    const select = (last: [unknown, number] | undefined): string =>
      `SELECT ${plan.key} AS k, ${plan.table}.id FROM ${plan.from} WHERE ${plan.where}` +
      (last ? ` AND ${plan.after(desc)}` : '') +
      ` ORDER BY ${plan.order(desc)}`;
    const args = (last: [unknown, number] | undefined): unknown[] =>
      last ? [...plan.params, ...plan.afterArgs(last)] : plan.params;
    const anchorAfter = (last: [unknown, number] | undefined): string =>
      `${select(last)} LIMIT 1 OFFSET ${ANCHOR_EVERY - 1}`;
    const last = anchors.keys.at(-1);
    const plans = this.db.prepare(`EXPLAIN QUERY PLAN ${anchorAfter(last)}`).all(...args(last)) as { detail: string }[];
    if (plans.every((row) => walksInOrder(row.detail))) {
      const first = this.db.prepare(anchorAfter(undefined)).raw();
      const next = this.db.prepare(anchorAfter([null, 0])).raw();
      while (anchors.keys.length < block) {
        const known = anchors.keys.at(-1);
        const row = (known ? next : first).get(...args(known)) as [unknown, number] | undefined;
        if (!row) return void (anchors.done = true);
        anchors.keys.push([row[0], row[1]]);
      }
      return;
    }
    const need = (block - anchors.keys.length) * ANCHOR_EVERY;
    let n = 0;
    for (const row of this.db
      .prepare(`${select(last)} LIMIT ?`)
      .raw()
      .iterate(...args(last), need) as Iterable<[unknown, number]>) {
      n += 1;
      if (n % ANCHOR_EVERY === 0) anchors.keys.push([row[0], row[1]]);
    }
    if (n < need) anchors.done = true;
  }
}

/** A step of a query plan that reads a table or index in place: no sort, no subquery, no virtual table. */
const walksInOrder = (detail: string): boolean =>
  (/^(SEARCH|SCAN) /.test(detail) && !/VIRTUAL|TEMP B-TREE|SUBQUERY|AUTOMATIC|BLOOM/.test(detail)) ||
  // an IN over a table of ids that is kept (a search's temp table of matches): looked up, not built
  /^USING ROWID SEARCH ON TABLE \w+ FOR IN-OPERATOR$/.test(detail);

/**
 * The usual plan: filter a table and walk the index on (key, id). `walk` names that index to make SQLite walk it even
 * where it would rather collect every match and sort them (right for a few matches, slow for a hundred thousand).
 */
export function indexPlan(
  table: string,
  key: string,
  where: string[],
  params: unknown[],
  count: () => number,
  walk?: string,
): QueryPlan {
  const column = `${table}.${key}`;
  return {
    table,
    from: walk ? `${table} INDEXED BY ${walk}` : table,
    where: where.length > 0 ? where.join(' AND ') : '1',
    params,
    key: column,
    order: (desc) => `${column} ${desc ? 'DESC' : 'ASC'}, ${table}.id ${desc ? 'DESC' : 'ASC'}`,
    after: (desc) => `(${column}, ${table}.id) ${desc ? '<' : '>'} (?, ?)`,
    afterArgs: (anchor) => [anchor[0], anchor[1]],
    count,
  };
}

/** Text search in id order, driven by an FTS5 table whose rowids are the table's ids (no full match set needed). */
export function ftsIdPlan(
  table: string,
  fts: string,
  match: string,
  where: string[],
  params: unknown[],
  count: () => number,
): QueryPlan {
  return {
    table,
    from: `${fts} JOIN ${table} ON ${table}.id = ${fts}.rowid`,
    where: [`${fts} MATCH ?`, ...where].join(' AND '),
    params: [match, ...params],
    key: `${fts}.rowid`,
    order: (desc) => `${fts}.rowid ${desc ? 'DESC' : 'ASC'}`,
    after: (desc) => `${fts}.rowid ${desc ? '<' : '>'} ?`,
    afterArgs: (anchor) => [anchor[1]],
    count,
  };
}

/** An FTS5 query from what a person typed: every word a quoted prefix, all words required. Punctuation is safe. */
export function ftsQuery(input: string): string | null {
  const words = input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' AND ');
}
