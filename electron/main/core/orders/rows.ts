/**
 * The order book's rows as stored and read (db.ts writes them): what identifies a page and the list's shape, the
 * columns the list sorts and filters by, and the query of a window of the list.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import { readDate, type DateOrder } from '../../../../shared/dates';
import type { DateView, OrderRow } from '../../../../shared/domain';
import type { FigureOrder } from '../../../../shared/figures';
import { toCents } from '../../../../shared/money';
import type { ParsedOrder } from './api';
import type { RowOf } from '../storage/sql';
import { ftsIdPlan, indexPlan, type KeysetWindows } from '../storage/windows';

/**
 * The orders the day's figures read for a range: dated within it, or with no date that reads. ISO days sort below '~'
 * (a date kept as written) and above '' (none), so these are three ranges of the day index.
 */
export const FIGURE_ROWS_SQL =
  "SELECT order_day, raw FROM orders WHERE order_day BETWEEN ? AND ? OR order_day = '' OR order_day >= '~'";

/**
 * Where a written order came from: a read of the list (a page, or the whole list), this desk's POST answer (marked as
 * just sent until the list has it), or a live read of the one order (opened by staff).
 */
export type OrderSource = 'list' | 'answer' | 'live';

/** An order in the cache with when this computer first saw it: its clock's time, and the book's sequence number. */
export interface SeenOrderRow {
  order: ParsedOrder;
  firstSeen: number;
  seenSeq: number;
}

/** A page of the order list as read, with what identifies its version. */
export interface PageVersion {
  page: number;
  etag: string | null;
  lastModified: string | null;
}

/** What the order list has shown of itself: whether it is paginated, its last page, and which end is newest. */
export interface ListShape {
  paginated: boolean;
  /**
   * How the list says where it ends (api/pager.ts): `count`, by meta.last_page; `walk`, by a next link or the page
   * size, page after page; `none`, not paged (page 2 answered page 1 again). Absent in shapes stored before it: read
   * from `paginated` and `lastPage`.
   */
  paging?: 'count' | 'walk' | 'none';
  /** Records on a full page (meta.per_page, or the first page's), for a walk's "a full page has one after it". */
  pageSize?: number | null;
  lastPage: number | null;
  /** The page of the newest orders: the first or the last (null: not known). */
  newest: 'first' | 'last' | null;
  /** What told it: the ids, or the order dates. */
  newestBy: 'id' | 'date' | null;
}

export interface OrderQuery {
  text: string;
  status: string | null;
  /** ISO days, inclusive. */
  from: string | null;
  to: string | null;
  /** Needs attention: on hold, pending with an order day before this ISO day, or an unreadable date (null: all). */
  overdueBefore: string | null;
  sort: 'date' | 'total' | 'customer' | 'id';
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export const SORT_KEY = { date: 'order_day', total: 'total_key', customer: 'name_key', id: 'id' } as const;

/** order_day holds an ISO day, '' for no date, or '~' + text for a date that does not read in the current order. */
export function dayKey(view: DateView): string {
  return view.kind === 'date' ? view.iso : view.kind === 'invalid' ? `~${view.text}` : '';
}

export function dayView(key: string): DateView {
  if (key === '') return { kind: 'empty' };
  if (key.startsWith('~')) return { kind: 'invalid', text: key.slice(1) };
  return { kind: 'date', iso: key };
}

export type Row = Record<string, unknown>;

/**
 * A window of a query's rows as stored; `rows`: how many orders the book holds (the count with no filter); `match`:
 * the FTS5 query for q.text (search-words.ts).
 */
export function orderWindow(
  db: Database.Database,
  windows: KeysetWindows,
  rows: number,
  q: OrderQuery,
  match: string | null,
): { rows: Row[]; total: number } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.status !== null) {
    where.push('orders.status = ?');
    params.push(q.status);
  }
  if (q.from) {
    where.push("orders.order_day >= ? AND orders.order_day NOT LIKE '~%'");
    params.push(q.from);
  }
  if (q.to) {
    where.push("orders.order_day <= ? AND orders.order_day <> ''");
    params.push(q.to);
  }
  if (q.overdueBefore) {
    where.push(
      "(lower(orders.status) = 'on hold' OR orders.order_day LIKE '~%' OR (lower(orders.status) = 'pending' AND orders.order_day <> '' AND orders.order_day < ?))",
    );
    params.push(q.overdueBefore);
  }
  const countOf = (from: string, all: string[], args: unknown[]) => () =>
    all.length === 0
      ? rows
      : (db
          .prepare(`SELECT count(*) FROM ${from} WHERE ${all.join(' AND ')}`)
          .pluck()
          .get(...args) as number);
  let plan;
  if (match && q.sort === 'id') {
    const from = 'orders_fts JOIN orders ON orders.id = orders_fts.rowid';
    plan = ftsIdPlan(
      'orders',
      'orders_fts',
      match,
      where,
      params,
      countOf(from, ['orders_fts MATCH ?', ...where], [match, ...params]),
    );
  } else {
    if (match) {
      where.unshift('orders.id IN (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?)');
      params.unshift(match);
    }
    plan = indexPlan('orders', SORT_KEY[q.sort], where, params, countOf('orders', where, params));
  }
  return windows.read(plan, q.dir === 'desc', q.offset, q.limit);
}

export function viewOf(text: string, order: DateOrder): DateView {
  const read = readDate(text, order);
  return read.kind === 'date' ? { kind: 'date', iso: read.iso } : read;
}

export function toOrderRow(row: Row): OrderRow {
  return {
    id: row.id as number,
    poNumber: row.po_number as string,
    orderDate: dayView(row.order_day as string),
    name: row.name as string,
    email: row.email as string,
    phone: row.phone as string,
    city: row.city as string,
    status: row.status as string,
    items: row.items as number,
    totalPrice: row.total_price as string | null,
    fetchedAt: row.fetched_at as number,
    sentAt: (row.sent_at as number | null) ?? null,
  };
}

const UNKNOWN_KEY = -(2 ** 40);

/** The columns an order is written with (named parameters: each value goes by its column's name). */
export const ORDER_COLUMNS = [
  'id',
  'po_number',
  'status',
  'name',
  'name_key',
  'email',
  'phone',
  'city',
  'order_date',
  'order_day',
  'total_price',
  'total_key',
  'items',
  'raw',
  'fetched_at',
  'first_seen',
  'sent_at',
  'listed',
  'seen_seq',
] as const;
export const FTS_COLUMNS = [
  'rowid',
  'name',
  'email',
  'phone',
  'po_number',
  'tracking_number',
  'city',
  'remarks',
] as const;

/** An order's values for the columns it is written with. */
export function orderColumns(
  o: ParsedOrder,
  w: { dateOrder: DateOrder; fetchedAt: number; sentAt: number | null; listed: number; seq: number },
): RowOf<typeof ORDER_COLUMNS> {
  return {
    id: o.id,
    po_number: o.poNumber,
    status: o.status,
    name: o.name,
    name_key: o.name.toLowerCase(),
    email: o.email,
    phone: o.phone,
    city: o.city,
    order_date: o.orderDate,
    order_day: dayKey(viewOf(o.orderDate, w.dateOrder)),
    total_price: o.totalPrice,
    total_key: toCents(o.totalPrice) ?? UNKNOWN_KEY,
    items: o.items.length,
    raw: o.raw,
    fetched_at: w.fetchedAt,
    first_seen: w.fetchedAt,
    sent_at: w.sentAt,
    listed: w.listed,
    seen_seq: w.seq,
  };
}

/** An order's values for the fields staff search by (FTS). */
export function ftsColumns(o: ParsedOrder): RowOf<typeof FTS_COLUMNS> {
  return {
    rowid: o.id,
    name: o.name,
    email: o.email,
    phone: o.phone,
    po_number: o.poNumber,
    tracking_number: o.trackingNumber,
    city: o.city,
    remarks: o.remarks,
  };
}

/** A stored order as the day's figures read it (shared/figures.ts); `orderDay`: its order_day column. */
export function figureOrderOf(o: ParsedOrder, orderDay: string): FigureOrder {
  return {
    id: o.id,
    poNumber: o.poNumber,
    name: o.name,
    status: o.status,
    orderDay: dayView(orderDay).kind === 'date' ? orderDay : null,
    subtotal: o.subtotalPrice,
    shipping: o.shippingCost,
    tax: o.totalTax,
    discounts: o.totalDiscounts,
    total: o.totalPrice,
    lines: o.items.map((item) => ({
      productId: item.productVariantId,
      quantity: item.quantity,
      price: item.price,
      discount: item.discount,
      createdAt: item.createdAt,
    })),
  };
}
