/**
 * The day's figures through the core (#30.3): for a day of the reference service's order book, what the core says equals
 * what the service holds (counts and amounts, by status, exact); the top products named from the catalogue; an order
 * this desk sent counted as its own; the book flagged incomplete until a refresh saw the list's end; a day read through
 * the day index, never the whole book.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseOrder } from '../../../electron/main/core/orders/api';
import { FIGURE_ROWS_SQL, OrderRepository } from '../../../electron/main/core/orders/db';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn, syncCatalogue } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';
import type { Core } from '../../../electron/main/core/index';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(): Promise<{ core: Core; svc: RunningService; dir: string }> {
  const svc = await startService({
    token: 'tok',
    products: 60,
    orders: 1500,
    seed: 30,
    anchor: new Date('2026-11-20T12:00:00Z'),
  });
  cleanup.push(() => svc.close());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-figures-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const core = coreIn(dir, { timeZone: () => 'UTC' });
  cleanup.push(() => core.close());
  await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
  await ask(core, 'connection:check', {});
  return { core, svc, dir };
}

async function refresh(core: Core): Promise<void> {
  await ask(core, 'orders:refresh', {});
  while ((await ask(core, 'orders:status', {})).state === 'running') await new Promise((r) => setTimeout(r, 10));
}

interface ServiceOrderJson {
  id: number;
  status: string;
  order_date: string;
  subtotal_price: string;
  shipping_cost: string;
  total_tax: string;
  total_discounts: string;
  total_price: string;
  order_items: { product_variant_id: number; quantity: number; price: string; discount: string }[];
}

/** Whole cents of a service amount ("12.34"), exact. */
const cents = (money: string): number => {
  const [whole = '0', fraction = ''] = money.split('.');
  return Number(whole) * 100 + Math.sign(Number(whole) || 1) * Number(fraction.padEnd(2, '0'));
};
const money = (c: number): string => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

describe("the day's figures of the order book", () => {
  it('equal what the service holds for that day, and the book is flagged until it was read whole', async () => {
    const { core, svc } = await setup();
    const day = { from: '2026-11-19', to: '2026-11-19' };
    const before = await ask(core, 'figures:get', day);
    expect(before.figures.orders).toBe(0);
    expect(before.coverage).toMatchObject({ state: 'incomplete', completeAt: null });

    await syncCatalogue(core);
    await refresh(core);
    const answer = await ask(core, 'figures:get', day);
    const held = svc.store
      .orderPage(0, svc.store.orderCount())
      .map((json) => JSON.parse(json) as ServiceOrderJson)
      .filter((o) => o.order_date === '19/11/2026');
    expect(held.length).toBeGreaterThan(3);
    const f = answer.figures;
    expect(f.orders).toBe(held.length);
    expect(f.amounts).toEqual({
      subtotal: money(held.reduce((s, o) => s + cents(o.subtotal_price), 0)),
      shipping: money(held.reduce((s, o) => s + cents(o.shipping_cost), 0)),
      tax: money(held.reduce((s, o) => s + cents(o.total_tax), 0)),
      discounts: money(held.reduce((s, o) => s + cents(o.total_discounts), 0)),
      total: money(held.reduce((s, o) => s + cents(o.total_price), 0)),
    });
    for (const status of f.byStatus) expect(status.orders).toBe(held.filter((o) => o.status === status.status).length);
    // the service's stamps: their zone is not known before this desk sent an order, so hours are as written
    expect(answer.stampZoneKnown).toBe(false);
    expect(f.hoursAsWritten).toBe(held.length);
    expect(f.byHour.reduce((s, h) => s + h.orders, 0)).toBe(held.length);

    // the top product by quantity, from the lines, named as the catalogue names it
    const quantities = new Map<number, number>();
    for (const o of held)
      for (const line of o.order_items)
        quantities.set(line.product_variant_id, (quantities.get(line.product_variant_id) ?? 0) + line.quantity);
    const most = Math.max(...quantities.values());
    const top = f.topByQuantity[0]!;
    expect(top.quantity).toBe(most);
    expect(top.name).toBe(svc.store.product(top.productId)!.name);

    // read whole after the day ended (the real clock is past the anchor)
    expect(answer.coverage.state).toBe('complete');
    expect(answer.cachedOrders).toBe(1500);
    expect(answer.cachedAt).not.toBeNull();
  });

  it('an order this desk sent is counted as its own, and its stamp teaches the service’s zone', async () => {
    const { core, svc } = await setup();
    await refresh(core);
    await ask(core, 'outbox:submit', { draftId: 'draft-figures-1', order: sampleOrder() });
    for (let i = 0; i < 200 && (await ask(core, 'outbox:list', {})).unsent > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(svc.stats().orderPosts).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const answer = await ask(core, 'figures:get', { from: today, to: today });
    expect(answer.stampZoneKnown).toBe(true);
    expect(answer.figures.sent).toMatchObject({ orders: 1, total: '29.15' });
    expect(answer.figures.sent.list[0]).toMatchObject({ poNumber: 'PO-0001501', name: 'Ada Lovelace' });
    // today runs past the last whole read: complete only up to it
    expect(answer.coverage.state).toBe('until');
  });

  it('refuses a range backwards or longer than a year, as a request error', async () => {
    const { core } = await setup();
    for (const bad of [
      { from: '2026-11-20', to: '2026-11-19' },
      { from: '2024-01-01', to: '2026-01-01' },
      { from: '2026-02-30', to: '2026-03-01' },
    ])
      expect(await core.dispatch('figures:get', bad)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});

describe('the order book read for the figures', () => {
  it('takes the days asked for and the undated orders through the day index, not the whole book', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-figures-repo-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const repo = new OrderRepository(path.join(dir, 'orders.sqlite'));
    cleanup.push(() => repo.close());
    // 5,000 orders, one an hour back from 20 November; the 8th of each thousand has no date, the 9th one that does not read
    const orders = Array.from({ length: 5000 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 10, 20) - i * 3_600_000);
      const dmy = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
      const parsed = parseOrder({
        id: i + 1,
        status: 'Pending',
        order_date: i % 1000 === 7 ? '' : i % 1000 === 8 ? '31/02/2026' : dmy,
        total_price: '10.00',
        order_items: [{ id: i + 1, product_variant_id: 1, quantity: 1, price: '10.00', discount: '0.00' }],
      });
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.order;
    });
    repo.saveOrders(orders, 'dmy');
    const read = [...repo.figureOrders('2026-11-18', '2026-11-19')];
    const dated = read.filter((o) => o.orderDay !== null);
    expect(dated.length).toBe(46); // 48 hours, two of them the orders 8 and 9 without a date that reads
    expect(dated.every((o) => o.orderDay === '2026-11-18' || o.orderDay === '2026-11-19')).toBe(true);
    expect(read.length - dated.length).toBe(10); // five without a date, five whose date does not read
    expect(read[0]).toMatchObject({ total: '10.00', lines: [{ productId: 1, quantity: 1, price: '10.00' }] });
    const plan = (
      repo.db.prepare(`EXPLAIN QUERY PLAN ${FIGURE_ROWS_SQL}`).all('2026-11-18', '2026-11-19') as {
        detail: string;
      }[]
    )
      .map((p) => p.detail)
      .join('\n');
    expect(plan).toMatch(/USING INDEX orders_day/);
    expect(plan).not.toMatch(/^SCAN orders$/m);
  });
});
