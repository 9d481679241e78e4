/**
 * How often background work reads the service: the interval settings (null: only when staff ask), their defaults and
 * the choices Settings → Sync offers, and the load a choice causes (requests an hour), worked out from the sizes the
 * app knows. The core's scheduler reads the same settings.
 */
import { z } from 'zod';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An interval in milliseconds (1 second to 7 days), or null for "only when I ask". */
export const Interval = z
  .number()
  .int()
  .min(1_000)
  .max(7 * 24 * HOUR)
  .nullable();

export const SyncSettings = z.object({
  /** Quick order refresh: the newest page(s) of the order list. */
  ordersQuickMs: Interval,
  /** Full order pass: every page (status changes of older orders). */
  ordersFullMs: Interval,
  /** Full catalogue pass. */
  catalogueMs: Interval,
});
export type SyncSettings = z.infer<typeof SyncSettings>;

/**
 * The defaults. The catalogue pass is 5-hourly: every 4 hours a desktop's background requests at 100,000 products and
 * 20,000 orders came to just over a tenth of the old policy's (0.106 by the schedule, 0.098 as bench:load counted
 * them); #16's target is at most a tenth. The stock staff look at is read live anyway. The full order pass stays hourly:
 * order statuses in the list are what staff filter by.
 */
export const DEFAULT_SYNC: SyncSettings = {
  ordersQuickMs: MINUTE,
  ordersFullMs: HOUR,
  catalogueMs: 5 * HOUR,
};

/** What Settings → Sync offers for each interval (a value set otherwise is shown as it is). */
export const SYNC_CHOICES: { [K in keyof SyncSettings]: readonly (number | null)[] } = {
  ordersQuickMs: [30_000, MINUTE, 2 * MINUTE, 5 * MINUTE, null],
  ordersFullMs: [30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, null],
  catalogueMs: [HOUR, 4 * HOUR, 5 * HOUR, 8 * HOUR, 24 * HOUR, null],
};

/** What the load estimate needs to know (from the caches' last passes). */
export interface LoadBasis {
  /** Pages of a full catalogue pass. */
  cataloguePages: number | null;
  /** Pages of the order list (1 when it is not paginated). */
  orderPages: number | null;
  /** Whether the order list is paginated (null: not known yet). */
  ordersPaginated: boolean | null;
}

export interface SyncLoad {
  /** Requests an hour to the product list, and to the order list, in the background. */
  productRequestsPerHour: number;
  orderRequestsPerHour: number;
}

const perHour = (requests: number, every: number | null): number => (every === null ? 0 : (requests * HOUR) / every);

/**
 * The background load of a setting, in requests an hour. A quick refresh reads one or two pages (one when nothing is
 * new); an order list that is not paginated is read whole at the full-pass interval instead.
 */
export function syncLoad(settings: SyncSettings, basis: LoadBasis): SyncLoad {
  const pages = basis.cataloguePages ?? 0;
  const orderPages = basis.orderPages ?? 0;
  const orders =
    basis.ordersPaginated === false
      ? perHour(1, settings.ordersFullMs ?? settings.ordersQuickMs)
      : perHour(1.5, settings.ordersQuickMs) + perHour(orderPages, settings.ordersFullMs);
  return {
    productRequestsPerHour: Math.round(perHour(pages, settings.catalogueMs)),
    orderRequestsPerHour: Math.round(orders),
  };
}
