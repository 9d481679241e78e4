import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { parseOrder, type ParsedOrder } from '../../../electron/main/core/orders/api';
import { OrderRepository } from '../../../electron/main/core/orders/db';
import { ORDER_MIGRATIONS } from '../../../electron/main/core/orders/migrations';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const fileIn = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-order-indexes-'));
  dirs.push(dir);
  return path.join(dir, 'orders.sqlite');
};
const order = (id: number): ParsedOrder => {
  const result = parseOrder({
    id,
    po_number: `PO-${String(id).padStart(7, '0')}`,
    status: 'Pending',
    name: 'Ana Lee',
    email: `ana${id}@example.org`,
    order_date: '01/06/2026',
    total_price: '10.00',
    order_items: [],
  });
  if (!result.ok) throw new Error(result.reason);
  return result.order;
};
const indexes = (db: Database.Database): string[] =>
  db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name",
    )
    .pluck()
    .all() as string[];

describe("the order book's indexes", () => {
  it('a book kept by an earlier version loses the PO number index no query read; a PO number is still found', () => {
    const file = fileIn();
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    for (const step of ORDER_MIGRATIONS.slice(0, 8)) step(old);
    old.pragma('user_version = 8');
    expect(indexes(old)).toContain('orders_po');
    old.close();

    const repo = new OrderRepository(file);
    try {
      expect(indexes(repo.db)).toEqual(['orders_customer', 'orders_day', 'orders_status', 'orders_total']);
      repo.saveOrders([order(1), order(2), order(3)], 'dmy', 1);
      const found = repo.query({
        text: 'PO-0000002',
        status: null,
        from: null,
        to: null,
        overdueBefore: null,
        sort: 'id',
        dir: 'desc',
        offset: 0,
        limit: 10,
      });
      expect(found.rows.map((r) => r.id)).toEqual([2]);
    } finally {
      repo.close();
    }
  });
});
