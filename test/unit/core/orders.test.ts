import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SKIPPED_KEPT, type OrderDetail, type OrderRow, type OrdersStatus } from '../../../shared/domain';
import type { Core } from '../../../electron/main/core/index';
import { coreIn } from '../../support/core';
import { startService, type RunningService, type ServiceOptions } from '../../../server/index';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const ok = <T>(result: { ok: boolean; value?: unknown; error?: unknown }): T => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as T;
};
async function setup(service: Partial<ServiceOptions> = {}): Promise<{ core: Core; svc: RunningService; dir: string }> {
  const svc = await startService({
    token: 'tok',
    products: 60,
    orders: 45,
    seed: 9,
    anchor: new Date('2026-11-20T12:00:00Z'),
    ...service,
  });
  cleanup.push(() => svc.close());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-orders-'));
  const core = coreIn(dir);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => core.close());
  ok(await core.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' }));
  ok(await core.dispatch('connection:check', {}));
  return { core, svc, dir };
}
async function refresh(core: Core): Promise<OrdersStatus> {
  ok(await core.dispatch('orders:refresh', {}));
  for (;;) {
    const status = ok<OrdersStatus>(await core.dispatch('orders:status', {}));
    if (status.state !== 'running') return status;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('order book refresh', () => {
  it.each(['paginated', 'data', 'bare'] as const)('reads every order from a %s list', async (orderList) => {
    const { core } = await setup({ orderList, single: orderList === 'bare' ? 'bare' : 'data' });
    const started = Date.now();
    const status = await refresh(core);
    expect(status.state).toBe('complete');
    expect(status.cachedOrders).toBe(45);
    // up to date: 45 orders, as of the time the refresh ended
    expect(status.outcome).toMatchObject({ code: 'complete', orders: 45, failedPages: 0, skippedRecords: 0 });
    expect(status.outcome!.at).toBeGreaterThanOrEqual(started);
    expect(status.outcome!.at).toBeLessThanOrEqual(Date.now());
    const window = ok<{ rows: OrderRow[]; total: number }>(
      await core.dispatch('orders:query', { sort: 'id', dir: 'asc', limit: 50 }),
    );
    expect(window.total).toBe(45);
    expect(window.rows.map((r) => r.id)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
  });

  it('a full pass leaves no write-ahead log behind: it is copied into the book and cut to nothing', async () => {
    const { core, dir } = await setup();
    expect((await refresh(core)).state).toBe('complete');
    const logs = fs.readdirSync(dir).filter((f) => /^orders-.*\.sqlite-wal$/.test(f));
    expect(logs).toHaveLength(1);
    expect(fs.statSync(path.join(dir, logs[0]!)).size).toBe(0);
    // and the book reads as written
    const window = ok<{ total: number }>(await core.dispatch('orders:query', { sort: 'id', dir: 'asc', limit: 5 }));
    expect(window.total).toBe(45);
  });

  it('learns the date order from the data, and a setting overrides it', async () => {
    const { core } = await setup({ dateOrder: 'mdy' });
    const status = await refresh(core);
    expect(status.dateOrder).toEqual({ setting: 'auto', learnt: 'mdy', effective: 'mdy' });
    const newest = ok<{ rows: OrderRow[] }>(
      await core.dispatch('orders:query', { sort: 'date', dir: 'desc', limit: 1 }),
    ).rows[0]!;
    expect(newest.orderDate).toMatchObject({ kind: 'date' });
    const iso = (newest.orderDate as { iso: string }).iso;
    expect(iso <= '2026-11-20').toBe(true);
    // forcing the wrong order flags dates that cannot be read that way instead of inventing them
    const forced = ok<OrdersStatus>(await core.dispatch('settings:date-order', { dateOrder: 'dmy' }));
    expect(forced.dateOrder.effective).toBe('dmy');
    const rows = ok<{ rows: OrderRow[] }>(await core.dispatch('orders:query', { sort: 'id', limit: 45 })).rows;
    expect(rows.some((r) => r.orderDate.kind === 'invalid')).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/Invalid Date|NaN/);
  });

  it('search by e-mail, PO and city; filter by status and date range; sort by total', async () => {
    const { core, svc } = await setup();
    await refresh(core);
    const some = JSON.parse(svc.store.orderJson(7)!) as {
      email: string;
      po_number: string;
      status: string;
      city: string;
    };
    const byEmail = ok<{ rows: OrderRow[] }>(await core.dispatch('orders:query', { text: some.email }));
    expect(byEmail.rows.map((r) => r.id)).toContain(7);
    expect(
      ok<{ rows: OrderRow[] }>(await core.dispatch('orders:query', { text: some.po_number, sort: 'id' })).rows[0]?.id,
    ).toBe(7);
    const byStatus = ok<{ rows: OrderRow[]; total: number }>(
      await core.dispatch('orders:query', { status: some.status, limit: 100 }),
    );
    expect(byStatus.rows.every((r) => r.status === some.status)).toBe(true);
    const facets = ok<{ statuses: { status: string; count: number }[] }>(await core.dispatch('orders:facets', {}));
    expect(facets.statuses.find((f) => f.status === some.status)?.count).toBe(byStatus.total);
    const ranged = ok<{ rows: OrderRow[] }>(
      await core.dispatch('orders:query', { from: '2026-11-01', to: '2026-11-20', limit: 100 }),
    );
    expect(ranged.rows.length).toBeGreaterThan(0);
    for (const r of ranged.rows) expect((r.orderDate as { iso: string }).iso >= '2026-11-01').toBe(true);
    const byTotal = ok<{ rows: OrderRow[] }>(
      await core.dispatch('orders:query', { sort: 'total', dir: 'desc', limit: 5 }),
    ).rows;
    const totals = byTotal.map((r) => Number(r.totalPrice));
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  });

  it('detail: live, with product names from the catalogue, line totals and a totals check; cached when offline', async () => {
    const { core, svc } = await setup();
    ok(await core.dispatch('catalogue:sync', {}));
    for (let s = ok<{ state: string }>(await core.dispatch('catalogue:status', {})); s.state === 'running';) {
      await new Promise((r) => setTimeout(r, 10));
      s = ok<{ state: string }>(await core.dispatch('catalogue:status', {}));
    }
    await refresh(core);
    const read = ok<{ order: OrderDetail; source: string }>(await core.dispatch('orders:get', { id: 5 }));
    expect(read.source).toBe('live');
    const item = read.order.items[0]!;
    const product = svc.store.product(item.productVariantId!)!;
    expect(item.productName).toBe(product.name);
    expect(item.productSku).toBe(product.sku);
    expect(item.lineTotal).toMatch(/^\d+\.\d{2}$/);
    expect(read.order.totalsCheck).toEqual({ computed: read.order.totalPrice, matches: true });
    expect(read.order.orderDate.kind).toBe('date');
    await svc.close();
    const offline = ok<{ order: OrderDetail; source: string }>(await core.dispatch('orders:get', { id: 5 }));
    expect(offline.source).toBe('cache');
    expect(offline.order.items[0]?.productName).toBe(product.name);
    expect(await core.dispatch('orders:get', { id: 9999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('a totals mismatch is flagged', async () => {
    const { core, svc } = await setup();
    const res = await fetch(`${svc.url}/api/order`, {
      method: 'POST',
      headers: { authorization: 'Bearer tok', accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'A B',
        email: 'a@example.com',
        phone: '1',
        address_line_1: 'x',
        zip: '1',
        city: 'c',
        province: 'p',
        country: 'n',
        order_date: '',
        subtotal_price: '10.00',
        shipping_cost: '1.00',
        total_tax: '2.00',
        total_discounts: '0.00',
        total_price: '99.00',
        order_items: [{ id: 1, quantity: 1 }],
      }),
    });
    const created = ((await res.json()) as { data: { id: number } }).data;
    await refresh(core);
    const read = ok<{ order: OrderDetail }>(await core.dispatch('orders:get', { id: created.id }));
    expect(read.order.totalsCheck).toEqual({ computed: '13.00', matches: false });
  });

  it('summary: today, this week, by status, 30 days of orders per day', async () => {
    const { core } = await setup({ anchor: new Date() });
    await refresh(core);
    const summary = ok<{
      today: number;
      thisWeek: number;
      byStatus: { count: number }[];
      days: { day: string; count: number }[];
    }>(await core.dispatch('orders:summary', {}));
    expect(summary.days).toHaveLength(30);
    expect(summary.days.map((d) => d.day)).toEqual([...summary.days.map((d) => d.day)].sort());
    expect(summary.byStatus.reduce((n, s) => n + s.count, 0)).toBe(45);
    expect(summary.today).toBe(summary.days.at(-1)!.count);
    expect(summary.thisWeek).toBeGreaterThanOrEqual(summary.today);
    expect(summary.days.reduce((n, d) => n + d.count, 0)).toBeGreaterThan(0);
  });

  it('CSV export of the filtered list', async () => {
    const { core, svc } = await setup();
    await refresh(core);
    const all = ok<{ csv: string; rows: number; filename: string }>(await core.dispatch('orders:export', {}));
    expect(all.rows).toBe(45);
    expect(all.filename).toMatch(/^shopdesk-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = all.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('PO number,Order date,Customer,E-mail,City,Status,Items,Total');
    expect(lines).toHaveLength(46);
    const some = JSON.parse(svc.store.orderJson(3)!) as { status: string };
    const filtered = ok<{ rows: number; csv: string }>(await core.dispatch('orders:export', { status: some.status }));
    expect(filtered.rows).toBeLessThan(45);
    expect(filtered.csv).toContain(some.status);
  });

  it('how a refresh ended is data: outcome code, failed pages, skipped records with id, page and why', async () => {
    const { core, svc } = await setup();
    const good = JSON.parse(svc.store.orderJson(3)!) as Record<string, unknown>;
    svc.faults.add({
      method: 'GET',
      path: '/api/order',
      fault: {
        kind: 'status',
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: [{ ...good, id: 'x-1' }, good, 'junk'] }),
      },
    });
    const status = await refresh(core);
    expect(status.state).toBe('complete');
    expect(status.outcome).toMatchObject({ code: 'complete', orders: 1, skippedRecords: 2, failedPages: 0 });
    const { records } = ok<{ records: { id: string | null; page: number | null; reason: string }[] }>(
      await core.dispatch('orders:skipped', {}),
    );
    expect(records.map(({ id, page, reason }) => ({ id, page, reason }))).toEqual([
      { id: 'x-1', page: null, reason: 'no_usable_id' },
      { id: null, page: null, reason: 'not_an_object' },
    ]);

    // a refused token: the state comes from the outcome's code, not from the words of a summary
    svc.faults.clear();
    svc.faults.add({ fault: { kind: 'status', status: 401 }, path: '/api/order' });
    const refused = await refresh(core);
    expect(refused.state).toBe('failed');
    expect(refused.outcome?.code).toBe('unauthorized');
  });

  it('every skipped record is counted, also past the ones kept with why (MAX_SKIPPED_KEPT)', async () => {
    const { core, svc } = await setup();
    const good = JSON.parse(svc.store.orderJson(3)!) as Record<string, unknown>;
    const junk = Array.from({ length: MAX_SKIPPED_KEPT + 50 }, () => 'junk');
    svc.faults.add({
      method: 'GET',
      path: '/api/order',
      fault: {
        kind: 'status',
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: [good, ...junk] }),
      },
    });
    const status = await refresh(core);
    expect(status.outcome).toMatchObject({ code: 'complete', orders: 1, skippedRecords: MAX_SKIPPED_KEPT + 50 });
    const { records } = ok<{ records: unknown[] }>(await core.dispatch('orders:skipped', {}));
    expect(records).toHaveLength(MAX_SKIPPED_KEPT);
  });

  it('a cached order opens at once from the cache when asked (cacheOnly), without asking the service', async () => {
    const { core, svc } = await setup();
    await refresh(core);
    const before = svc.stats().requests;
    const read = ok<{ order: OrderDetail; source: string }>(
      await core.dispatch('orders:get', { id: 5, cacheOnly: true }),
    );
    expect(read.source).toBe('cache');
    expect(read.order.id).toBe(5);
    expect(svc.stats().requests).toBe(before);
    const missing = await core.dispatch('orders:get', { id: 99_999, cacheOnly: true });
    expect(missing.ok).toBe(false);
  });

  it('needs attention: on hold, pending for more than two days, or an unreadable date', async () => {
    const { core } = await setup();
    await refresh(core);
    const all = ok<{ rows: OrderRow[] }>(await core.dispatch('orders:query', { limit: 100 })).rows;
    const attention = ok<{ rows: OrderRow[]; total: number }>(
      await core.dispatch('orders:query', { attention: true, limit: 100 }),
    );
    const cutoff = new Date(Date.now() - 2 * 86_400_000);
    const day = `${cutoff.getFullYear()}-${String(cutoff.getMonth() + 1).padStart(2, '0')}-${String(cutoff.getDate()).padStart(2, '0')}`;
    const expected = all.filter(
      (o) =>
        o.status.toLowerCase() === 'on hold' ||
        o.orderDate.kind === 'invalid' ||
        (o.status.toLowerCase() === 'pending' && o.orderDate.kind === 'date' && o.orderDate.iso < day),
    );
    expect(attention.total).toBe(expected.length);
    expect(attention.total).toBeGreaterThan(0);
    expect(new Set(attention.rows.map((o) => o.id))).toEqual(new Set(expected.map((o) => o.id)));
  });
});
