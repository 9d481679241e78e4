/**
 * Issue #26.1: pages by what the service says, whatever the paginator. The order book and the catalogue read against
 * the reference service in every list shape it serves (full and simple paginator, `{data}` and bare pages without a
 * word of the pages after, a whole unpaged list; a last page that is full and one that is short), and against a
 * service whose pages repeat: "complete" only when the end was seen.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueStatus, OrderRow, OrdersStatus } from '../../../shared/domain';
import type { Core } from '../../../electron/main/core/index';
import { readSignals, verdictOf, walkPages, type PageSignals } from '../../../electron/main/core/http/pager';
import { coreIn } from '../../support/core';
import { startService, type ListShapeOption, type RunningService, type ServiceOptions } from '../../../server/index';
import type { ServiceOrder } from '../../../server/seed';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const ok = <T>(result: { ok: boolean; value?: unknown; error?: unknown }): T => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as T;
};

async function coreFor(url: string): Promise<Core> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-pager-'));
  const core = coreIn(dir);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => core.close());
  ok(await core.dispatch('settings:save', { baseUrl: url, token: 'tok' }));
  ok(await core.dispatch('connection:check', {}));
  return core;
}

async function setup(service: Partial<ServiceOptions>): Promise<{ core: Core; svc: RunningService }> {
  const svc = await startService({ token: 'tok', products: 45, orders: 45, seed: 4, ...service });
  cleanup.push(() => svc.close());
  return { core: await coreFor(svc.url), svc };
}

async function refreshOrders(core: Core): Promise<OrdersStatus> {
  ok(await core.dispatch('orders:refresh', {}));
  for (;;) {
    const status = ok<OrdersStatus>(await core.dispatch('orders:status', {}));
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function syncCatalogue(core: Core): Promise<CatalogueStatus> {
  ok(await core.dispatch('catalogue:sync', {}));
  for (;;) {
    const status = ok<CatalogueStatus>(await core.dispatch('catalogue:status', {}));
    if (status.state !== 'running' && status.state !== 'idle') return status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const orderIds = async (core: Core): Promise<number[]> =>
  ok<{ rows: OrderRow[] }>(await core.dispatch('orders:query', { sort: 'id', dir: 'asc', limit: 200 })).rows.map(
    (r) => r.id,
  );

function otherDesk(svc: RunningService, name: string): number {
  const template = JSON.parse(svc.store.orderJson(1)!) as ServiceOrder;
  return svc.store.insertOrder((id) => ({ ...template, id, name, po_number: `PO-${id}`, order_items: [] })).id;
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const SHAPES: ListShapeOption[] = ['paginated', 'simple', 'data-paged', 'bare-paged', 'data', 'bare'];

describe('every paginator: the order book', () => {
  // 45 orders: three full pages of 15 (the last page full); 46: a short last page
  for (const orders of [45, 46]) {
    it.each(SHAPES)(`reads all ${orders} orders from a %s list and says complete`, async (orderList) => {
      const { core, svc } = await setup({ orderList, orders });
      const status = await refreshOrders(core);
      expect(status.outcome).toMatchObject({ code: 'complete', orders, failedPages: 0 });
      expect(status.state).toBe('complete');
      expect(await orderIds(core)).toEqual(range(orders));
      // each page once, and no page past the end is asked for beyond the walk's read-ahead
      expect(svc.stats().requests).toBeLessThan(12);
    });
  }

  it.each(['simple', 'data-paged', 'bare-paged'] as const)(
    'a quick refresh of a %s list, newest first, brings another desk’s orders',
    async (orderList) => {
      const { core, svc } = await setup({ orderList, orders: 40, orderSort: 'newest-first' });
      expect((await refreshOrders(core)).outcome?.code).toBe('complete');
      const a = otherDesk(svc, 'Ada Walk');
      const b = otherDesk(svc, 'Bo Walk');
      const before = svc.stats().requests;
      const status = await refreshOrders(core);
      expect(status.outcome?.code).toBe('complete');
      expect(await orderIds(core)).toEqual(range(42));
      expect([a, b]).toEqual([41, 42]);
      // the newest page, and the one after it that holds nothing new
      expect(svc.stats().requests - before).toBeLessThanOrEqual(2);
    },
  );

  it.each(['simple', 'data-paged'] as const)(
    'a quick refresh of a %s list, oldest first, follows the pages it grew by',
    async (orderList) => {
      // 44 orders: the last page holds 14; two more fill it and begin a fourth
      const { core, svc } = await setup({ orderList, orders: 44 });
      expect((await refreshOrders(core)).outcome?.code).toBe('complete');
      otherDesk(svc, 'Cy Grow');
      otherDesk(svc, 'Di Grow');
      const status = await refreshOrders(core);
      expect(status.outcome?.code).toBe('complete');
      expect(await orderIds(core)).toEqual(range(46));
    },
  );

  it('a whole list that ignores ?page is read once the next time (it was learnt to be unpaged)', async () => {
    const { core, svc } = await setup({ orderList: 'data', orders: 30 });
    expect((await refreshOrders(core)).outcome?.code).toBe('complete');
    const first = svc.stats().requests;
    otherDesk(svc, 'Ed Whole');
    // a list that is not paged is read whole at every refresh
    expect((await refreshOrders(core)).outcome?.code).toBe('complete');
    expect(await orderIds(core)).toEqual(range(31));
    expect(svc.stats().requests - first).toBe(1);
  });
});

describe('every paginator: the catalogue', () => {
  for (const products of [45, 47]) {
    it.each(SHAPES)(`downloads all ${products} products from a %s list and says complete`, async (productList) => {
      const { core } = await setup({ productList, products });
      const status = await syncCatalogue(core);
      expect(status.outcome).toMatchObject({ code: 'complete', failedPages: 0, endNotSeen: null });
      expect(status.cachedProducts).toBe(products);
      expect(status.state).toBe('complete');
    });
  }
});

/** A service that pages with links.next but answers every page from `repeatFrom` on with the page before it. */
async function repeatingService(kind: 'order' | 'product', repeatFrom: number): Promise<string> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const asked = Number(url.searchParams.get('page') ?? '1') || 1;
    const page = Math.min(asked, repeatFrom - 1);
    const data = range(15).map((i) => {
      const id = (page - 1) * 15 + i;
      return kind === 'order'
        ? { id, name: `Customer ${id}`, order_date: '01/11/2026', status: 'pending', total_price: '1.00' }
        : { id: String(id), name: `Product ${id}`, sku: `S-${id}`, price: '1.00', available_quantity: '1' };
    });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data, links: { next: `http://elsewhere.example/?page=${asked + 1}` }, meta: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a page that repeats the one before: the end was not seen, and said so', () => {
  it('order book', async () => {
    const core = await coreFor(await repeatingService('order', 4));
    const status = await refreshOrders(core);
    expect(status.state).toBe('failed');
    expect(status.outcome).toMatchObject({
      code: 'end_not_seen',
      orders: 45,
      endNotSeen: { reason: 'repeated_page', page: 4 },
    });
    expect(await orderIds(core)).toEqual(range(45));
  });

  it('catalogue: nothing is delisted, and the pass is not complete', async () => {
    const core = await coreFor(await repeatingService('product', 3));
    const status = await syncCatalogue(core);
    expect(status.state).toBe('incomplete');
    expect(status.outcome).toMatchObject({
      code: 'end_not_seen',
      delisted: 0,
      endNotSeen: { reason: 'repeated_page', page: 3 },
    });
    expect(status.cachedProducts).toBe(30);
    expect(status.completeAt).toBeNull();
  });
});

describe('pager (api/pager.ts)', () => {
  const signals = (over: Partial<PageSignals>): PageSignals => ({
    lastPage: null,
    next: null,
    perPage: null,
    records: 15,
    ids: 'x',
    ...over,
  });

  it('reads the signals of a full, a simple and a flat paginator, and of bare lists', () => {
    expect(readSignals({ data: [{ id: 1 }], meta: { last_page: '7', per_page: 15 } }, [{ id: 1 }])).toMatchObject({
      lastPage: 7,
      perPage: 15,
      next: null,
      records: 1,
    });
    expect(readSignals({ data: [], links: { next: 'https://x/?page=2' }, meta: { per_page: 15 } }, [])).toMatchObject({
      lastPage: null,
      next: true,
      perPage: 15,
    });
    expect(readSignals({ data: [], links: { next: null }, meta: {} }, [])).toMatchObject({ next: false });
    // Laravel's paginator turned to an array: its fields beside data, next_page_url
    expect(readSignals({ data: [], current_page: 2, next_page_url: null, per_page: 10 }, [])).toMatchObject({
      next: false,
      perPage: 10,
    });
    expect(readSignals([{ id: 1 }, { id: 2 }], [{ id: 1 }, { id: 2 }])).toMatchObject({
      lastPage: null,
      next: null,
      perPage: null,
      records: 2,
      ids: '1\u00012',
    });
  });

  it('decides by last_page, else by the next link, else by size; empty ends; a repeat is a repeat', () => {
    const ctx = { previous: null, fullSize: 15 };
    expect(verdictOf(2, signals({ lastPage: 3 }), ctx)).toBe('more');
    expect(verdictOf(3, signals({ lastPage: 3 }), ctx)).toBe('end');
    expect(verdictOf(3, signals({ next: true, records: 3 }), ctx)).toBe('more');
    expect(verdictOf(3, signals({ next: false }), ctx)).toBe('end');
    expect(verdictOf(3, signals({}), ctx)).toBe('more');
    expect(verdictOf(3, signals({ records: 14 }), ctx)).toBe('end');
    expect(verdictOf(3, signals({ records: 0, next: true }), ctx)).toBe('end');
    expect(verdictOf(3, signals({ ids: 'a' }), { previous: signals({ ids: 'a' }), fullSize: 15 })).toBe('repeat');
  });

  it('a walk stops at the cap without claiming the end, and never accepts a page past the end', async () => {
    const accepted: number[] = [];
    const capped = await walkPages<PageSignals>({
      first: signals({ ids: '1' }),
      workers: 3,
      cap: 5,
      knownLastPage: null,
      fetch: async (page) => signals({ ids: String(page) }),
      signals: (s) => s,
      accept: (page) => accepted.push(page),
      failed: () => undefined,
    });
    expect(capped).toEqual({ end: 'cap', lastPage: 5, repeatedPage: null });
    expect(accepted).toEqual([2, 3, 4, 5]);

    accepted.length = 0;
    const asked: number[] = [];
    const ended = await walkPages<PageSignals>({
      first: signals({ ids: '1' }),
      workers: 4,
      cap: 1000,
      knownLastPage: null,
      fetch: async (page) => {
        asked.push(page);
        await new Promise((r) => setTimeout(r, (7 - (page % 7)) * 2));
        return signals({ ids: String(page), records: page === 6 ? 4 : page > 6 ? 0 : 15 });
      },
      signals: (s) => s,
      accept: (page) => accepted.push(page),
      failed: () => undefined,
    });
    expect(ended).toEqual({ end: 'seen', lastPage: 6, repeatedPage: null });
    expect(accepted).toEqual([2, 3, 4, 5, 6]);
    expect(Math.max(...asked)).toBeLessThanOrEqual(6 + 4);
  });
});
