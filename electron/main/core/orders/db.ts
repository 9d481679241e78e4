/**
 * The order cache: every order with its items, the raw record, FTS over the fields staff search by, indexes for
 * status, date, total and customer, and what the dates have proved about day/month order.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import { collectDateEvidence, isDateOrder, type DateOrder, type DateOrderEvidence } from '../../../../shared/dates';
import { OrdersOutcome, SkippedRecord, type OrderRow } from '../../../../shared/domain';
import type { FigureOrder } from '../../../../shared/figures';
import type { Customer } from '../../../../shared/customers';
import { parseKept, type ParsedOrder } from './api';
import { keptForm } from './record';
import { ORDER_MIGRATIONS } from './migrations';
import { openDatabase, readJson } from '../storage/open';
import { KeysetWindows } from '../storage/windows';
import { SearchWords } from './search-words';
import { findCustomers } from './customers';
import { prepareOrderStatements, type OrderStatements } from './statements';
import {
  dayKey,
  figureOrderOf,
  ftsColumns,
  orderColumns,
  orderWindow,
  toOrderRow,
  viewOf,
  FIGURE_ROWS_SQL,
  type ListShape,
  type OrderQuery,
  type OrderSource,
  type PageVersion,
  type Row,
  type SeenOrderRow,
} from './rows';

export {
  FIGURE_ROWS_SQL,
  viewOf,
  type ListShape,
  type OrderQuery,
  type OrderSource,
  type PageVersion,
  type SeenOrderRow,
};

/** WAL pages after which a commit checkpoints the order cache: 64 MiB at the file's 4 KiB pages. */
export const ORDER_WAL_CHECKPOINT_PAGES = 16_384;

type StateKey = 'updatedAt' | 'completeAt' | 'quickAt' | 'fullAt' | 'shape';

export class OrderRepository {
  readonly db: Database.Database;
  private readonly windows: KeysetWindows;
  private readonly words = new SearchWords();
  private rows = 0;
  /** Rises with every write: what is worked out from all orders is kept until it moves. */
  private changes = 0;
  private readonly stmt: OrderStatements;

  /** `key` encrypts the file (core/database-key.ts); a cache that no longer opens with it is moved aside and refetched. */
  constructor(file: string, key?: Buffer) {
    this.db = openDatabase({ file, migrations: ORDER_MIGRATIONS, synchronous: 'NORMAL', cacheMiB: 64, key }).db;
    // A refresh commits a batch every few hundred orders; at SQLite's default (a checkpoint once the WAL holds 1,000
    // pages) the same index and FTS pages were copied into the encrypted file, and synced, at every other commit.
    // Checkpointing at 64 MiB instead: bench:orders' first refresh of 100,000 orders 14.2–15.1 → 12.0–12.1 s.
    this.db.pragma(`wal_autocheckpoint = ${ORDER_WAL_CHECKPOINT_PAGES}`);
    // and the WAL file is cut back to that size after a checkpoint, not left at its largest
    this.db.pragma(
      `journal_size_limit = ${ORDER_WAL_CHECKPOINT_PAGES * (this.db.pragma('page_size', { simple: true }) as number)}`,
    );
    this.windows = new KeysetWindows(this.db);
    this.stmt = prepareOrderStatements(this.db);
    this.rows = this.stmt.count.get() as number;
  }

  close(): void {
    this.words.close();
    this.db.close();
  }

  count(): number {
    return this.rows;
  }

  /**
   * Orders of one fetched page (or a whole list), written together. `from`: where they came from (OrderSource; a read of
   * the list unless said); the service's answer to this desk's POST is marked as just sent until a read of the list
   * has it. `pages`: the versions of the pages they came from, kept with them (a page is asked for conditionally next
   * time only once its orders are written).
   */
  saveOrders(
    orders: ParsedOrder[],
    dateOrder: DateOrder,
    fetchedAt = Date.now(),
    extra: { from?: OrderSource; pages?: PageVersion[] } = {},
  ): void {
    const from = extra.from ?? 'list';
    const sentAt = from === 'answer' ? fetchedAt : null;
    const listed = from === 'list' ? 1 : 0;
    const evidence = this.evidence();
    // by id, lowest first (a stable sort: of two copies of one order the later read is still written last): FTS5 writes
    // its pending index out each time a row's id is lower than the row's before, and pages read newest-first come
    // highest id first
    const byId = orders.toSorted((a, b) => a.id - b.id);
    this.db.transaction(() => {
      // this write's number in the sequence of writes: orders new to the book take it (an update keeps the first)
      const seq = this.seq() + 1;
      this.stmt.setState.run('seq', String(seq));
      for (const o of byId) {
        if (this.stmt.exists.get(o.id) === undefined) this.rows += 1;
        collectDateEvidence([o.orderDate, o.processedDate, o.closedDate, o.cancelledDate], evidence);
        this.stmt.upsert.run(orderColumns(o, { dateOrder, fetchedAt, sentAt, listed, seq }));
        this.stmt.ftsDelete.run(o.id);
        this.stmt.ftsInsert.run(ftsColumns(o));
      }
      this.changes += 1;
      this.stmt.setState.run('evidence', JSON.stringify(evidence));
      for (const p of extra.pages ?? [])
        this.stmt.setPageVersion.run({ page: p.page, etag: p.etag, last_modified: p.lastModified });
      // the answer to a POST or a live read of one order is no read of the list: the book's refresh time stays
      if (from === 'list') this.stmt.setState.run('updatedAt', String(fetchedAt));
    })();
    this.windows.invalidate();
  }

  /** Customers whose name, e-mail or phone match every word typed, most recent first (customers.ts). */
  customers(text: string, limit: number): Customer[] {
    return findCustomers(this.stmt, this.words.match(text), limit);
  }

  private often: { rows: number; ids: number[] } | null = null;

  /**
   * Products by how many of the latest 2,000 orders hold them, most first: what the picker offers before anything is
   * typed. Worked out again only when the order book changed.
   */
  oftenOrdered(): number[] {
    if (this.often && this.often.rows === this.changes) return this.often.ids;
    const counts = new Map<number, number>();
    for (const raw of this.stmt.latestRaw.all() as string[]) {
      const parsed = parseKept(raw);
      if (!parsed.ok) continue;
      for (const id of new Set(parsed.order.items.map((i) => i.productVariantId)))
        if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const ids = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
    this.often = { rows: this.changes, ids: ids.slice(0, 200) };
    return this.often.ids;
  }

  /** Reads every stored order date again in another day/month order. */
  rereadDates(dateOrder: DateOrder): void {
    this.db.transaction(() => {
      for (const row of this.stmt.allDates.all() as { id: number; order_date: string }[]) {
        this.stmt.setDay.run(dayKey(viewOf(row.order_date, dateOrder)), row.id);
      }
      this.stmt.setState.run('daysReadAs', dateOrder);
    })();
    this.windows.invalidate();
  }

  daysReadAs(): DateOrder | null {
    const value = this.stmt.getState.get('daysReadAs') as string | undefined;
    return isDateOrder(value) ? value : null;
  }

  evidence(): DateOrderEvidence {
    const raw = this.stmt.getState.get('evidence') as string | undefined;
    try {
      const parsed = raw ? (JSON.parse(raw) as DateOrderEvidence) : null;
      if (parsed && [parsed.dayFirst, parsed.monthFirst, parsed.ambiguous].every(Number.isFinite)) return parsed;
    } catch {
      // fall through
    }
    return { dayFirst: 0, monthFirst: 0, ambiguous: 0 };
  }

  /** Orders of one customer e-mail, with when each was first seen (for finding an order whose answer was lost). */
  byEmail(email: string): SeenOrderRow[] {
    const out: SeenOrderRow[] = [];
    for (const row of this.stmt.byEmail.all(email) as { raw: string; first_seen: number; seen_seq: number }[]) {
      const parsed = parseKept(row.raw);
      if (parsed.ok) out.push({ order: parsed.order, firstSeen: row.first_seen, seenSeq: row.seen_seq });
    }
    return out;
  }

  /** The number of the latest write to the book (0 before any): orders written from now on take a higher one. */
  seq(): number {
    return Number(this.stmt.getState.get('seq') ?? 0) || 0;
  }

  /** Marks the order book as read whole now. */
  markComplete(at = Date.now()): void {
    this.stmt.setState.run('completeAt', String(at));
  }

  state(key: StateKey): string | null {
    return (this.stmt.getState.get(key) as string | undefined) ?? null;
  }

  /** A time kept in the state (null when never set). */
  time(key: 'updatedAt' | 'quickAt' | 'fullAt'): number | null {
    const value = this.state(key);
    return value === null ? null : Number(value);
  }

  setState(key: StateKey, value: string | number): void {
    this.stmt.setState.run(key, String(value));
  }

  /** What identifies the version of a page of the order list as last read (null: none kept). */
  pageVersion(page: number): { etag: string | null; lastModified: string | null } | null {
    const row = this.stmt.pageVersion.get(page) as { etag: string | null; last_modified: string | null } | undefined;
    return row && (row.etag || row.last_modified) ? { etag: row.etag, lastModified: row.last_modified } : null;
  }

  shape(): ListShape | null {
    const raw = this.state('shape');
    if (raw === null) return null;
    try {
      const shape = JSON.parse(raw) as ListShape;
      return typeof shape.paginated === 'boolean' ? shape : null;
    } catch {
      return null;
    }
  }

  setShape(shape: ListShape): void {
    this.setState('shape', JSON.stringify(shape));
  }

  /**
   * Whether every one of these orders is in the book exactly as read now, as a read of the list had it: one known only
   * from this desk's POST answer or a live read is known out of the list's sequence, and says nothing of the orders
   * placed before it.
   */
  allKnownUnchanged(orders: ParsedOrder[]): boolean {
    return orders.every((o) => {
      const row = this.stmt.known.get(o.id) as { raw: string; listed: number } | undefined;
      return row !== undefined && row.listed === 1 && keptForm(row.raw) === o.raw;
    });
  }

  /** How the last refresh ended, and the records it skipped (kept until the next refresh ends). */
  setOutcome(outcome: OrdersOutcome, skipped: SkippedRecord[]): void {
    this.db.transaction(() => {
      this.stmt.setState.run('outcome', JSON.stringify(outcome));
      this.stmt.setState.run('skipped', JSON.stringify(skipped));
    })();
  }

  outcome(): OrdersOutcome | null {
    return readJson(this.stmt.getState.get('outcome'), OrdersOutcome);
  }

  skipped(): SkippedRecord[] {
    return readJson(this.stmt.getState.get('skipped'), SkippedRecord.array()) ?? [];
  }

  statuses(): { status: string; count: number }[] {
    return (this.stmt.statuses.all() as { status: string; n: number }[]).map((r) => ({ status: r.status, count: r.n }));
  }

  order(id: number): { order: ParsedOrder; fetchedAt: number; sentAt: number | null } | null {
    const row = this.stmt.byId.get(id) as Row | undefined;
    if (!row) return null;
    const parsed = parseKept(row.raw as string);
    return parsed.ok
      ? { order: parsed.order, fetchedAt: row.fetched_at as number, sentAt: (row.sent_at as number | null) ?? null }
      : null;
  }

  /**
   * Every order of a query as stored (its record read again), window by window (for CSV export), up to `max`. A
   * record that no longer reads is skipped.
   */
  *all(q: Omit<OrderQuery, 'offset' | 'limit'>, max: number): Generator<ParsedOrder> {
    let offset = 0;
    for (;;) {
      const window = { ...q, offset, limit: 500 };
      const { rows, total } = orderWindow(this.db, this.windows, this.rows, window, this.words.match(q.text));
      for (const row of rows) {
        if (offset >= max) return;
        offset += 1;
        const parsed = parseKept(row.raw as string);
        if (parsed.ok) yield parsed.order;
      }
      if (rows.length === 0 || offset >= total) return;
    }
  }

  /**
   * The orders dated between two ISO days (inclusive), and those whose date does not read as a day, one at a time as
   * the day's figures read them (shared/figures.ts; FIGURE_ROWS_SQL).
   */
  *figureOrders(from: string, to: string): Generator<FigureOrder> {
    const rows = this.stmt.figureRows.iterate(from, to) as Iterable<{ order_day: string; raw: string }>;
    for (const row of rows) {
      const parsed = parseKept(row.raw);
      if (!parsed.ok) continue;
      yield figureOrderOf(parsed.order, row.order_day);
    }
  }

  /** Orders per day between two ISO days (inclusive). */
  perDay(from: string, to: string): Map<string, number> {
    const rows = this.db
      .prepare('SELECT order_day AS day, count(*) AS n FROM orders WHERE order_day BETWEEN ? AND ? GROUP BY order_day')
      .all(from, to) as { day: string; n: number }[];
    return new Map(rows.map((r) => [r.day, r.n]));
  }

  query(q: OrderQuery): { rows: OrderRow[]; total: number } {
    const { rows, total } = orderWindow(this.db, this.windows, this.rows, q, this.words.match(q.text));
    return { rows: rows.map(toOrderRow), total };
  }
}
