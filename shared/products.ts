/**
 * The catalogue as both sides see it: a product row and its detail, the stock levels and sorts of the Stock list, the
 * records a sync skipped, and the catalogue's status and how its last download ended (codes and facts).
 */
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
