/** Domain types shared by main and renderer (zod schemas; types inferred). */
import { z } from 'zod';

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

export const STOCK_LEVELS = ['all', 'in', 'low', 'out'] as const;
export const LOW_STOCK_THRESHOLD = 5;
export const PRODUCT_SORTS = ['sku', 'name', 'available', 'physical', 'price', 'status'] as const;

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
  summary: z.string().nullable(),
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
  summary: null,
};
