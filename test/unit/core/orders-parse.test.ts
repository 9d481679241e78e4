import { describe, expect, it } from 'vitest';
import { parseOrder, parseOrderList } from '../../../electron/main/core/orders/api';
import { unwrapRecord } from '../../../electron/main/core/http/fields';

const order = {
  id: 3,
  po_number: 'PO-0000003',
  tracking_number: '',
  status: 'Pending',
  name: 'Charlene Frami',
  email: 'charlene@example.org',
  phone: '+31 6 50504244',
  address_line_1: '130 Runolfsdottir Views',
  address_line_2: 'Apt 7',
  zip: '47008',
  city: 'Princessburgh',
  province: 'Vermont',
  country: 'Spain',
  remarks: '',
  order_date: '27/05/2026',
  processed_date: '',
  closed_date: '',
  cancelled_date: '',
  cancel_reason: '',
  subtotal_price: '1556.41',
  shipping_cost: '0.00',
  total_tax: '326.13',
  total_discounts: '3.39',
  total_price: '1879.15',
  order_items: [
    {
      id: 6,
      order_id: 3,
      product_variant_id: 2139,
      quantity: 1,
      price: '384.21',
      discount: '0.00',
      fulfillment_status: 'Pending',
      created_at: '2026-05-27 07:23:16',
      updated_at: '2026-05-27 07:23:16',
    },
  ],
};

describe('tolerant order parsing', () => {
  it('reads the spec shape, money exact', () => {
    const parsed = parseOrder(order);
    expect(parsed).toMatchObject({
      ok: true,
      order: { id: 3, poNumber: 'PO-0000003', totalPrice: '1879.15', orderDate: '27/05/2026' },
    });
    if (parsed.ok)
      expect(parsed.order.items[0]).toMatchObject({
        productVariantId: 2139,
        quantity: 1,
        price: '384.21',
        fulfillmentStatus: 'Pending',
      });
  });

  it('numbers as strings and the reverse; items missing or odd; unknown fields kept', () => {
    const parsed = parseOrder({
      ...order,
      id: '3',
      total_price: 1879.15,
      order_items: undefined,
      channel: 'web',
      zip: 47008,
    });
    expect(parsed).toMatchObject({
      ok: true,
      order: { id: 3, totalPrice: '1879.15', items: [], zip: '47008', extra: { channel: 'web' } },
    });
    const odd = parseOrder({
      ...order,
      order_items: [null, 'x', { quantity: '2', price: 'abc', product_variant_id: '12' }],
    });
    expect(odd.ok && odd.order.items).toEqual([
      {
        id: null,
        productVariantId: 12,
        quantity: 2,
        price: null,
        discount: null,
        fulfillmentStatus: '',
        createdAt: '',
        updatedAt: '',
      },
    ]);
    expect(JSON.stringify(odd)).not.toContain('NaN');
  });

  it('an order without a usable id is skipped', () => {
    expect(parseOrder({ ...order, id: null }).ok).toBe(false);
    expect(parseOrder('order').ok).toBe(false);
  });

  it.each([
    ['bare array', [order, { ...order, id: 4 }], null],
    ['data envelope', { data: [order, { ...order, id: 4 }] }, null],
    ['Laravel paginator', { data: [order, { ...order, id: 4 }], links: {}, meta: { last_page: '7', total: 100 } }, 7],
  ])('list envelope: %s', (_name, body, lastPage) => {
    const list = parseOrderList(body);
    expect(list?.orders.map((o) => o.id)).toEqual([3, 4]);
    expect(list?.lastPage).toBe(lastPage);
  });

  it('anything else is not an order list', () => {
    expect(parseOrderList({ orders: [] })).toBeNull();
    expect(parseOrderList('<html>')).toBeNull();
    expect(parseOrderList(null)).toBeNull();
  });

  it('a single order bare or inside data', () => {
    expect(parseOrder(unwrapRecord({ data: order }))).toMatchObject({ ok: true, order: { id: 3 } });
    expect(parseOrder(unwrapRecord(order))).toMatchObject({ ok: true, order: { id: 3 } });
  });
});
