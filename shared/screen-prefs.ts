/**
 * What the screens remember between runs (#14): sidebar and summary, columns per list, saved views of the order list,
 * the scanner's settings and what a scan that found nothing was, language and the rest of UiPrefs. Part of the IPC
 * contract.
 */
import { z } from 'zod';
import { ORDER_SORTS } from './domain';
import { PrintPrefs } from './print';
import { LANGUAGE_CHOICES } from './i18n/languages';
import { LabelRule } from './label-rules';
import {
  DEFAULT_SCANNER,
  PACE_LIMITS,
  SCANNER_ENDS,
  SCANNER_LAYOUTS,
  isAffix,
  type ScannerPrefs as ScannerShape,
} from './scanner-prefs';
import { IsoDay } from './queries';

// --- Screens' own preferences (#14): sidebar and summary, columns per list, saved views of the order list ---
export const ORDER_COLUMNS = ['id', 'date', 'customer', 'email', 'phone', 'city', 'status', 'items', 'total'] as const;
export const PRODUCT_COLUMNS = ['sku', 'name', 'barcode', 'available', 'physical', 'price', 'status'] as const;
export const DATE_PRESETS = ['today', 'last7', 'month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const READY_MADE_VIEWS = ['today', 'pending', 'attention'] as const;
const ViewName = z.string().trim().min(1).max(80);
export const SavedView = z.object({
  id: z.string().min(1).max(40),
  /** Set for the ready-made views (worded by the screen until renamed). */
  readyMade: z.enum(READY_MADE_VIEWS).nullable(),
  /** Null: the ready-made view's own name. */
  name: ViewName.nullable(),
  query: z.object({
    text: z.string().max(200),
    status: z.string().max(100).nullable(),
    /** A moving range ("today") rather than fixed days. */
    preset: z.enum(DATE_PRESETS).nullable(),
    from: IsoDay.nullable(),
    to: IsoDay.nullable(),
    attention: z.boolean(),
    sort: z.enum(ORDER_SORTS),
    dir: z.enum(['asc', 'desc']),
  }),
  /** The columns shown, in order; null keeps the list's own choice. */
  columns: z.array(z.enum(ORDER_COLUMNS)).max(ORDER_COLUMNS.length).nullable(),
});
export type SavedView = z.infer<typeof SavedView>;
/**
 * Issue #29.3: why a code found no product. misread: 8, 12, 13 or 14 digits whose GS1 check digit is wrong (scan it
 * again); not_in_catalogue: a barcode with a right check digit that no product has; unknown: any other code (a SKU,
 * a label without a check digit) that matches nothing.
 */
export const LOOKUP_MISSES = ['misread', 'not_in_catalogue', 'unknown'] as const;
export type LookupMiss = (typeof LOOKUP_MISSES)[number];

/** Issue #29.2: how this computer's scanner sends a code (shared/scanner-prefs.ts). */
const affix = z.string().refine(isAffix);
const averageMs = z.number().int().min(PACE_LIMITS.averageMs[0]).max(PACE_LIMITS.averageMs[1]);
const gapMs = z.number().int().min(PACE_LIMITS.gapMs[0]).max(PACE_LIMITS.gapMs[1]);
export const ScannerPrefs = z.object({
  end: z.enum(SCANNER_ENDS),
  layout: z.enum(SCANNER_LAYOUTS),
  prefix: affix,
  suffix: affix,
  stripAim: z.boolean(),
  averageMs,
  gapMs,
}) satisfies z.ZodType<ScannerShape>;
/** The same as kept on disk: a setting missing (added in a later version) or damaged falls back alone. */
export const KeptScannerPrefs = z.object({
  end: ScannerPrefs.shape.end.catch(DEFAULT_SCANNER.end),
  layout: ScannerPrefs.shape.layout.catch(DEFAULT_SCANNER.layout),
  prefix: affix.catch(DEFAULT_SCANNER.prefix),
  suffix: affix.catch(DEFAULT_SCANNER.suffix),
  stripAim: z.boolean().catch(DEFAULT_SCANNER.stripAim),
  averageMs: averageMs.catch(DEFAULT_SCANNER.averageMs),
  gapMs: gapMs.catch(DEFAULT_SCANNER.gapMs),
}) satisfies z.ZodType<ScannerShape>;
export const UiPrefs = z.object({
  sidebarCollapsed: z.boolean(),
  summaryCollapsed: z.boolean(),
  /**
   * Issue #27.7: on a short window (under 800 px) the order list folds its summary, saved views and filters away to
   * show more orders; true once staff unfolded them there (kept until they fold them again).
   */
  ordersToolsUnfolded: z.boolean(),
  /** Columns shown, in order, per list; null: the list's default. */
  orderColumns: z.array(z.enum(ORDER_COLUMNS)).max(ORDER_COLUMNS.length).nullable(),
  productColumns: z.array(z.enum(PRODUCT_COLUMNS)).max(PRODUCT_COLUMNS.length).nullable(),
  /** The order list's saved views, pinned above it; null: the ready-made ones. */
  orderViews: z.array(SavedView).max(30).nullable(),
  /** Issue #18: the language chosen in Settings; 'auto' follows the system. */
  language: z.enum(LANGUAGE_CHOICES),
  /** Issue #29: staff were told once that the scanner's keyboard layout differs from this computer's. */
  scannerLayoutNoticed: z.boolean(),
  /** Issue #30.6: Settings → Printing on this computer (the order sheet's paper, a printer per kind of document). */
  printing: PrintPrefs,
  /** Issue #30.4: a product is low on stock at this many available or fewer (Settings → Stock; "Low or out"). */
  lowStock: z.number().int().min(0).max(1_000_000),
  /** Issue #29.4: the rules that read weighed and priced labels (Settings → Scanner → Labels); null: the ready-made ones, off. */
  labelRules: z.array(LabelRule).max(20).nullable(),
  /** Issue #30.2: the products pinned to the Items step's favourites grid, in their order (ids of this shop's catalogue). */
  favourites: z.array(z.number().int().positive()).max(24),
  /** Issue #29.2: the scanner's end key, prefix and suffix, and pace (Settings → Scanner; learned by its check). */
  scanner: ScannerPrefs,
});
export type UiPrefs = z.infer<typeof UiPrefs>;
