// @vitest-environment jsdom
/**
 * usePaletteSearch over useDelayedSearch: the caches are asked once typing has paused for the palette's pause, never
 * for fewer than two characters (the quantity typed before the search not counted), and an answer for text that has
 * since changed is never listed.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRow, ProductRow } from '../../../shared/domain';

type Window<T> = { rows: T[]; total: number };
/** The bridge's answers, handed back by the test one by one, keyed by channel and text. */
const pending = new Map<string, (answer: Window<unknown>) => void>();
const call = vi.fn(
  (channel: string, request: { text: string }) =>
    new Promise<Window<unknown>>((resolve) => {
      pending.set(`${channel} ${request.text}`, resolve);
    }),
);
vi.mock('../../../renderer/src/bridge', () => ({
  call,
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));
// the scanner's keys are not this test's: the search as typed is
vi.mock('../../../renderer/src/components/useScanner', () => ({ useScanner: vi.fn(), scanKeysTaken: vi.fn() }));

const { PALETTE_SEARCH_DELAY_MS, usePaletteSearch } = await import('../../../renderer/src/components/usePaletteSearch');

const product = (id: number): ProductRow => ({ id, sku: `S-${id}`, name: `Cheese ${id}` }) as ProductRow;
const order = (id: number): OrderRow => ({ id, name: `Order ${id}` }) as OrderRow;

function typed(query: string) {
  return renderHook((props: { query: string }) => usePaletteSearch(props.query, vi.fn()), {
    initialProps: { query },
  });
}

const wait = (ms: number): void =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const searched = (): string[] => call.mock.calls.map(([channel, request]) => `${channel} ${request.text}`);
async function answer(text: string, products: ProductRow[], orders: OrderRow[]): Promise<void> {
  await act(async () => {
    pending.get(`catalogue:query ${text}`)!({ rows: products, total: products.length });
    pending.get(`orders:query ${text}`)!({ rows: orders, total: orders.length });
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  call.mockClear();
  pending.clear();
});

describe('the palette’s search as you type', () => {
  it('asks the caches for the search once typing has paused for the palette’s pause, not before', async () => {
    const hook = typed('ch');
    wait(PALETTE_SEARCH_DELAY_MS - 1);
    expect(call).not.toHaveBeenCalled();
    wait(1);
    expect(searched()).toEqual(['catalogue:query ch', 'orders:query ch']);
    await answer('ch', [product(1)], [order(2)]);
    expect(hook.result.current.current).toEqual({ query: 'ch', products: [product(1)], orders: [order(2)] });
  });

  it('one character is not searched, nor one after a quantity ("5* c"); two after it are', () => {
    const hook = typed('c');
    wait(PALETTE_SEARCH_DELAY_MS * 10);
    hook.rerender({ query: '5* c' });
    wait(PALETTE_SEARCH_DELAY_MS * 10);
    expect(call).not.toHaveBeenCalled();
    hook.rerender({ query: '5* ch' });
    wait(PALETTE_SEARCH_DELAY_MS);
    expect(searched()).toEqual(['catalogue:query ch', 'orders:query ch']);
    expect(hook.result.current.quantity).toBe(5);
  });

  it('an answer for text since changed is dropped; the one for the text now is listed', async () => {
    const hook = typed('ch');
    wait(PALETTE_SEARCH_DELAY_MS);
    hook.rerender({ query: 'che' });
    wait(PALETTE_SEARCH_DELAY_MS);
    await answer('che', [product(3)], []);
    await answer('ch', [product(1)], [order(2)]); // late
    expect(hook.result.current.current.products).toEqual([product(3)]);
    expect(hook.result.current.current.orders).toEqual([]);
  });

  it('an answer in flight when the search is cut to one character is not listed', async () => {
    const hook = typed('ch');
    wait(PALETTE_SEARCH_DELAY_MS);
    hook.rerender({ query: 'c' });
    await answer('ch', [product(1)], [order(2)]);
    expect(hook.result.current.current.products).toEqual([]);
    hook.rerender({ query: 'ch' });
    // typed again: searched again, and nothing listed before its answer
    expect(hook.result.current.current.products).toEqual([]);
  });
});
