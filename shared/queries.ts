/**
 * The lists' contract types: a window of the catalogue or of the order book asked for (text, filters, sort, offset)
 * and given back, and one product or order read, live or from the cache and why. Part of the IPC contract.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors';
import {
  FLAG_NAMES,
  ORDER_SORTS,
  OrderDetail,
  OrderRow,
  ProductDetail,
  ProductRow,
  STOCK_LEVELS,
  PRODUCT_SORTS,
} from './domain';

export const CatalogueQueryRequest = z
  .object({
    text: z.string().max(200).default(''),
    status: z.string().max(100).nullable().default(null),
    stock: z.enum(STOCK_LEVELS).default('all'),
    /** Low stock at this many available or fewer (Settings → Stock); absent: LOW_STOCK_THRESHOLD. */
    lowStock: z.number().int().min(0).max(1_000_000).optional(),
    flags: z.array(z.enum(FLAG_NAMES)).max(FLAG_NAMES.length).default([]),
    sort: z.enum([...PRODUCT_SORTS, 'id']).default('name'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();
export type CatalogueQueryRequest = z.input<typeof CatalogueQueryRequest>;
/** A stock-list query as the core reads it (defaults filled in): the planner answers every field of it. */
export type CatalogueQuery = z.output<typeof CatalogueQueryRequest>;

export const CatalogueWindow = z.object({
  rows: z.array(ProductRow).max(500),
  total: z.number().int(),
  cachedProducts: z.number().int(),
});
export type CatalogueWindow = z.infer<typeof CatalogueWindow>;

/** Issue #18: why a read shows this computer's copy, as a code; a failed request adds its error's code and facts. */
export const READ_NOTES = ['offline', 'busy', 'unreadable', 'gone', 'failed'] as const;
export const ReadWhy = z.object({
  code: z.enum(READ_NOTES),
  error: z
    .object({
      code: z.enum(ERROR_CODES),
      facts: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    })
    .optional(),
});
export type ReadWhy = z.infer<typeof ReadWhy>;

export const ProductRead = z.object({
  product: ProductDetail,
  source: z.enum(['live', 'cache']),
  /** The service no longer knows this product (404). */
  missing: z.boolean(),
  /** Why the live read did not happen, when source is cache: a code the screen words (never a sentence, #28.5). */
  why: ReadWhy.nullable(),
});
export type ProductRead = z.infer<typeof ProductRead>;

export const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const OrderQueryRequest = z
  .object({
    text: z.string().max(200).default(''),
    status: z.string().max(100).nullable().default(null),
    from: IsoDay.nullable().default(null),
    to: IsoDay.nullable().default(null),
    /** Only orders that need someone: on hold, still pending after two days, or with an unreadable date. */
    attention: z.boolean().default(false),
    sort: z.enum(ORDER_SORTS).default('date'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();
export type OrderQueryRequest = z.input<typeof OrderQueryRequest>;

export const OrderWindow = z.object({
  rows: z.array(OrderRow).max(500),
  total: z.number().int(),
  cachedOrders: z.number().int(),
});
export type OrderWindow = z.infer<typeof OrderWindow>;

export const OrderRead = z.object({
  order: OrderDetail,
  source: z.enum(['live', 'cache']),
  /** Why the live read did not happen, when source is cache: a code the screen words (never a sentence, #28.5). */
  why: ReadWhy.nullable(),
});
export type OrderRead = z.infer<typeof OrderRead>;
