/**
 * Writing a batch of orders read newest first (#16): the batch is written lowest id first (FTS5 writes its pending index
 * out at every row whose id is lower than the one before: a batch written highest id first took 1.7× as long), whole,
 * and of two copies of one order in a batch the later read is the one kept, in the table and in the search index.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parseOrder, type ParsedOrder } from '../../../electron/main/core/orders/api';
import { OrderRepository } from '../../../electron/main/core/orders/db';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function order(id: number, name: string, status: string): ParsedOrder {
  const parsed = parseOrder({ id, po_number: `PO-${id}`, name, status, order_date: '01/02/2026', order_items: [] });
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.order;
}

it('a batch read newest first is written whole; the later of two copies of an order is the one kept', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-order-writes-'));
  dirs.push(dir);
  const file = path.join(dir, 'orders.sqlite');
  const repo = new OrderRepository(file);
  repo.saveOrders(
    [
      order(30, 'Ada Lovelace', 'pending'),
      order(20, 'Grace Hopper', 'pending'),
      order(10, 'Alan Turing', 'pending'),
      order(20, 'Grace Brewster Hopper', 'shipped'), // the same order again, read later (the list moved meanwhile)
    ],
    'dmy',
  );
  expect(repo.count()).toBe(3);
  repo.close();
  const db = new Database(file, { readonly: true });
  expect(db.prepare('SELECT id, status, name FROM orders ORDER BY id').all()).toEqual([
    { id: 10, status: 'pending', name: 'Alan Turing' },
    { id: 20, status: 'shipped', name: 'Grace Brewster Hopper' },
    { id: 30, status: 'pending', name: 'Ada Lovelace' },
  ]);
  const found = (text: string): number[] =>
    db.prepare('SELECT rowid FROM orders_fts WHERE orders_fts MATCH ? ORDER BY rowid').pluck().all(text) as number[];
  expect(found('Brewster')).toEqual([20]);
  expect(found('Hopper')).toEqual([20]);
  expect(found('Ada OR Alan')).toEqual([10, 30]);
  db.close();
});
