import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../server/index';

let svc: RunningService;
const TOKEN = 'unit-token';
const json = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };

async function get(path: string, headers: Record<string, string> = json) {
  const res = await fetch(svc.url + path, { headers });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, body: body as Record<string, unknown>, headers: res.headers };
}

async function post(body: unknown, headers: Record<string, string> = json) {
  const res = await fetch(svc.url + '/api/order', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

export const validOrder = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+31 6 12345678',
  address_line_1: '1 Analytical Street',
  address_line_2: '',
  zip: '1011AB',
  city: 'Amsterdam',
  province: 'Noord-Holland',
  country: 'Netherlands',
  remarks: '',
  order_date: '',
  subtotal_price: '10.00',
  shipping_cost: '4.95',
  total_tax: '2.10',
  total_discounts: '0.00',
  total_price: '17.05',
  order_items: [{ id: 3, quantity: 2 }],
});

beforeAll(async () => {
  svc = await startService({ token: TOKEN, products: 40, orders: 20, seed: 5, control: true });
});
afterAll(async () => svc.close());
beforeEach(() => svc.faults.clear());

describe('authentication and content negotiation', () => {
  const paths = ['/api/product', '/api/product/1', '/api/order', '/api/order/1'];
  it.each(paths)('%s needs a bearer token: 401 JSON with Accept, HTML without', async (path) => {
    const noTokenJson = await get(path, { accept: 'application/json' });
    expect(noTokenJson.status).toBe(401);
    expect(noTokenJson.body).toEqual({ message: 'Unauthenticated.' });
    const noTokenHtml = await get(path, {});
    expect(noTokenHtml.status).toBe(401);
    expect(noTokenHtml.headers.get('content-type')).toMatch(/text\/html/);
    expect(noTokenHtml.text).toMatch(/<!DOCTYPE html>/);
    const wrong = await get(path, { authorization: 'Bearer nope', accept: 'application/json' });
    expect(wrong.status).toBe(401);
    const ok = await get(path);
    expect(ok.status).toBe(200);
  });

  it('POST without a token is refused and stores nothing', async () => {
    const before = svc.stats().ordersCreated;
    const res = await post(validOrder(), { accept: 'application/json' });
    expect(res.status).toBe(401);
    expect(svc.stats().ordersCreated).toBe(before);
  });

  it('errors without Accept: application/json come back as HTML pages', async () => {
    const res = await get('/api/product/99999', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/<html/);
  });

  it('unknown routes and wrong methods are JSON 404 and 405', async () => {
    expect((await get('/api/nothing')).status).toBe(404);
    const put = await fetch(svc.url + '/api/order', { method: 'PUT', headers: json });
    expect(put.status).toBe(405);
    expect(((await put.json()) as { message: string }).message).toMatch(/PUT method is not supported/);
  });
});

describe('product list: the Laravel paginator of the spec', () => {
  it('page 1: 15 string-valued products, prev null, links from the request host', async () => {
    const { body } = await get('/api/product?page=1');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(typeof body.author_url).toBe('string');
    const data = body.data as Record<string, unknown>[];
    expect(data).toHaveLength(15);
    for (const product of data) for (const value of Object.values(product)) expect(typeof value).toBe('string');
    expect(data[0]!.id).toBe('1');
    const links = body.links as Record<string, string | null>;
    const meta = body.meta as Record<string, unknown>;
    expect(links.prev).toBeNull();
    expect(links.first).toBe(`${svc.url}/api/product?page=1`);
    expect(links.next).toBe(`${svc.url}/api/product?page=2`);
    expect(links.last).toBe(`${svc.url}/api/product?page=3`);
    expect(meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 3,
      path: `${svc.url}/api/product`,
      per_page: 15,
      to: 15,
      total: 40,
    });
  });

  it('links follow the Host the client used', async () => {
    // fetch may not set Host; node:http may
    const body = await new Promise<Record<string, unknown>>((resolve, reject) => {
      http
        .get(`${svc.url}/api/product?page=2`, { headers: { ...json, host: `shop.localhost:${svc.port}` } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
        })
        .on('error', reject);
    });
    expect((body.links as Record<string, string>).prev).toBe(`http://shop.localhost:${svc.port}/api/product?page=1`);
  });

  it('last page is partial; a page past the end is empty with from/to null', async () => {
    const last = await get('/api/product?page=3');
    const meta = last.body.meta as Record<string, unknown>;
    expect((last.body.data as unknown[]).length).toBe(10);
    expect(meta.from).toBe(31);
    expect(meta.to).toBe(40);
    expect((last.body.links as Record<string, unknown>).next).toBeNull();
    const past = await get('/api/product?page=9');
    expect(past.body.data).toEqual([]);
    expect((past.body.meta as Record<string, unknown>).from).toBeNull();
    expect((past.body.meta as Record<string, unknown>).current_page).toBe(9);
  });

  it.each(['0', '-1', 'abc', '', '1.5'])('page=%s is read as page 1', async (page) => {
    const { body } = await get(`/api/product?page=${page}`);
    expect((body.meta as Record<string, unknown>).current_page).toBe(1);
  });

  it('a product read by id; unknown ids are JSON 404', async () => {
    const one = await get('/api/product/7');
    expect((one.body.data as Record<string, string>).id).toBe('7');
    expect((one.body.data as Record<string, string>).sku).toMatch(/^\d{3}-\d{4}$/);
    expect((one.body.data as Record<string, string>).bar_code).toMatch(/^\d{13}$/);
    const missing = await get('/api/product/4000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No query results for model [App\\Models\\Product] 4000');
    const notAnId = await get('/api/product/abc');
    expect(notAnId.status).toBe(404);
    expect(notAnId.body.message).toBe('No query results for model [App\\Models\\Product] abc');
  });

  it('seed data is stable across restarts for the same seed', async () => {
    const again = await startService({ token: 't', products: 40, orders: 20, seed: 5 });
    try {
      const a = (await get('/api/product/12')).body.data;
      const b = await (
        await fetch(`${again.url}/api/product/12`, {
          headers: { authorization: 'Bearer t', accept: 'application/json' },
        })
      ).json();
      expect((b as { data: unknown }).data).toEqual(a);
    } finally {
      await again.close();
    }
  });
});

describe('orders', () => {
  it('list is paginated with order_items and slash dates; read one; unknown id 404', async () => {
    const { body } = await get('/api/order');
    const data = body.data as Record<string, unknown>[];
    expect(data.length).toBe(15);
    expect((body.meta as Record<string, unknown>).total).toBeGreaterThanOrEqual(20);
    const order = data[0]!;
    expect(order.order_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(Array.isArray(order.order_items)).toBe(true);
    const item = (order.order_items as Record<string, unknown>[])[0]!;
    expect(item.price).toMatch(/^\d+\.\d{2}$/);
    expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const one = await get('/api/order/2');
    expect((one.body.data as Record<string, unknown>).id).toBe(2);
    const missing = await get('/api/order/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No query results for model [App\\Models\\Order] 999999');
  });

  it('creates an order: 201, increasing id, PO number, Pending items priced from the product, read back', async () => {
    const product = (await get('/api/product/3')).body.data as Record<string, string>;
    const first = await post(validOrder());
    const second = await post(validOrder());
    expect(first.status).toBe(201);
    const created = first.body.data as Record<string, unknown>;
    expect((second.body.data as Record<string, number>).id).toBe((created.id as number) + 1);
    expect(created.po_number).toMatch(/^PO-\d+$/);
    expect(created.order_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(created.total_price).toBe('17.05');
    const items = created.order_items as Record<string, unknown>[];
    expect(items[0]).toMatchObject({
      product_variant_id: 3,
      quantity: 2,
      price: product.price,
      fulfillment_status: 'Pending',
    });
    const readBack = await get(`/api/order/${created.id as number}`);
    expect(readBack.body.data).toEqual(created);
  });
});

describe('POST /api/order validation (422, Laravel shape)', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['name required', { name: '' }, 'name', /The name field is required/],
    ['email required', { email: undefined }, 'email', /The email field is required/],
    ['email shape', { email: 'not-an-email' }, 'email', /valid email address/],
    ['items required', { order_items: undefined }, 'order_items', /is required/],
    ['at least one item', { order_items: [] }, 'order_items', /at least 1 items/],
    ['quantity positive', { order_items: [{ id: 1, quantity: 0 }] }, 'order_items.0.quantity', /at least 1/],
    ['quantity integer', { order_items: [{ id: 1, quantity: 1.5 }] }, 'order_items.0.quantity', /must be an integer/],
    ['quantity as string', { order_items: [{ id: 1, quantity: '2' }] }, 'order_items.0.quantity', /must be an integer/],
    [
      'known product',
      {
        order_items: [
          { id: 1, quantity: 1 },
          { id: 99999, quantity: 1 },
        ],
      },
      'order_items.1.id',
      /selected order_items.1.id is invalid/,
    ],
    ['money two decimals', { total_price: '17.5' }, 'total_price', /2 decimal places/],
    ['money as number', { shipping_cost: 4.95 }, 'shipping_cost', /2 decimal places/],
    ['slash date', { processed_date: '2026-01-02' }, 'processed_date', /format d\/m\/Y/],
    ['impossible date', { closed_date: '31/02/2026' }, 'closed_date', /format d\/m\/Y/],
    ['cancel reason needs a cancelled date', { cancel_reason: 'Changed mind' }, 'cancel_reason', /prohibited unless/],
  ];
  it.each(cases)('%s', async (_name, patch, key, message) => {
    const before = svc.stats().ordersCreated;
    const res = await post({ ...validOrder(), ...patch });
    expect(res.status).toBe(422);
    expect(typeof res.body.message).toBe('string');
    const errors = res.body.errors as Record<string, string[]>;
    expect(errors[key]?.[0]).toMatch(message);
    expect(svc.stats().ordersCreated).toBe(before);
  });

  it('optional fields may be absent; order_date may be empty; a real slash date is accepted', async () => {
    const body: Record<string, unknown> = {
      ...validOrder(),
      order_date: '',
      processed_date: '05/11/2026',
      cancelled_date: '06/11/2026',
      cancel_reason: 'Changed mind',
    };
    delete body.address_line_2;
    delete body.remarks;
    expect((await post(body)).status).toBe(201);
  });

  it('a body that is not JSON is a clear 400', async () => {
    const res = await fetch(svc.url + '/api/order', {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
  });

  it('several errors: the message counts the rest', async () => {
    const res = await post({ ...validOrder(), name: '', email: 'x' });
    expect(res.body.message).toMatch(/\(and 1 more error\)/);
  });
});

describe('fault injection', () => {
  it('latency delays the answer', async () => {
    svc.faults.add({ fault: { kind: 'latency', ms: 200 }, path: '/api/product', times: 1 });
    const started = Date.now();
    expect((await get('/api/product')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('error status, once', async () => {
    svc.faults.add({ fault: { kind: 'status', status: 503 }, times: 1 });
    expect((await get('/api/product')).status).toBe(503);
    expect((await get('/api/product')).status).toBe(200);
  });

  it('drop before storing: connection reset, no order', async () => {
    const before = svc.stats().ordersCreated;
    svc.faults.add({ fault: { kind: 'drop' }, method: 'POST', path: '/api/order', times: 1 });
    await expect(post(validOrder())).rejects.toThrow();
    expect(svc.stats().ordersCreated).toBe(before);
  });

  it('drop after storing: connection reset, order stored', async () => {
    const before = svc.stats().ordersCreated;
    svc.faults.add({ fault: { kind: 'drop-after-store' }, method: 'POST', path: '/api/order', times: 1 });
    await expect(post(validOrder())).rejects.toThrow();
    expect(svc.stats().ordersCreated).toBe(before + 1);
  });

  it('stall after storing: stored at once, answered late', async () => {
    const before = svc.stats().ordersCreated;
    svc.faults.add({ fault: { kind: 'stall-after-store', ms: 300 }, method: 'POST', times: 1 });
    const controller = AbortSignal.timeout(100);
    await expect(
      fetch(svc.url + '/api/order', {
        method: 'POST',
        headers: { ...json, 'content-type': 'application/json' },
        body: JSON.stringify(validOrder()),
        signal: controller,
      }),
    ).rejects.toThrow();
    expect(svc.stats().ordersCreated).toBe(before + 1);
  });

  it('malformed JSON and HTML bodies with 200', async () => {
    svc.faults.add({ fault: { kind: 'malformed' }, times: 1 });
    const bad = await get('/api/product');
    expect(bad.status).toBe(200);
    expect(bad.body).toBeUndefined();
    svc.faults.add({ fault: { kind: 'html' }, times: 1 });
    const html = await get('/api/product');
    expect(html.status).toBe(200);
    expect(html.text).toMatch(/<html>/);
  });

  it('a body cut off mid-way: the connection dies after half the promised bytes', async () => {
    svc.faults.add({ fault: { kind: 'cut-body' }, times: 1 });
    await expect(get('/api/product')).rejects.toThrow();
    expect((await get('/api/product')).status).toBe(200);
  });

  it('429 with Retry-After in seconds or as an HTTP date', async () => {
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: '3' }, times: 1 });
    const limited = await get('/api/product');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    const date = new Date(Date.now() + 5000).toUTCString();
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: date }, times: 1 });
    expect((await get('/api/product')).headers.get('retry-after')).toBe(date);
  });

  it('trickled body arrives whole, slowly', async () => {
    svc.faults.add({ fault: { kind: 'trickle', chunkBytes: 2000, intervalMs: 20 }, times: 1 });
    const started = Date.now();
    const res = await get('/api/product');
    expect((res.body.data as unknown[]).length).toBe(15);
    expect(Date.now() - started).toBeGreaterThan(40);
  });

  it('huge body', async () => {
    svc.faults.add({ fault: { kind: 'huge', bytes: 6 * 1024 * 1024 }, times: 1 });
    const res = await get('/api/product');
    expect(res.text.length).toBeGreaterThanOrEqual(6 * 1024 * 1024 - 40);
  });

  it('faults can be set over the control route by the token holder', async () => {
    const denied = await fetch(svc.url + '/__control/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(denied.status).toBe(401);
    const set = await fetch(svc.url + '/__control/faults', {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/json' },
      body: JSON.stringify({ fault: { kind: 'status', status: 500 }, path: '/api/order', times: 1 }),
    });
    expect(set.status).toBe(204);
    expect((await get('/api/order')).status).toBe(500);
    const stats = (await (await fetch(svc.url + '/__control/stats', { headers: json })).json()) as {
      faultsInjected: number;
    };
    expect(stats.faultsInjected).toBeGreaterThan(0);
  });

  it('faults given as options apply from the start', async () => {
    const faulty = await startService({
      token: 't',
      products: 5,
      orders: 1,
      faults: [{ fault: { kind: 'status', status: 502 }, path: '/api/product' }],
    });
    try {
      const res = await fetch(`${faulty.url}/api/product`, {
        headers: { authorization: 'Bearer t', accept: 'application/json' },
      });
      expect(res.status).toBe(502);
    } finally {
      await faulty.close();
    }
  });
});

describe('other order list shapes and date orders', () => {
  it.each(['data', 'bare'] as const)('orderList=%s', async (shape) => {
    const other = await startService({
      token: 't',
      products: 5,
      orders: 3,
      orderList: shape,
      single: 'bare',
      dateOrder: 'mdy',
    });
    try {
      const res = await fetch(`${other.url}/api/order`, {
        headers: { authorization: 'Bearer t', accept: 'application/json' },
      });
      const body = (await res.json()) as unknown;
      const list = shape === 'bare' ? body : (body as { data: unknown }).data;
      expect(Array.isArray(list)).toBe(true);
      expect((list as unknown[]).length).toBe(3);
      const one = (await (
        await fetch(`${other.url}/api/order/1`, { headers: { authorization: 'Bearer t', accept: 'application/json' } })
      ).json()) as { id: number };
      expect(one.id).toBe(1);
    } finally {
      await other.close();
    }
  });
});
