/**
 * The printing choices before any are made, without the schema (shared/print.ts): the renderer's store reads them
 * at start, and the first screen's script carries no zod (#31.2; see shared/shop-rules.ts).
 */
import type { PrintPrefs } from './print';

export const DEFAULT_PRINT_PREFS: PrintPrefs = {
  orderSheet: 'a4',
  labels: 'a4-3x8',
  printers: { orderSheet: null, labels: null, lists: null },
};
