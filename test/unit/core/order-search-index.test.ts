import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { parseOrder, type ParsedOrder } from '../../../electron/main/core/orders/api';
import { OrderRepository, type OrderQuery } from '../../../electron/main/core/orders/db';
import { ORDER_MIGRATIONS } from '../../../electron/main/core/orders/migrations';
import { ftsColumns, FTS_COLUMNS, orderColumns, ORDER_COLUMNS } from '../../../electron/main/core/orders/rows';
import { insertSql } from '../../../electron/main/core/storage/sql';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const fileIn = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-order-index-'));
  dirs.push(dir);
  return path.join(dir, 'orders.sqlite');
};

const record = (id: number, fields: Record<string, string>): Record<string, unknown> => ({
  id,
  po_number: `PO-${String(id).padStart(7, '0')}`,
  tracking_number: '',
  status: 'Pending',
  name: 'Ana Lee',
  email: `ana${id}@example.org`,
  phone: '+31 6 12345678',
  city: 'Utrecht',
  remarks: '',
  order_date: '01/06/2026',
  total_price: '10.00',
  order_items: [],
  ...fields,
});
const parsed = (r: Record<string, unknown>): ParsedOrder => {
  const result = parseOrder(r);
  if (!result.ok) throw new Error(result.reason);
  return result.order;
};
const search = (repo: OrderRepository, text: string, sort: OrderQuery['sort'] = 'id'): number[] =>
  repo
    .query({ text, status: null, from: null, to: null, overdueBefore: null, sort, dir: 'desc', offset: 0, limit: 50 })
    .rows.map((r) => r.id);

describe('the order search index without positions (detail = column)', () => {
  it('a book kept by an earlier version has its index made again from the stored records on opening', () => {
    const file = fileIn();
    const orders = [
      record(1, { tracking_number: 'TRK111NL', name: 'Ricardo Carter' }),
      record(2, { remarks: 'Leave at the door', name: 'Zoë Müller', city: 'Zürich' }),
      record(3, { name: 'Carter Brown', email: 'brown@example.net' }),
    ];
    // as the version before it: migrations 1–7, the service's JSON as the record, positions in the index
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    for (const step of ORDER_MIGRATIONS.slice(0, 7)) step(old);
    old.pragma('user_version = 7');
    const insert = old.prepare(insertSql('orders', ORDER_COLUMNS));
    const index = old.prepare(insertSql('orders_fts', FTS_COLUMNS));
    for (const r of orders) {
      const o = parsed(r);
      insert.run({
        ...orderColumns(o, { dateOrder: 'dmy', fetchedAt: 1, sentAt: null, listed: 1, seq: 1 }),
        raw: JSON.stringify(r),
      });
      index.run(ftsColumns(o));
    }
    old.close();

    const repo = new OrderRepository(file);
    const sql = repo.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'orders_fts'").pluck().get() as string;
    expect(sql).toContain('detail = column');
    expect(search(repo, 'trk111')).toEqual([1]);
    expect(search(repo, 'door')).toEqual([2]);
    expect(search(repo, 'zoe zur')).toEqual([2]);
    expect(search(repo, 'carter')).toEqual([3, 1]);
    expect(search(repo, 'carter', 'customer')).toEqual([1, 3]); // ricardo carter, carter brown
    expect(search(repo, 'po-0000002')).toEqual([2]);
    // a customer by name, e-mail or phone only: "door" is in a remark
    expect(repo.customers('carter', 8).map((c) => c.lastOrderId)).toEqual([3, 1]);
    expect(repo.customers('door', 8)).toEqual([]);
    expect(repo.customers('brown@example', 8).map((c) => c.lastOrderId)).toEqual([3]);
    // orders written from now on are found as well, and one written again is found once
    repo.saveOrders([parsed(record(4, { name: 'Carter Quinn' })), parsed(orders[0]!)], 'dmy');
    expect(search(repo, 'carter')).toEqual([4, 3, 1]);
    repo.close();
  });

  it('takes any letter or digit typed: a word its tokenizer reads as two is searched for as two', () => {
    const repo = new OrderRepository(fileIn());
    // New Tai Lue: U+19B0–U+19C9 are letters to JavaScript and word breaks to SQLite's Unicode 6.1 tables
    const name = 'ᦶᦃᦓ ᦟᦸ';
    repo.saveOrders([parsed(record(1, { name })), parsed(record(2, { name: 'Ana Lee' }))], 'dmy');
    expect(search(repo, name)).toEqual([1]);
    expect(search(repo, 'ᦶᦃ')).toEqual([1]);
    expect(repo.customers(name, 8).map((c) => c.lastOrderId)).toEqual([1]);
    // every letter and digit there is, a hundred to a word: never a query the index refuses
    const letters: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (/[\p{L}\p{N}]/u.test(ch)) letters.push(ch);
    }
    for (let i = 0; i < letters.length; i += 1200) {
      const words = [];
      for (let j = i; j < Math.min(i + 1200, letters.length); j += 100) words.push(letters.slice(j, j + 100).join(''));
      const text = words.join(' ');
      expect(() => search(repo, text), text.slice(0, 20)).not.toThrow();
      expect(() => repo.customers(text, 8), text.slice(0, 20)).not.toThrow();
    }
    repo.close();
  });
});
