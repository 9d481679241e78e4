import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseKept, parseOrder, type ParsedOrder } from '../../../electron/main/core/orders/api';
import { OrderRepository } from '../../../electron/main/core/orders/db';
import { keepRecord, keptForm, readRecord } from '../../../electron/main/core/orders/record';

const line = {
  id: 12485,
  order_id: 5000,
  product_variant_id: 1261,
  quantity: 1,
  price: '225.12',
  discount: '0.00',
  fulfillment_status: 'Fulfilled',
  created_at: '2026-06-09 09:05:09',
  updated_at: '2026-06-09 09:05:09',
};
const order = {
  id: 5000,
  po_number: 'PO-0005000',
  tracking_number: 'TRK429139338NL',
  status: 'Shipped',
  name: 'Ricardo Carter',
  email: 'ricardo.carter53@example.net',
  phone: '+31 6 89990866',
  address_line_1: '122 Park View',
  address_line_2: '',
  zip: '26759',
  city: 'Niagara Falls',
  province: 'Massachusetts',
  country: 'United Kingdom',
  remarks: '',
  order_date: '09/06/2026',
  processed_date: '09/06/2026',
  closed_date: '',
  cancelled_date: '',
  cancel_reason: '',
  subtotal_price: '225.12',
  shipping_cost: '0.00',
  total_tax: '47.28',
  total_discounts: '0.00',
  total_price: '272.40',
  order_items: [line, { ...line, id: 12486, quantity: 3 }],
};

/** Records as a service might send them: the spec's, and every odd shape the tolerant reader takes. */
const records: [string, Record<string, unknown>][] = [
  ['the spec’s order', order],
  ['fields the spec does not name, at any place', { gift: true, ...order, channel: { web: 1 }, tags: ['a', 'b'] }],
  ['fields left out', { id: 7, name: 'Ana', order_items: [{ id: 1, quantity: 2 }] }],
  ['values that read as nothing', { ...order, remarks: null, total_price: 0, zip: false, city: '' }],
  ['numbers as text and text as numbers', { ...order, id: '5000', quantity: '3', total_price: 272.4 }],
  ['lines that are not a list', { ...order, order_items: { 0: line } }],
  ['no lines', { ...order, order_items: undefined }],
  ['lines that are not objects', { ...order, order_items: [null, 3, 'x', [line], line] }],
  ['lines with fields of their own', { ...order, order_items: [{ ...line, product_id: 9, note: 'n' }] }],
  ['lines with fields left out', { ...order, order_items: [{ product_id: 9, quantity: 1 }] }],
];

/** What is read from an order, without the record itself. */
const read = (o: ParsedOrder): Omit<ParsedOrder, 'raw'> & { raw: null } => ({ ...o, raw: null });

describe('the order record as the book keeps it', () => {
  it.each(records)('keeps every field and value of %s', (_name, record) => {
    const sent = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
    const kept = keepRecord(sent);
    expect(readRecord(kept)).toEqual(sent);
    // the same order read from it as from the service's record
    const fromService = parseOrder(sent);
    const fromBook = parseKept(kept);
    expect(fromService.ok && fromBook.ok).toBe(true);
    if (fromService.ok && fromBook.ok) {
      expect(read(fromBook.order)).toEqual(read(fromService.order));
      expect(fromBook.order.raw).toBe(fromService.order.raw);
    }
  });

  it('is much smaller than the record as sent', () => {
    const sent = JSON.stringify(order);
    expect(keepRecord(order).length).toBeLessThan(sent.length * 0.7);
  });

  it('keeps a field named __proto__ as a field, not as the object’s prototype', () => {
    const sent = JSON.parse(
      `{"id":1,"__proto__":{"polluted":1},"order_items":[{"id":2,"__proto__":{"polluted":2}}]}`,
    ) as Record<string, unknown>;
    const back = readRecord(keepRecord(sent)) as Record<string, unknown>;
    expect(back).toEqual(sent);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a record kept as the service’s JSON (before this form) as the same order', () => {
    const before = JSON.stringify(order);
    expect(readRecord(before)).toEqual(order);
    expect(keptForm(before)).toBe(keepRecord(order));
    const parsed = parseKept(before);
    expect(parsed.ok && parsed.order.raw).toBe(keepRecord(order));
  });
});

describe('the order book with kept records', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const book = (): OrderRepository => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-order-record-'));
    dirs.push(dir);
    return new OrderRepository(path.join(dir, 'orders.sqlite'));
  };
  const parsed = (record: Record<string, unknown>): ParsedOrder => {
    const result = parseOrder(JSON.parse(JSON.stringify(record)));
    if (!result.ok) throw new Error(result.reason);
    return result.order;
  };

  it('gives back every order as read from the service', () => {
    const repo = book();
    const orders = records.map(([, record], i) => ({ ...record, id: 100 + i })).map((record) => parsed(record));
    repo.saveOrders(orders, 'dmy');
    for (const o of orders) expect(read(repo.order(o.id)!.order)).toEqual(read(o));
    repo.close();
  });

  it('finds an order kept before this form unchanged when the list shows it again, and one that changed changed', () => {
    const repo = book();
    const o = parsed(order);
    repo.saveOrders([o], 'dmy');
    // as a version before this one kept it: the service's JSON
    repo.db.prepare('UPDATE orders SET raw = ? WHERE id = ?').run(JSON.stringify(order), order.id);
    expect(repo.allKnownUnchanged([o])).toBe(true);
    expect(repo.allKnownUnchanged([parsed({ ...order, status: 'Delivered' })])).toBe(false);
    expect(repo.order(order.id)!.order.raw).toBe(o.raw);
    repo.close();
  });
});
