/**
 * The order book as both sides see it: a list row, an order's detail (one field per field of the order schema), its
 * dates as read, and the book's status and how its last refresh ended (codes and facts).
 */
import { z } from 'zod';
import { DATE_ORDER_KEYS } from './dates';
import { camel, type KindOf, SCALAR_FIELDS, specOf, type Camel, type ScalarField } from './order-schema';
import { EndNotSeen } from './products';

/** A service date as the screens show it: a real date (ISO), nothing, or the text as written with a flag. */
export const DateView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty') }),
  z.object({ kind: z.literal('date'), iso: z.string() }),
  z.object({ kind: z.literal('invalid'), text: z.string() }),
]);
export type DateView = z.infer<typeof DateView>;

export const ORDER_SORTS = ['date', 'total', 'customer', 'id'] as const;

export const OrderRow = z.object({
  id: z.number().int(),
  poNumber: z.string(),
  orderDate: DateView,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  status: z.string(),
  items: z.number().int(),
  totalPrice: z.string().nullable(),
  fetchedAt: z.number(),
  /** This desk sent it and the service's answer is in the book; null once a read of the order list has it. */
  sentAt: z.number().nullable(),
});
export type OrderRow = z.infer<typeof OrderRow>;

export const OrderItemView = z.object({
  id: z.number().int().nullable(),
  productVariantId: z.number().int().nullable(),
  /** From the local catalogue when the variant id matches a cached product. */
  productName: z.string().nullable(),
  productSku: z.string().nullable(),
  quantity: z.number().int().nullable(),
  price: z.string().nullable(),
  discount: z.string().nullable(),
  /** price × quantity − discount, exact; null when a figure is missing. */
  lineTotal: z.string().nullable(),
  fulfillmentStatus: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderItemView = z.infer<typeof OrderItemView>;

/** Each kind of one-value field as the screens get it: amounts exact or null, dates read (DateView). */
const DETAIL_VALUE = {
  string: z.string(),
  decimal: z.string().nullable(),
  date: DateView,
  id: z.number().int(),
};
type DetailShape = { [K in ScalarField as Camel<K>]: (typeof DETAIL_VALUE)[KindOf<K>] };
/** OrderDetail's one-value fields: the order schema's, by record name, as the screens get them. */
export type DetailScalars = { [K in keyof DetailShape]: z.infer<DetailShape[K]> };
/** OrderDetail's one-value fields, one per field of the order schema (shared/order-schema.ts). */
const DETAIL_SCALARS = Object.fromEntries(
  SCALAR_FIELDS.map((name) => [camel(name), DETAIL_VALUE[specOf(name).kind as keyof typeof DETAIL_VALUE]]),
) as DetailShape;

export const OrderDetail = z.object({
  ...DETAIL_SCALARS,
  /** subtotal + shipping + tax − discounts, and whether it equals the total (null when a figure is missing). */
  totalsCheck: z.object({ computed: z.string().nullable(), matches: z.boolean().nullable() }),
  items: z.array(OrderItemView),
  extra: z.record(z.string(), z.string()),
  fetchedAt: z.number(),
  /** This desk sent it; the record is the service's answer to the POST until a read of the list has it. */
  sentAt: z.number().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const DATE_ORDER_SETTINGS = ['auto', ...DATE_ORDER_KEYS] as const;

/** How the last order refresh ended, as a code and its facts: the screens word it. */
export const ORDERS_OUTCOMES = [
  'complete',
  'partial',
  'cancelled',
  'unauthorized',
  'unreachable',
  'not_configured',
  'unreadable_list',
  /** The pages were read, but the service's end was never seen (a page repeated the one before, or the page cap). */
  'end_not_seen',
] as const;

export const OrdersOutcome = z.object({
  code: z.enum(ORDERS_OUTCOMES),
  at: z.number(),
  /** Orders in the cache when the refresh ended. */
  orders: z.number().int(),
  failedPages: z.number().int(),
  skippedRecords: z.number().int(),
  /** Set with `end_not_seen`. */
  endNotSeen: EndNotSeen.nullable().default(null),
});
export type OrdersOutcome = z.infer<typeof OrdersOutcome>;

export const OrdersStatus = z.object({
  state: z.enum(['idle', 'running', 'complete', 'failed']),
  cachedOrders: z.number().int(),
  updatedAt: z.number().nullable(),
  /** How the last refresh ended (kept across restarts); null before the first one ends. */
  outcome: OrdersOutcome.nullable(),
  dateOrder: z.object({
    setting: z.enum(DATE_ORDER_SETTINGS),
    /** What the data proves so far (null: nothing proves either order yet). */
    learnt: z.enum(DATE_ORDER_KEYS).nullable(),
    /** The order in use. */
    effective: z.enum(DATE_ORDER_KEYS),
  }),
  /** How the order list is read: its shape as learnt from the data, and when each kind of refresh last ran. */
  refresh: z.object({
    /** Which end of the list holds the newest orders, and what showed it (null: not known yet). */
    newest: z.enum(['first', 'last']).nullable(),
    newestBy: z.enum(['id', 'date']).nullable(),
    /** Whether the list is paginated (null: not read yet), and its pages at the last read. */
    paginated: z.boolean().nullable(),
    pages: z.number().int().nullable(),
    /** The last quick refresh (newest pages) and full pass (every page) that ended well. */
    quickAt: z.number().nullable(),
    fullAt: z.number().nullable(),
    /** When each runs next (null: only when staff ask). */
    nextQuickAt: z.number().nullable(),
    nextFullAt: z.number().nullable(),
  }),
  /** Rises with every change; a reader keeps the highest it has seen. */
  revision: z.number(),
});
export type OrdersStatus = z.infer<typeof OrdersStatus>;

export const OrdersSummary = z.object({
  today: z.number().int(),
  thisWeek: z.number().int(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  /** The last 30 days, oldest first, ISO days. */
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type OrdersSummary = z.infer<typeof OrdersSummary>;
