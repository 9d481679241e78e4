/**
 * The order list's first rows asked as the app starts (#31.2, renderer/src/components/firstOrders.ts): only when the
 * window opens on the order list, the list's own first query and first block, read once while on its way (never asked
 * twice), drawn as the list mounts once come, and read again by the list after that; another query never sees it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const asked: { channel: string; request: unknown; answer: (value: unknown) => void }[] = [];
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(
    (channel: string, request: unknown) =>
      new Promise((answer) => {
        asked.push({ channel, request, answer });
      }),
  ),
}));

const { askFirstOrders, firstOrdersCome, takeFirstOrders } =
  await import('../../../renderer/src/components/firstOrders');
const { DEFAULT_ORDERS_QUERY } = await import('../../../renderer/src/store/orders');
const KEY = JSON.stringify(DEFAULT_ORDERS_QUERY);
const ROWS = { rows: [{ id: 7 }], total: 1, cachedOrders: 40 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the order list’s first rows', () => {
  beforeEach(() => {
    asked.length = 0;
    void takeFirstOrders(KEY, 0); // what an earlier case left
  });

  it('are asked only when the window opens on the order list', () => {
    for (const path of ['/settings', '/stock', '/new-order/7', '/orders/42', '/today']) askFirstOrders(path);
    expect(asked).toEqual([]);
    for (const path of ['/', '/orders', '/orders/']) {
      askFirstOrders(path);
      expect(asked.at(-1)).toMatchObject({
        channel: 'orders:query',
        request: { ...DEFAULT_ORDERS_QUERY, offset: 0, limit: 100 },
      });
    }
  });

  it('on their way: the list’s first read of its first block waits for them, once', async () => {
    askFirstOrders('/');
    expect(firstOrdersCome(KEY)).toBeNull();
    expect(takeFirstOrders(KEY, 100)).toBeNull(); // another block
    expect(takeFirstOrders('{"text":"ab"}', 0)).toBeNull(); // another query
    const coming = takeFirstOrders(KEY, 0);
    expect(coming).not.toBeNull();
    expect(takeFirstOrders(KEY, 0)).toBeNull(); // once
    asked[0]!.answer(ROWS);
    await expect(coming).resolves.toEqual({ rows: ROWS.rows, total: 1, cached: 40 });
    expect(asked).toHaveLength(1);
  });

  it('come: drawn as the list mounts (its query only), then read again by the list', async () => {
    askFirstOrders('/orders');
    asked[0]!.answer(ROWS);
    await settle();
    expect(firstOrdersCome('{"text":"ab"}')).toBeNull();
    expect(firstOrdersCome(KEY)).toEqual({ rows: ROWS.rows, total: 1, cached: 40 });
    expect(takeFirstOrders(KEY, 0)).toBeNull(); // the list asks for its rows itself
    expect(firstOrdersCome(KEY)).toBeNull(); // let go of
  });
});
