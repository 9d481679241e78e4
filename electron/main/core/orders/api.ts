/**
 * Tolerant reading of orders: numbers as strings and the reverse, order_items missing or empty, unknown fields
 * kept, money exact; and of the order list in any of its plausible envelopes.
 */
import type { SkipReason } from '../../../../shared/domain';
import { toMoney } from '../../../../shared/money';
import {
  camel,
  ORDER_FIELD_NAMES,
  SCALAR_FIELDS,
  specOf,
  type OrderFieldKind,
  type ParsedScalars,
  type ParsedValue,
} from '../../../../shared/order-schema';
import { readSignals, type PageSignals } from '../http/pager';
import { rawId, stock, text, toCount, type SkippedReject } from '../http/fields';
import { keepRecord, readRecord } from './record';

export interface ParsedOrderItem {
  id: number | null;
  productVariantId: number | null;
  quantity: number | null;
  price: string | null;
  discount: string | null;
  fulfillmentStatus: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * An order as read: each one-value field of the order schema (shared/order-schema.ts) by its record name, amounts
 * exact, slash dates exactly as written (read with the date-order setting when shown); its lines; the fields the
 * schema does not name, kept as text; and the record as it came, in the form the book keeps it (record.ts).
 */
export type ParsedOrder = ParsedScalars & {
  items: ParsedOrderItem[];
  extra: Record<string, string>;
  raw: string;
};

/** The service's order fields this app knows: any other is kept under "extra". */
const KNOWN: ReadonlySet<string> = new Set(ORDER_FIELD_NAMES);
/** How each kind of one-value field is read (ids are read before, as an order without one is skipped). */
const READ: { [K in Exclude<OrderFieldKind, 'lines' | 'id'>]: (value: unknown) => ParsedValue[K] } = {
  string: text,
  decimal: toMoney,
  date: text,
};
/** Each field but the id with its record name and its reader, worked out once (parseOrder is on every page's path). */
const READERS = SCALAR_FIELDS.flatMap((name) => {
  const kind = specOf(name).kind;
  return kind === 'id' || kind === 'lines' ? [] : [[name, camel(name), READ[kind]] as const];
});
const MAX_ITEMS = 1000;

const id = (value: unknown): number | null => {
  const n = toCount(value);
  return n !== null && n > 0 ? n : null;
};

function parseItem(input: unknown): ParsedOrderItem | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const r = input as Record<string, unknown>;
  return {
    id: id(r.id),
    productVariantId: id(r.product_variant_id ?? r.product_id),
    quantity: stock(r.quantity),
    price: toMoney(r.price),
    discount: toMoney(r.discount),
    fulfillmentStatus: text(r.fulfillment_status),
    createdAt: text(r.created_at),
    updatedAt: text(r.updated_at),
  };
}

export type OrderParse = { ok: true; order: ParsedOrder } | { ok: false; reason: string; code: SkipReason };

/** `kept`: the record as the book keeps it, when the order is read from there (else it is made from `input`). */
export function parseOrder(input: unknown, kept?: string): OrderParse {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return { ok: false, reason: 'not an object', code: 'not_an_object' };
  const r = input as Record<string, unknown>;
  const orderId = id(r.id);
  if (orderId === null) return { ok: false, reason: 'no usable id', code: 'no_usable_id' };
  const rawItems = Array.isArray(r.order_items) ? r.order_items.slice(0, MAX_ITEMS) : [];
  const extra: Record<string, string> = {};
  // the keys alone, not Object.entries' pair per field: a first refresh reads 100,000 orders of ~25 fields
  for (const key of Object.keys(r)) {
    if (KNOWN.has(key) || key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const value = r[key];
    Object.defineProperty(extra, key.slice(0, 100), {
      value: typeof value === 'string' ? value.slice(0, 2000) : (JSON.stringify(value)?.slice(0, 2000) ?? ''),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  // the order is filled in place, field by field, not spread from a second object
  const order: Record<string, unknown> = { id: orderId };
  for (const [name, key, read] of READERS) order[key] = read(r[name]);
  const items: ParsedOrderItem[] = [];
  for (const input of rawItems) {
    const item = parseItem(input);
    if (item !== null) items.push(item);
  }
  order.items = items;
  order.extra = extra;
  order.raw = kept ?? keepRecord(r);
  return { ok: true, order: order as ParsedOrder };
}

/** An order as the book keeps it (its raw column), read again. */
export function parseKept(raw: string): OrderParse {
  return parseOrder(readRecord(raw), raw.startsWith('[') ? raw : undefined);
}

export interface ParsedOrderList {
  orders: ParsedOrder[];
  skipped: number;
  /** The skipped records: their id as written (when they had one) and why. */
  rejects: SkippedReject[];
  /** Set when the answer is a full paginator: the page count to follow. */
  lastPage: number | null;
  total: number | null;
  /** What the answer says of the pages after it (api/pager.ts). */
  signals: PageSignals;
}

/**
 * GET /api/order as a bare array, {data: [...]}, or a Laravel paginator (full or simple; `meta` and `links`, or their
 * fields beside `data`). Null when it is none of these.
 */
export function parseOrderList(body: unknown): ParsedOrderList | null {
  let list: unknown[];
  let meta: Record<string, unknown> | null = null;
  if (Array.isArray(body)) list = body;
  else if (body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)) {
    list = (body as { data: unknown[] }).data;
    const m = (body as { meta?: unknown }).meta;
    meta =
      m && typeof m === 'object' && !Array.isArray(m)
        ? (m as Record<string, unknown>)
        : (body as Record<string, unknown>);
  } else return null;
  const orders: ParsedOrder[] = [];
  const rejects: SkippedReject[] = [];
  for (const record of list) {
    const parsed = parseOrder(record);
    if (parsed.ok) orders.push(parsed.order);
    else rejects.push({ id: rawId(record), reason: parsed.code });
  }
  const signals = readSignals(body, list);
  return {
    orders,
    skipped: rejects.length,
    rejects,
    lastPage: signals.lastPage,
    total: meta ? toCount(meta.total) : null,
    signals,
  };
}
