/** Domain types shared by main and renderer (zod schemas; types inferred). */
import { z } from 'zod';
import { DATE_ORDER_KEYS } from './dates';
import { ERROR_CODES, type ErrorCode } from './errors';
import {
  camel,
  emptyFields,
  FIELD_KEYS,
  type KindOf,
  POSTED_FIELDS,
  SCALAR_FIELDS,
  specOf,
  upgradeDraft,
  type Camel,
  type FieldKey,
  type PostedField,
  type ScalarField,
} from './order-schema';

export const FLAG_NAMES = [
  'fragile',
  'dangerous',
  'perishable',
  'liquid',
  'battery',
  'regulated',
  'media',
  'adult',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

export const ProductRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  barcode: z.string(),
  status: z.string(),
  available: z.number().int().nullable(),
  physical: z.number().int().nullable(),
  price: z.string().nullable(),
  flags: z.array(z.enum(FLAG_NAMES)),
  /** False once a complete catalogue pass no longer lists it. */
  listed: z.boolean(),
  fetchedAt: z.number(),
});
export type ProductRow = z.infer<typeof ProductRow>;

export const ProductDetail = ProductRow.extend({
  packageContent: z.string(),
  weight: z.string().nullable(),
  weightUnit: z.string(),
  length: z.string().nullable(),
  width: z.string().nullable(),
  height: z.string().nullable(),
  sizeUnit: z.string(),
  tariffCode: z.string(),
  packagingType: z.string(),
  /** Each flag as read: true, false, or null when the service's text could not be read as yes/no. */
  flagValues: z.array(z.object({ name: z.enum(FLAG_NAMES), value: z.boolean().nullable(), text: z.string() })),
  /** Fields the spec does not name, kept as text. */
  extra: z.record(z.string(), z.string()),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** Stock levels of the stock list's filter; 'low-or-out' is the reorder list (#30.4). */
export const STOCK_LEVELS = ['all', 'in', 'low', 'out', 'low-or-out'] as const;
export { LOW_STOCK_THRESHOLD } from './shop-rules';
export const PRODUCT_SORTS = ['sku', 'name', 'available', 'physical', 'price', 'status'] as const;

/** Why the service sent a record that could not be read (it was skipped, never stored). */
export const SKIP_REASONS = ['not_an_object', 'no_usable_id'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const SkippedRecord = z.object({
  /** The record's id as the service wrote it (text), when it had one. */
  id: z.string().nullable(),
  /** The list page it came on, when the list is paginated. */
  page: z.number().int().nullable(),
  reason: z.enum(SKIP_REASONS),
  at: z.number(),
});
export type SkippedRecord = z.infer<typeof SkippedRecord>;
/** At most this many skipped records are kept with their details (the count goes on). */
export const MAX_SKIPPED_KEPT = 200;

/** How the last catalogue pass ended, as a code and its facts: the screens word it. */
export const CATALOGUE_OUTCOMES = [
  'complete',
  'incomplete',
  'cancelled',
  'unauthorized',
  'unreachable',
  'not_configured',
  'first_page_failed',
  /** The first page was an empty list that said nothing of itself (no count, no sign of paging): nothing changed. */
  'no_page_count',
  'not_saved',
  /** The pages were read, but the service's end was never seen (a page repeated the one before, or the page cap). */
  'end_not_seen',
] as const;
/** Why the end of a list was not seen: the page that repeated the one before, or the last page read at the cap. */
export const EndNotSeen = z.object({
  reason: z.enum(['repeated_page', 'page_cap']),
  page: z.number().int(),
});
export type EndNotSeen = z.infer<typeof EndNotSeen>;

export const CatalogueOutcome = z.object({
  code: z.enum(CATALOGUE_OUTCOMES),
  at: z.number(),
  /** Listed products in the cache when the pass ended. */
  products: z.number().int(),
  /** meta.total of the pass, when the service gave it. */
  serviceTotal: z.number().int().nullable(),
  /** Products a complete pass marked as no longer listed. */
  delisted: z.number().int(),
  pagesDone: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  failedPages: z.number().int(),
  emptyPages: z.number().int(),
  /** The service's last page moved during the pass (from → to). */
  drift: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  /** Set with `end_not_seen`. */
  endNotSeen: EndNotSeen.nullable().default(null),
  skippedRecords: z.number().int(),
  /** A technical reason for support (e.g. the disk error), shown as a tooltip, never as the message. */
  detail: z.string().max(500).nullable(),
});
export type CatalogueOutcome = z.infer<typeof CatalogueOutcome>;

export const CatalogueStatus = z.object({
  state: z.enum(['idle', 'running', 'complete', 'incomplete', 'cancelled', 'failed']),
  pagesDone: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  productsSeen: z.number().int(),
  pagesPerSecond: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  /** Products in the local cache (listed ones). */
  cachedProducts: z.number().int(),
  /** meta.total of the last pass. */
  serviceTotal: z.number().int().nullable(),
  /** When the last complete pass finished. */
  completeAt: z.number().nullable(),
  /** When the cache was last written. */
  updatedAt: z.number().nullable(),
  failedPages: z.number().int(),
  skippedRecords: z.number().int(),
  /** How the last pass ended (kept across restarts); null before the first pass ends. */
  outcome: CatalogueOutcome.nullable(),
  /**
   * Every page is fetched and the pass is finishing: the last batches are being saved and the search indexes built
   * (seconds for a large catalogue).
   */
  finishing: z.boolean(),
  /** Rises with every change; a reader keeps the highest it has seen. */
  revision: z.number(),
});
export type CatalogueStatus = z.infer<typeof CatalogueStatus>;

/** The catalogue before any sync: the starting point of every status. */
export const IDLE_CATALOGUE: CatalogueStatus = {
  state: 'idle',
  pagesDone: 0,
  pagesTotal: null,
  productsSeen: 0,
  pagesPerSecond: null,
  etaSeconds: null,
  cachedProducts: 0,
  serviceTotal: null,
  completeAt: null,
  updatedAt: null,
  failedPages: 0,
  skippedRecords: 0,
  outcome: null,
  finishing: false,
  revision: 0,
};

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

/** A new order as POST /api/order takes it: money as decimal strings, dates as slash dates (or empty). */
const Text = (max: number) => z.string().max(max);
/** Every field POST /api/order carries as text, at most as long as the order schema says. */
const POSTED = Object.fromEntries(POSTED_FIELDS.map((name) => [name, Text(specOf(name).max!)])) as Record<
  PostedField,
  ReturnType<typeof Text>
>;
export const NewOrder = z
  .object({
    ...POSTED,
    order_items: z
      .array(z.object({ id: z.number().int().positive(), quantity: z.number().int().positive().max(100_000) }).strict())
      .min(1)
      .max(200),
  })
  .strict();
export type NewOrder = z.infer<typeof NewOrder>;

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'rejected', 'unknown', 'discarded'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * What a send or a look came to besides an error (issue #18: codes the renderer words, renderer/src/screens/outbox/
 * words.ts), each with its kind: a POST of the order, a look for it on the service, or something staff did. A send
 * that failed is recorded by its error code (shared/errors.ts). Codes, never prose (#28.5): what an attempt was is
 * read from this table, not from the words of its code (outbox migration 006 rewrote the older ones).
 */
export const ATTEMPT_KINDS = {
  created: 'send',
  unreadable_answer: 'send',
  error: 'send',
  look_found: 'look',
  look_none: 'look',
  look_several: 'look',
  look_unlike: 'look',
  look_unverified: 'look',
  staff_sent_again: 'staff',
  staff_discarded: 'staff',
  replaced: 'staff',
} as const satisfies Record<string, 'send' | 'look' | 'staff'>;
export const ATTEMPT_OUTCOMES = Object.keys(ATTEMPT_KINDS) as (keyof typeof ATTEMPT_KINDS)[];
export type AttemptOutcome = keyof typeof ATTEMPT_KINDS | ErrorCode;

/** What an attempt was: a POST (an own outcome or a send's error code), a look on the service, or staff's doing. */
export function attemptKind(outcome: string): 'send' | 'look' | 'staff' {
  return Object.prototype.hasOwnProperty.call(ATTEMPT_KINDS, outcome)
    ? ATTEMPT_KINDS[outcome as keyof typeof ATTEMPT_KINDS]
    : 'send';
}

export const OutboxAttempt = z.object({
  at: z.number(),
  /** An AttemptOutcome; any text is read, as an entry kept by an older Shopdesk may hold another. */
  outcome: z.string(),
  status: z.number().int().nullable(),
  excerpt: z.string().nullable(),
});

/**
 * What the last look for an order in doubt found (issue #15): a code and the candidates, worded by the renderer.
 * found: one order answers for it (sent); none: no order does; several: more than one might; unlike: one might, but
 * its stamp is far from when this was sent; unverified: one might, but nothing proves it is not an older one;
 * unreachable: the service could not be read.
 */
export const RECONCILE_OUTCOMES = ['found', 'none', 'several', 'unlike', 'unverified', 'unreachable'] as const;
export type ReconcileOutcome = (typeof RECONCILE_OUTCOMES)[number];
export const ReconcileCandidate = z.object({
  orderId: z.number().int(),
  poNumber: z.string(),
  /** created_at as the service wrote it. */
  createdAt: z.string(),
  /** Minutes between its stamp and when this order was sent, in the service's clock; null when that is not known. */
  minutesFromSend: z.number().int().nullable(),
  /** It was on the service before this order was sent, so it is not this one. */
  seenBeforeSending: z.boolean(),
});
export type ReconcileCandidate = z.infer<typeof ReconcileCandidate>;
export const OutboxCheck = z.object({
  outcome: z.enum(RECONCILE_OUTCOMES),
  checkedAt: z.number(),
  candidates: z.array(ReconcileCandidate).max(10),
});
export type OutboxCheck = z.infer<typeof OutboxCheck>;

/**
 * Why an outbox entry is in its state (#28.5): a code and its facts, never a sentence; the renderer words it
 * (screens/outbox/words.ts reasonWords). Text that travels here is data: the service's own message for a refusal, or
 * (`stored`) a reason an older Shopdesk kept in words that outbox migration 007 could not read as a code.
 */
export const OutboxReason = z.discriminatedUnion('code', [
  /** A POST of it is under way. */
  z.object({ code: z.literal('sending') }),
  /** The service created it and answered with it. */
  z.object({ code: z.literal('sent') }),
  /** Created, but the service's total differs from the one entered (`serviceTotal` as it answered). */
  z.object({ code: z.literal('sent_total_differs'), serviceTotal: z.string().max(40).nullable() }),
  /** A look on the service found it: it had arrived (its PO number, or its id when it has none). */
  z.object({
    code: z.literal('found_on_service'),
    poNumber: z.string().max(200).nullable(),
    orderId: z.number().int().nullable(),
  }),
  /** Waits: the service refused the API token (401/403); sent once it is fixed in Settings. */
  z.object({ code: z.literal('token_refused') }),
  /** Waits: the service asked Shopdesk to slow down (429); sent again shortly. */
  z.object({ code: z.literal('service_busy') }),
  /** Waits: the service could not be reached; sent when it is back. */
  z.object({ code: z.literal('unreachable') }),
  /** The service refused it (422): its own message, when it gave one (data, not Shopdesk's words). */
  z.object({ code: z.literal('rejected'), serviceMessage: z.string().max(2000).nullable() }),
  /** In doubt: the service answered, but not with the order. */
  z.object({ code: z.literal('answer_not_order') }),
  /** In doubt: the send failed in an unexpected way (the attempt holds what happened). */
  z.object({ code: z.literal('send_failed') }),
  /** In doubt: the request may have reached the service (`error`: the failure's code, when known). */
  z.object({ code: z.literal('maybe_delivered'), error: z.enum(ERROR_CODES).nullable() }),
  /** In doubt: Shopdesk stopped while it was being sent. */
  z.object({ code: z.literal('interrupted') }),
  /** In doubt: the service could not be asked yet whether it arrived. */
  z.object({ code: z.literal('not_asked_yet') }),
  /** In doubt: a look found no matching order. */
  z.object({ code: z.literal('no_match') }),
  /** In doubt: a look found `count` orders that might be this one. */
  z.object({ code: z.literal('possible_matches'), count: z.number().int() }),
  /** Discarded: a corrected order took its place. */
  z.object({ code: z.literal('corrected') }),
  /** Queued again by staff on purpose. */
  z.object({ code: z.literal('sent_again_by_staff') }),
  /** Discarded by staff. */
  z.object({ code: z.literal('discarded_by_staff') }),
  /** A reason an older Shopdesk kept in words of its own, shown as it was written. */
  z.object({ code: z.literal('stored'), text: z.string().max(2000) }),
]);
export type OutboxReason = z.infer<typeof OutboxReason>;
export type OutboxReasonCode = OutboxReason['code'];

export const OutboxEntry = z.object({
  id: z.string(),
  draftId: z.string(),
  state: z.enum(OUTBOX_STATES),
  createdAt: z.number(),
  updatedAt: z.number(),
  order: NewOrder,
  /** Why it is in this state, as a code and its facts (#28.5); null before its first send. */
  reason: OutboxReason.nullable(),
  /** 422 messages by field ("order_items.0.quantity"). */
  fieldErrors: z.record(z.string(), z.array(z.string())).nullable(),
  serverOrderId: z.number().int().nullable(),
  /** The order's PO number on the service, once known (from its answer, or found by reconciliation). */
  serverPoNumber: z.string().nullable(),
  /** The server's total differs from the one computed here. */
  totalsMismatch: z.boolean(),
  /** Sending waits until the token is fixed (401/403). */
  paused: z.boolean(),
  /** The last look for it on the service while its arrival was in doubt; null when there was none. */
  check: OutboxCheck.nullable(),
  attempts: z.array(OutboxAttempt),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

/** What the order-entry wizard holds, saved as a draft on every change. Loose on purpose: a draft may be half done. */
const DraftText = z.string().max(2000).default('');
/**
 * What a scanned label said about the item beside its product (#29.5 GS1 fields, #29.4 weighed and priced labels):
 * shown on the line; the service takes only the product and the quantity.
 */
export const LineLabel = z.object({
  /** The code as scanned. */
  code: z.string().max(200),
  lot: z.string().max(40).optional(),
  /** ISO day. */
  expiry: z.string().max(10).optional(),
  serial: z.string().max(40).optional(),
  /** Decimal kilograms ("1.234"). */
  weightKg: z.string().max(20).optional(),
  /** Decimal amount in the shop's currency ("12.50"). */
  price: z.string().max(20).optional(),
});
export type LineLabel = z.infer<typeof LineLabel>;

export const DraftLine = z.object({
  productId: z.number().int().positive(),
  sku: z.string().max(100),
  name: z.string().max(2000),
  /** Price and stock when the line was added, to show what changed by the time it is sent. */
  price: z.string().max(40).nullable(),
  available: z.number().int().nullable(),
  addedAt: z.number(),
  quantity: z.number().int().min(1).max(100_000),
  /**
   * The service's 422 messages about this line ("order_items.N.quantity" → { quantity: [...] }): kept on the line so
   * they follow it when lines move and go with it when it is removed or its product replaced.
   */
  serviceMessages: z.record(z.string().max(100), z.array(z.string().max(2000)).max(20)).optional(),
  /** The labels scanned for this line that said more than their product (lot, expiry, weight, price). */
  labels: z.array(LineLabel).max(100).optional(),
});
const DraftFields = z.object(
  Object.fromEntries(FIELD_KEYS.map((key) => [key, DraftText])) as Record<FieldKey, typeof DraftText>,
);
export const DraftData = z.preprocess(
  upgradeDraft,
  z.object({
    /** What staff typed, by the service's field names (dates as ISO days, written as slash dates only when sent). */
    fields: DraftFields.default(emptyFields),
    lines: z.array(DraftLine).max(200).default([]),
    /** A rejected outbox entry this draft corrects: sending the draft discards that entry. */
    replaces: z.string().max(100).nullable().default(null),
    /** The service's 422 messages by field, shown at the field until it is edited. */
    serverErrors: z.record(z.string().max(200), z.array(z.string().max(2000)).max(20)).default({}),
    /** Codes scanned on the Customer step, waiting to become lines once a customer is chosen (never lost meanwhile). */
    heldScans: z.array(z.string().min(1).max(200)).max(200).optional(),
    /**
     * Issue #30.1: put on hold under this name (the customer's, or one typed then) at this time; slot: its Alt+1…9 key,
     * kept while it waits (null past nine). Listed at the top of the wizard and counted in the frame.
     */
    onHold: z
      .object({
        name: z.string().min(1).max(200),
        at: z.number(),
        slot: z.number().int().min(1).max(9).nullable(),
      })
      .optional(),
  }),
);
export type DraftData = z.infer<typeof DraftData>;
export type DraftLine = z.infer<typeof DraftLine>;

export const Draft = z.object({
  id: z.string(),
  step: z.number().int().min(0).max(10),
  createdAt: z.number(),
  updatedAt: z.number(),
  data: DraftData,
});
export type Draft = z.infer<typeof Draft>;
