/**
 * How the order book reads outside its list: an order's view (fields, lines with the catalogue's names, a totals
 * check), the CSV export, the figures above the list, and the "needs attention" day.
 */
import Big from 'big.js';
import type { DateOrder } from '../../../../shared/dates';
import type { DetailScalars, OrderDetail, OrderItemView } from '../../../../shared/domain';
import { camel, CSV_COLUMNS, SCALAR_FIELDS, specOf } from '../../../../shared/order-schema';
import type { CatalogueRepository } from '../catalogue/db';
import type { ParsedOrder } from './api';
import { viewOf, type OrderRepository } from './db';
import { csvDocument } from '../../../../shared/csv';

/** The order's one-value fields as the screens get them (shared/order-schema.ts): dates read in the order in use. */
function detailScalars(order: ParsedOrder, dateOrder: DateOrder): DetailScalars {
  const fields: Record<string, unknown> = {};
  for (const name of SCALAR_FIELDS) {
    const key = camel(name);
    fields[key] = specOf(name).kind === 'date' ? viewOf(order[key] as string, dateOrder) : order[key];
  }
  return fields as DetailScalars;
}

/**
 * An order's row of the CSV export, read from the stored record in the columns the order schema names: a date as its
 * ISO day (or as written when it does not read), the lines as their count.
 */
export function csvRow(order: ParsedOrder, dateOrder: DateOrder): (string | number | null)[] {
  return CSV_COLUMNS.map(({ name }) => {
    if (name === 'order_items') return order.items.length;
    const value = order[camel(name)];
    if (specOf(name).kind !== 'date') return value;
    const view = viewOf(value as string, dateOrder);
    return view.kind === 'date' ? view.iso : view.kind === 'invalid' ? view.text : '';
  });
}

/**
 * An order as its view shows it: its fields (dates read in the order in use), its lines with product names and SKUs
 * from the local catalogue (`products`, null when there is none) and line totals, and the check of its totals.
 */
export function orderDetail(
  order: ParsedOrder,
  { fetchedAt, sentAt }: { fetchedAt: number; sentAt: number | null },
  dateOrder: DateOrder,
  products: CatalogueRepository | null,
): OrderDetail {
  const items: OrderItemView[] = order.items.map((item) => {
    const product = item.productVariantId !== null ? products?.detail(item.productVariantId) : null;
    return {
      id: item.id,
      productVariantId: item.productVariantId,
      productName: product ? product.name || null : null,
      productSku: product ? product.sku || null : null,
      quantity: item.quantity,
      price: item.price,
      discount: item.discount,
      lineTotal:
        item.price !== null && item.quantity !== null
          ? new Big(item.price)
              .times(item.quantity)
              .minus(item.discount ?? '0')
              .toFixed(2)
          : null,
      fulfillmentStatus: item.fulfillmentStatus,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
    };
  });
  const parts = [order.subtotalPrice, order.shippingCost, order.totalTax, order.totalDiscounts];
  const computed = parts.every((p) => p !== null)
    ? new Big(order.subtotalPrice!)
        .plus(order.shippingCost!)
        .plus(order.totalTax!)
        .minus(order.totalDiscounts!)
        .toFixed(2)
    : null;
  return {
    ...detailScalars(order, dateOrder),
    totalsCheck: {
      computed,
      matches: computed === null || order.totalPrice === null ? null : new Big(computed).eq(order.totalPrice),
    },
    items,
    extra: order.extra,
    fetchedAt,
    sentAt,
  };
}

/** A CSV larger than this is cut (and says so): a spreadsheet could not open it anyway. */
export const EXPORT_MAX_ROWS = 250_000;

const addDays = (date: Date, days: number): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const localIsoDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** An order pending this long (days) needs someone. */
export const PENDING_TOO_LONG_DAYS = 2;

/** The query with "needs attention" as the day before which a pending order is overdue (null when not asked). */
export function withAttention<Q extends { attention: boolean }>(
  q: Q,
): Omit<Q, 'attention'> & { overdueBefore: string | null } {
  const { attention, ...rest } = q;
  return { ...rest, overdueBefore: attention ? localIsoDay(addDays(new Date(), -PENDING_TOO_LONG_DAYS)) : null };
}

/** The order book's figures above the list: orders today and this week, by status, and the last 30 days. */
export function summaryOf(repo: OrderRepository | null): {
  today: number;
  thisWeek: number;
  byStatus: { status: string; count: number }[];
  days: { day: string; count: number }[];
} {
  const today = localIsoDay(new Date());
  const start = localIsoDay(addDays(new Date(), -29));
  const perDay = repo?.perDay(start, today) ?? new Map<string, number>();
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = localIsoDay(addDays(new Date(), i - 29));
    return { day, count: perDay.get(day) ?? 0 };
  });
  const monday = localIsoDay(addDays(new Date(), -((new Date().getDay() + 6) % 7)));
  return {
    today: perDay.get(today) ?? 0,
    thisWeek: days.filter((d) => d.day >= monday).reduce((sum, d) => sum + d.count, 0),
    byStatus: repo?.statuses() ?? [],
    days,
  };
}

/** The CSV export of a query's orders, up to EXPORT_MAX_ROWS (and says when it was cut). */
export function exportOf(
  repo: OrderRepository,
  q: Parameters<OrderRepository['all']>[0],
  dateOrder: DateOrder,
): { filename: string; csv: string; rows: number; truncated: boolean } {
  const rows: (string | number | null)[][] = [];
  for (const o of repo.all(q, EXPORT_MAX_ROWS)) rows.push(csvRow(o, dateOrder));
  const csv = csvDocument(
    CSV_COLUMNS.map((c) => c.header),
    rows,
  );
  return {
    filename: `shopdesk-orders-${localIsoDay(new Date())}.csv`,
    csv,
    rows: rows.length,
    truncated: rows.length >= EXPORT_MAX_ROWS,
  };
}
