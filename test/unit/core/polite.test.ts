/**
 * Issue #16: the order list read from its newest end and incrementally, conditional requests, live reads written back,
 * and the background's concurrency as the service sees it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ParsedOrder } from '../../../electron/main/core/orders/api';
import { parseOrder } from '../../../electron/main/core/orders/api';
import {
  ServiceHttp,
  type ApiResponse,
  type RequestOptions,
  type ServiceConnection,
} from '../../../electron/main/core/http/client';
import { ManualClock } from '../../../electron/main/core/clock';
import { CatalogueRepository } from '../../../electron/main/core/catalogue/db';
import { inlineWriter, type PageWriter } from '../../../electron/main/core/catalogue/writer';
import { OrderRepository } from '../../../electron/main/core/orders/db';
import { CoreEvents } from '../../../electron/main/core/events';
import { CatalogueSync } from '../../../electron/main/core/catalogue/sync';
import { BACKGROUND_CONCURRENCY } from '../../../electron/main/core/http/concurrency';
import { detectNewest, OrdersRefresh } from '../../../electron/main/core/orders/refresh';
import { startService, type RunningService, type ServiceOptions } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn, waitFor } from '../../support/core';
import { postOrder, sampleOrder } from '../../support/sample-order';
import { DEFAULT_SYNC } from '../../../shared/sync';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const MIN = 60_000;

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-polite-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function service(options: Partial<ServiceOptions> = {}): Promise<RunningService> {
  const svc = await startService({ token: 'tok', products: 60, orders: 45, seed: 5, ...options });
  cleanup.push(() => svc.close());
  return svc;
}

/** A service client that keeps the paths it asked for, in order. */
class RecordingHttp extends ServiceHttp {
  readonly paths: string[] = [];
  override json(conn: ServiceConnection, p: string, options?: RequestOptions): Promise<ApiResponse> {
    this.paths.push(p);
    return super.json(conn, p, options);
  }
}

/** An order refresh over its own cache, and what it asked the service for. */
function orderRefresh(svc: RunningService) {
  const repo = new OrderRepository(path.join(tempDir(), 'orders.sqlite'));
  const http = new RecordingHttp();
  cleanup.push(() => http.destroy());
  cleanup.push(() => repo.close());
  const refresh = new OrdersRefresh({
    repo,
    http,
    target: async () => ({ baseUrl: svc.url, token: 'tok' }),
    dateOrder: () => 'dmy',
  });
  const requests = (): number => svc.stats().byRoute['GET /api/order'] ?? 0;
  /** Runs a refresh; returns the list requests it made. */
  const run = async (kind: 'quick' | 'full') => {
    const before = requests();
    const result = await refresh.start(kind);
    return { result, requests: requests() - before };
  };
  return { repo, refresh, run, http };
}

const order = (id: number, date = ''): ParsedOrder => {
  const parsed = parseOrder({ id, order_date: date, name: `N${id}` });
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.order;
};

describe('which end of the order list is newest', () => {
  it('is learnt from the ids, either way, across pages or within the one page', () => {
    const [a, b, c, d] = [order(1), order(2), order(3), order(4)];
    expect(detectNewest([a, b], [c, d], 'dmy')).toEqual({ newest: 'last', newestBy: 'id' });
    expect(detectNewest([d, c], [b, a], 'dmy')).toEqual({ newest: 'first', newestBy: 'id' });
    const one = [a, b, c];
    expect(detectNewest(one, one, 'dmy')).toEqual({ newest: 'last', newestBy: 'id' });
    const down = [c, b, a];
    expect(detectNewest(down, down, 'dmy')).toEqual({ newest: 'first', newestBy: 'id' });
  });

  it('from the order dates when the ids do not say, and not at all when neither does', () => {
    const jan = order(7, '03/01/2026');
    const feb = order(2, '10/02/2026');
    const mar = order(5, '01/03/2026');
    expect(detectNewest([jan, feb], [mar], 'dmy')).toEqual({ newest: 'last', newestBy: 'date' });
    const lateMar = order(8, '30/03/2026');
    expect(detectNewest([lateMar, feb], [jan], 'dmy')).toEqual({ newest: 'first', newestBy: 'date' });
    const mixed = [order(3, '01/03/2026'), order(1, '03/01/2026'), order(2, '10/02/2026')];
    expect(detectNewest(mixed, mixed, 'dmy')).toEqual({ newest: null, newestBy: null });
  });

  it.each(['oldest-first', 'newest-first'] as const)('a %s list is read from its newest end', async (orderSort) => {
    const svc = await service({ orderSort });
    const { repo, run } = orderRefresh(svc);
    expect((await run('full')).requests).toBe(3);
    expect(repo.shape()).toEqual({
      paginated: true,
      paging: 'count',
      pageSize: 15,
      lastPage: 3,
      newest: orderSort === 'oldest-first' ? 'last' : 'first',
      newestBy: 'id',
    });
    await postOrder(svc);
    const quick = await run('quick');
    expect(quick.result).toMatchObject({ kind: 'quick', state: 'complete' });
    // oldest first: the last page known (3), the page the list grew by (4: the new order), and page 3 holds nothing
    // new; newest first: page 1 (the new order), page 2 holds nothing new
    expect(quick.requests).toBe(2);
    expect(repo.count()).toBe(46);
  });
});

describe('the first read of the order list', () => {
  it('fetches the newest orders first: both ends, then from the newest end on', async () => {
    const svc = await service({ orders: 15 * 6 });
    const { http, run } = orderRefresh(svc);
    await run('full');
    expect(http.paths).toEqual(['/api/order', '/api/order?page=6', ...[5, 4, 3, 2].map((p) => `/api/order?page=${p}`)]);
  });
});

describe('the quick refresh’s stopping rule', () => {
  it('nothing new: one page read, nothing written', async () => {
    const svc = await service();
    const { repo, run } = orderRefresh(svc);
    await run('full');
    const written = repo.db.prepare('SELECT max(fetched_at) FROM orders').pluck().get();
    const quick = await run('quick');
    expect(quick.requests).toBe(1);
    expect(repo.db.prepare('SELECT max(fetched_at) FROM orders').pluck().get()).toBe(written);
  });

  it('new orders only: read until a page of known, unchanged orders', async () => {
    const svc = await service({ orders: 40 }); // pages of 15, 15, 10
    const { repo, run } = orderRefresh(svc);
    await run('full');
    for (let i = 0; i < 3; i++) await postOrder(svc); // 43: still on page 3
    const quick = await run('quick');
    expect(quick.requests).toBe(2); // page 3 (new orders), page 2 (nothing new)
    expect(repo.count()).toBe(43);
  });

  it('a changed order on the newest page is read, and the page before it too', async () => {
    const svc = await service();
    const { repo, run } = orderRefresh(svc);
    await run('full');
    const changed = { ...(JSON.parse(svc.store.orderJson(44)!) as object), status: 'Shipped' };
    svc.store.replaceOrder(44, changed);
    const quick = await run('quick');
    expect(quick.requests).toBe(2);
    expect(repo.order(44)!.order.status).toBe('Shipped');
  });

  it('a quick refresh runs beside a full pass: an order created after the pass read the newest page is not held back until the pass ends (the 30-minute soak: 25 s late)', async () => {
    const svc = await service({ orders: 40 }); // pages of 15, 15, 10: the newest at the end
    const { repo, refresh, run } = orderRefresh(svc);
    await run('full'); // from now on a pass reads page 1, then the newest page (3), then page 2
    const fetchedAt = () => repo.db.prepare('SELECT fetched_at FROM orders WHERE id = 40').pluck().get() as number;
    const before = fetchedAt();
    svc.faults.add({ fault: { kind: 'latency', ms: 1_500 }, path: '/api/order?page=2', times: 1 }); // a long pass
    const passStarted = Date.now();
    const full = refresh.start('full');
    await waitFor(() => fetchedAt() > before); // the pass has the newest page
    const id = await postOrder(svc); // order 41, on page 3
    expect(await refresh.start('quick')).toMatchObject({ kind: 'quick', state: 'complete' });
    expect(repo.order(id)).not.toBeNull(); // in the book while the pass still reads
    expect(refresh.isRunning()).toBe(true);
    const quickAt = repo.time('quickAt')!;
    expect(quickAt).toBeGreaterThan(passStarted);
    expect(await full).toMatchObject({ kind: 'full', state: 'complete' });
    expect(repo.order(id)).not.toBeNull(); // the pass's older copy of the page did not take it away
    expect(repo.time('quickAt')).toBe(quickAt); // the quick refresh began later than the pass: its time stands
  });

  it.each(['oldest-first', 'newest-first'] as const)(
    'a %s list: a page of orders this desk sent and opened does not stop the quick refresh before an order another desk placed just before them (the 30-minute soak: 25 s late)',
    async (orderSort) => {
      const svc = await service({ orders: 44, orderSort }); // pages of 15, 15, 14
      const { repo, run } = orderRefresh(svc);
      await run('full');
      const other = await postOrder(svc); // another desk's order: fills the third page
      // a page of this desk's own orders (the next page of an oldest-first list, the first of a newest-first one): the
      // answer to each POST is written into the book, and the order opened afterwards is read live and written again
      for (let i = 0; i < 15; i++) {
        const id = await postOrder(svc);
        const answer = parseOrder(JSON.parse(svc.store.orderJson(id)!));
        if (!answer.ok) throw new Error(answer.reason);
        repo.saveOrders([answer.order], 'dmy', Date.now(), { from: 'answer' });
        repo.saveOrders([answer.order], 'dmy', Date.now(), { from: 'live' });
      }
      expect(repo.order(other)).toBeNull();
      expect((await run('quick')).result).toMatchObject({ kind: 'quick', state: 'complete' });
      expect(repo.order(other)).not.toBeNull();
      expect(repo.count()).toBe(44 + 16);
      // once a read of the list has them, the own orders count as read: the next quick refresh stops at once
      expect((await run('quick')).requests).toBe(1);
    },
  );

  it('a book from before the list was told apart from other reads: its orders count as listed, except the ones still marked as just sent', () => {
    const file = path.join(tempDir(), 'orders.sqlite');
    let repo = new OrderRepository(file);
    const [listed, sent] = [order(1), order(2)];
    repo.saveOrders([listed], 'dmy');
    repo.saveOrders([sent], 'dmy', Date.now(), { from: 'answer' });
    // the book as version 5 left it: neither the listed mark (6) nor the write sequence (7)
    repo.db.exec('ALTER TABLE orders DROP COLUMN listed');
    repo.db.exec('ALTER TABLE orders DROP COLUMN seen_seq');
    repo.db.pragma('user_version = 5');
    repo.close();
    repo = new OrderRepository(file);
    cleanup.push(() => repo.close());
    expect(repo.allKnownUnchanged([listed])).toBe(true);
    expect(repo.allKnownUnchanged([sent])).toBe(false);
    repo.saveOrders([sent], 'dmy', Date.now(), { from: 'live' });
    expect(repo.allKnownUnchanged([sent])).toBe(false); // a live read is not the list
    expect(repo.order(2)!.sentAt).not.toBeNull();
    repo.saveOrders([sent], 'dmy');
    expect(repo.allKnownUnchanged([sent])).toBe(true);
    expect(repo.order(2)!.sentAt).toBeNull();
  });

  it('an order list that is not paginated: the quick refresh is the one full read', async () => {
    const svc = await service({ orderList: 'data' });
    const { repo, run } = orderRefresh(svc);
    await run('full');
    expect(repo.shape()).toMatchObject({ paginated: false });
    await postOrder(svc);
    const quick = await run('quick');
    expect(quick).toMatchObject({ requests: 1, result: { kind: 'full' } });
    expect(repo.count()).toBe(46);
  });
});

describe('a refresh that stops while other pages are still on their way', () => {
  it('writes nothing after it has ended: the book can close at once', async () => {
    // 150 orders, oldest first: ten pages read from the newest end; page 9 (the first a worker takes) refuses the token
    // at once while the other workers' pages take 300 ms
    const svc = await service({ orders: 150 });
    svc.faults.add({ fault: { kind: 'status', status: 401 }, path: '/api/order?page=9', times: 5 });
    for (const page of [2, 3, 4, 5, 6, 7, 8])
      svc.faults.add({ fault: { kind: 'latency', ms: 300 }, path: `/api/order?page=${page}`, times: 5 });
    const { repo, refresh } = orderRefresh(svc);
    const result = await refresh.start('full', { concurrency: { start: 4, max: 4 } });
    expect(result.end).toBe('refused');
    const written = repo.count();
    // closed at once, as the core does at quit: pages that come in later are not written to it
    repo.close();
    await new Promise((r) => setTimeout(r, 700));
    const reopened = new OrderRepository(repo.db.name);
    cleanup.push(() => reopened.close());
    expect(reopened.count()).toBe(written);
  });
});

describe('conditional requests', () => {
  it('order list: a 304 is read as "nothing new" and writes nothing; a changed page (new ETag) is read again', async () => {
    const svc = await service({ etags: true });
    const { repo, run } = orderRefresh(svc);
    await run('full');
    const version = repo.pageVersion(3);
    expect(version?.etag).toMatch(/^".+"$/);
    const pages = () => repo.db.prepare('SELECT * FROM list_pages ORDER BY page').all();
    const orders = () => repo.db.prepare('SELECT count(*) AS n, max(fetched_at) AS at FROM orders').get();
    const [pagesBefore, ordersBefore] = [pages(), orders()];
    const quick = await run('quick');
    expect(quick.requests).toBe(1);
    expect(svc.stats().notModified).toBe(1);
    expect([pages(), orders()]).toEqual([pagesBefore, ordersBefore]); // no order and no page version written

    svc.store.replaceOrder(45, { ...(JSON.parse(svc.store.orderJson(45)!) as object), status: 'Closed' });
    await run('quick');
    expect(svc.stats().notModified).toBe(2); // page 3 changed (200), page 2 did not (304)
    expect(repo.order(45)!.order.status).toBe('Closed');
    expect(repo.pageVersion(3)?.etag).not.toBe(version?.etag);
  });

  it('catalogue: pages the service says are unchanged are neither parsed nor written, and stay listed', async () => {
    const svc = await service({ products: 15 * 6, etags: true });
    const repo = new CatalogueRepository(path.join(tempDir(), 'c.sqlite'));
    cleanup.push(() => repo.close());
    const http = new ServiceHttp();
    cleanup.push(() => http.destroy());
    const written: number[] = [];
    const spy = (): PageWriter => {
      const inner = inlineWriter(repo);
      return {
        ...inner,
        write: async (batch) => {
          written.push(...batch.pages.map((p) => p.page));
          await inner.write(batch);
        },
      };
    };
    const sync = new CatalogueSync({
      repo,
      http,
      events: new CoreEvents(),
      target: async () => ({ baseUrl: svc.url, token: 'tok' }),
      writer: spy,
    });
    expect((await sync.start()).state).toBe('complete');
    expect(written.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    written.length = 0;
    const product = svc.store.product(50)!; // page 4
    svc.store.replaceProduct(50, { ...product, available_stock: '999' });
    const second = await sync.start();
    expect(second.state).toBe('complete');
    expect(second.cachedProducts).toBe(90); // nothing delisted
    expect(written.sort((a, b) => a - b)).toEqual([1, 4]); // page 1 is always read whole; page 4 changed
    expect(svc.stats().notModified).toBe(4);
    expect(repo.detail(50)!.available).toBe(999);
  });
});

describe('live reads are written back', () => {
  it('a product opened reads live and the stock browser shows the fresh figure with its time', async () => {
    const svc = await service();
    const clock = new ManualClock(Date.now() + 3_600_000);
    const core = coreIn(tempDir(), { clock, catalogueWriter: 'inline' });
    cleanup.push(() => core.close());
    await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
    await ask(core, 'connection:check', {});
    await ask(core, 'catalogue:sync', {});
    await waitFor(async () => (await ask(core, 'catalogue:status', {})).state === 'complete');
    svc.store.replaceProduct(7, { ...svc.store.product(7)!, available_stock: '3' });
    const read = await ask(core, 'catalogue:product', { id: 7 });
    expect(read.source).toBe('live');
    const row = (await ask(core, 'catalogue:query', { text: svc.store.product(7)!.sku, limit: 1 })).rows[0]!;
    expect(row).toMatchObject({ id: 7, available: 3, fetchedAt: clock.now() });
  });
});

describe('the background on the service (integration)', () => {
  async function runningCore(svc: RunningService) {
    const clock = new ManualClock(Date.now());
    const core = coreIn(tempDir(), { clock, background: true, catalogueWriter: 'inline' });
    cleanup.push(() => core.close());
    await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
    await waitFor(async () => (await ask(core, 'orders:status', {})).cachedOrders === 45);
    await waitFor(async () => (await ask(core, 'catalogue:status', {})).state === 'complete');
    return { core, clock };
  }

  it('an order created on the service appears within one quick refresh; a status change of an old one after the next full pass', async () => {
    const svc = await service();
    const { core, clock } = await runningCore(svc);
    const id = await postOrder(svc, sampleOrder({ email: 'new@example.com' }));
    await clock.advance(MIN);
    await waitFor(async () => (await ask(core, 'orders:query', { text: 'new@example.com' })).rows[0]?.id === id);

    svc.store.replaceOrder(2, { ...(JSON.parse(svc.store.orderJson(2)!) as object), status: 'Cancelled' });
    await clock.advance(MIN);
    await new Promise((r) => setTimeout(r, 200));
    const cached = async () =>
      (await ask(core, 'orders:query', { sort: 'id', dir: 'asc', limit: 2 })).rows.find((r) => r.id === 2)?.status;
    expect(await cached()).not.toBe('Cancelled'); // quick refreshes read only the newest page
    await clock.advance(60 * MIN);
    await waitFor(async () => (await cached()) === 'Cancelled');
  });

  it('no background request exceeds its concurrency, as the service sees it', async () => {
    const svc = await service({ products: 15 * 80, orders: 45, latencyMs: 10 });
    const { core, clock } = await runningCore(svc);
    // a pass (catalogue or all orders, never both at once) keeps at most 4 in flight; the newest-page refresh and the
    // connection probe may add one each
    const most = BACKGROUND_CONCURRENCY.max + 2;
    const atFirstStart = svc.stats().maxInFlightByRoute;
    svc.resetPeak(); // the first start reads the order list whole beside the catalogue: from then on
    const first = (await ask(core, 'catalogue:status', {})).completeAt;
    await clock.advance(DEFAULT_SYNC.catalogueMs!); // the next catalogue pass (at the default interval) and full order passes
    await waitFor(async () => (await ask(core, 'catalogue:status', {})).completeAt !== first, 20_000);
    await waitFor(async () => (await ask(core, 'catalogue:status', {})).state === 'complete');
    expect(svc.stats().maxInFlight).toBeLessThanOrEqual(most);
    expect(svc.stats().maxInFlight).toBeGreaterThan(2); // and the pass did grow beyond its start of 2
    // each kind of pass on its own route, from the first start on: never above the background cap of 4 (the order list
    // may see one more: the newest-page refresh beside a full pass)
    for (const byRoute of [atFirstStart, svc.stats().maxInFlightByRoute]) {
      expect(byRoute['GET /api/product']).toBeLessThanOrEqual(BACKGROUND_CONCURRENCY.max);
      expect(byRoute['GET /api/order'] ?? 0).toBeLessThanOrEqual(BACKGROUND_CONCURRENCY.max + 1);
    }
  });
});
