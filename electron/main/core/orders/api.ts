/**
 * Tolerant reading of orders: numbers as strings and the reverse, order_items missing or empty, unknown fields
 * kept, money exact; and of the order list in any of its plausible envelopes.
 */
import type { SkipReason } from '../../../../shared/domain';
import { toMoney } from '../../../../shared/money';
import { readSignals, type PageSignals } from '../http/pager';
import { rawId, stock, text, toCount, type SkippedReject } from '../http/fields';

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

export interface ParsedOrder {
  id: number;
  poNumber: string;
  trackingNumber: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  zip: string;
  city: string;
  province: string;
  country: string;
  remarks: string;
  /** Slash dates exactly as written: read with the date-order setting when shown. */
  orderDate: string;
  processedDate: string;
  closedDate: string;
  cancelledDate: string;
  cancelReason: string;
  subtotalPrice: string | null;
  shippingCost: string | null;
  totalTax: string | null;
  totalDiscounts: string | null;
  totalPrice: string | null;
  items: ParsedOrderItem[];
  extra: Record<string, string>;
  raw: string;
}

const KNOWN = new Set([
  'id',
  'po_number',
  'tracking_number',
  'status',
  'name',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'zip',
  'city',
  'province',
  'country',
  'remarks',
  'order_date',
  'processed_date',
  'closed_date',
  'cancelled_date',
  'cancel_reason',
  'subtotal_price',
  'shipping_cost',
  'total_tax',
  'total_discounts',
  'total_price',
  'order_items',
]);
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

export function parseOrder(input: unknown): OrderParse {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return { ok: false, reason: 'not an object', code: 'not_an_object' };
  const r = input as Record<string, unknown>;
  const orderId = id(r.id);
  if (orderId === null) return { ok: false, reason: 'no usable id', code: 'no_usable_id' };
  const rawItems = Array.isArray(r.order_items) ? r.order_items.slice(0, MAX_ITEMS) : [];
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(r)) {
    if (KNOWN.has(key) || key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    Object.defineProperty(extra, key.slice(0, 100), {
      value: typeof value === 'string' ? value.slice(0, 2000) : (JSON.stringify(value)?.slice(0, 2000) ?? ''),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return {
    ok: true,
    order: {
      id: orderId,
      poNumber: text(r.po_number),
      trackingNumber: text(r.tracking_number),
      status: text(r.status),
      name: text(r.name),
      email: text(r.email),
      phone: text(r.phone),
      addressLine1: text(r.address_line_1),
      addressLine2: text(r.address_line_2),
      zip: text(r.zip),
      city: text(r.city),
      province: text(r.province),
      country: text(r.country),
      remarks: text(r.remarks),
      orderDate: text(r.order_date),
      processedDate: text(r.processed_date),
      closedDate: text(r.closed_date),
      cancelledDate: text(r.cancelled_date),
      cancelReason: text(r.cancel_reason),
      subtotalPrice: toMoney(r.subtotal_price),
      shippingCost: toMoney(r.shipping_cost),
      totalTax: toMoney(r.total_tax),
      totalDiscounts: toMoney(r.total_discounts),
      totalPrice: toMoney(r.total_price),
      items: rawItems.map(parseItem).filter((item): item is ParsedOrderItem => item !== null),
      extra,
      raw: JSON.stringify(input),
    },
  };
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
