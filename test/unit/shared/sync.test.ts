/**
 * The sync settings' defaults and choices, and the load Settings → Sync shows for them (#16): at the target size
 * the defaults' background requests stay within a tenth of the old policy's (the bench measures it: npm run bench:load).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC, SYNC_CHOICES, syncLoad, type SyncSettings } from '../../../shared/sync';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 100,000 products and 20,000 orders, 15 to a page. */
const TARGET = { cataloguePages: Math.ceil(100_000 / 15), orderPages: Math.ceil(20_000 / 15), ordersPaginated: true };
/** The old policy: every order page every 5 minutes, every product page every 30 minutes. */
const OLD: SyncSettings = { ordersQuickMs: null, ordersFullMs: 5 * MINUTE, catalogueMs: 30 * MINUTE };
const total = (settings: SyncSettings): number => {
  const load = syncLoad(settings, TARGET);
  return load.productRequestsPerHour + load.orderRequestsPerHour;
};

describe('sync settings', () => {
  it('the defaults: new orders every minute, all orders hourly, the catalogue every 5 hours', () => {
    expect(DEFAULT_SYNC).toEqual({ ordersQuickMs: MINUTE, ordersFullMs: HOUR, catalogueMs: 5 * HOUR });
  });

  it('at 100,000 products and 20,000 orders the defaults ask at most a tenth of what the old policy asked', () => {
    expect(total(OLD)).toBe(6_667 * 2 + 1_334 * 12);
    expect(total(DEFAULT_SYNC) / total(OLD)).toBeLessThanOrEqual(0.1);
    // the catalogue every 4 hours (still offered) was just above it
    expect(total({ ...DEFAULT_SYNC, catalogueMs: 4 * HOUR }) / total(OLD)).toBeGreaterThan(0.1);
  });

  it('Settings → Sync offers each default, 4 hours for the catalogue and "only when I ask" everywhere', () => {
    for (const key of Object.keys(DEFAULT_SYNC) as (keyof SyncSettings)[]) {
      expect(SYNC_CHOICES[key]).toContain(DEFAULT_SYNC[key]);
      expect(SYNC_CHOICES[key]).toContain(null);
    }
    expect(SYNC_CHOICES.catalogueMs).toContain(4 * HOUR);
  });

  it('a list that is not paginated is read whole at the full-pass interval; "only when I ask" costs nothing', () => {
    expect(syncLoad(DEFAULT_SYNC, { cataloguePages: 10, orderPages: 1, ordersPaginated: false })).toEqual({
      productRequestsPerHour: 2,
      orderRequestsPerHour: 1,
    });
    expect(
      syncLoad({ ordersQuickMs: null, ordersFullMs: null, catalogueMs: null }, { ...TARGET, ordersPaginated: true }),
    ).toEqual({ productRequestsPerHour: 0, orderRequestsPerHour: 0 });
  });
});
