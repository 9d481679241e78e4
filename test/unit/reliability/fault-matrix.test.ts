/**
 * The fault matrix: every row of ../shared/guide/reliability.md ("The service misbehaves") driven through the real
 * core (the channels the renderer calls), against the reference service with its fault rules. Each test states what
 * staff would see, what the cache holds, what the outbox holds and how many orders the service received.
 */
import http from 'node:http';
import { Agent } from 'undici';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ReadWhy } from '../../../shared/contract';
import { attemptKind, type OutboxEntry } from '../../../shared/domain';
import { fromServerErrors, stepOf } from '../../../shared/order-entry';
import { ServiceHttp } from '../../../electron/main/core/http/client';
import type { Core } from '../../../electron/main/core/index';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { createTestCore, ordersOnService, syncCatalogue } from '../../support/core';
import { recordFigures } from '../../support/reliability-report';
import { sampleOrder } from '../../support/sample-order';

const TIMEOUT_MS = 400;
const cleanup: (() => Promise<unknown> | unknown)[] = [];
let faultsInjected = 0;
let rows = 0;
let ordersLost = 0;
let duplicates = 0;

afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
afterAll(() => recordFigures('fault-matrix', { rows, faultsInjected, ordersLost, duplicates }));

async function service(options: Partial<Parameters<typeof startService>[0]> = {}): Promise<RunningService> {
  const svc = await startService({ token: 'tok', products: 60, orders: 5, seed: 3, ...options });
  cleanup.push(async () => {
    faultsInjected += svc.faults.injected;
    await svc.close();
  });
  return svc;
}

/**
 * A service on a port below the range the system hands out for 'any free port' (Linux: 32768-60999). A test that
 * stops its service and starts it again on the same port leaves that port free meanwhile; every other service of the
 * suite (other files run beside this one) asks for any free port and could be given it, and then take this test's
 * order: the order was 'sent' while the service that came back counted no POST (seen once under load). Ports below the
 * range are never handed out that way.
 */
async function serviceOutsideEphemeralPorts(): Promise<RunningService> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    try {
      return await service({ port });
    } catch (error) {
      if (attempt >= 20 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/** The real core with time-outs short enough for a test (the app's are in LIMITS). */
function core(): Core {
  const agent = new Agent({ headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, connections: 16 });
  const { core: c, dispose } = createTestCore({ http: new ServiceHttp(agent) });
  cleanup.push(dispose);
  return c;
}

async function connect(c: Core, svc: RunningService, token = 'tok'): Promise<void> {
  await ask(c, 'settings:save', { baseUrl: svc.url, token });
  await ask(c, 'connection:check', {});
  // the order book is read when the app comes online (as it does at start): an order whose answer is lost later is
  // then looked for against a book read shortly before it was sent
  if (token === 'tok') {
    await ask(c, 'orders:refresh', {});
    await until(
      () => ask(c, 'orders:status', {}),
      (s) => s.state === 'complete',
    );
  }
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 8_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const syncAll = (c: Core) => syncCatalogue(c);

const entry = async (c: Core, id: string, states: OutboxEntry['state'][]): Promise<OutboxEntry> =>
  until(
    async () => (await ask(c, 'outbox:list', {})).entries.find((e) => e.id === id)!,
    (e) => states.includes(e.state) && !(e.state === 'queued' && !e.paused && e.attempts.length === 0),
  );

function tally(svc: RunningService, email: string, expected: number): void {
  const n = ordersOnService(svc, email);
  if (n > expected) duplicates += n - expected;
  if (n < expected) ordersLost += expected - n;
  expect(n).toBe(expected);
}

describe('fault matrix (reliability guide: "The service misbehaves")', () => {
  it('slow headers and a trickled body: time-out; reads fall back to the cache marked stale; a POST becomes unknown, then reconciled', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    expect((await syncAll(c)).state).toBe('complete');
    svc.faults.add({ fault: { kind: 'latency', ms: TIMEOUT_MS * 4 }, path: '/api/product/5', times: 1 });
    const slow = await ask(c, 'catalogue:product', { id: 5 });
    expect(slow).toMatchObject({ source: 'cache', missing: false });
    // why the cached copy is shown, as a code the screen words (#28.5): the read ran out of time
    expect(slow.why).toMatchObject({ code: 'failed', error: { code: 'timeout' } });
    svc.faults.add({
      fault: { kind: 'trickle', chunkBytes: 8, intervalMs: TIMEOUT_MS * 3 },
      path: '/api/product/6',
      times: 1,
    });
    expect(await ask(c, 'catalogue:product', { id: 6 })).toMatchObject({ source: 'cache' });

    const email = 'slow@example.com';
    svc.faults.add({
      fault: { kind: 'stall-after-store', ms: TIMEOUT_MS * 4 },
      method: 'POST',
      path: '/api/order',
      times: 1,
    });
    const queued = await ask(c, 'outbox:submit', { draftId: 'matrix-slow-1', order: sampleOrder({ email }) });
    const sent = await entry(c, queued.id, ['sent']);
    expect(sent.attempts.map((a) => a.outcome).join(' | ')).toMatch(/unknown|doubt|time/i);
    expect(sent.serverOrderId).not.toBeNull();
    tally(svc, email, 1);
  });

  it('connection dropped mid-body on a read: nothing partial is written; the old cache stays intact', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    await syncAll(c);
    const before = await ask(c, 'catalogue:query', { sort: 'id', offset: 0, limit: 100 });
    svc.faults.add({ fault: { kind: 'cut-body' }, path: '/api/product?page=2', times: 20 });
    const after = await syncAll(c);
    expect(after.state).toBe('incomplete');
    // not complete because of the page that could not be read: one failed page, as a fact
    expect(after.outcome).toMatchObject({ code: 'incomplete', failedPages: 1 });
    const now = await ask(c, 'catalogue:query', { sort: 'id', offset: 0, limit: 100 });
    expect(now.total).toBe(before.total);
    // page 2 is exactly as it was (not even its fetch time changed); the pages read again differ only in that
    const page2 = (rows: typeof now.rows) => rows.filter((r) => r.id >= 16 && r.id <= 30);
    expect(page2(now.rows)).toEqual(page2(before.rows));
    const strip = (rows: typeof now.rows) => rows.map((r) => ({ ...r, fetchedAt: 0 }));
    expect(strip(now.rows)).toEqual(strip(before.rows));
  });

  it('the server stores the order, then kills the socket: unknown, reconciled to sent, exactly one order', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    const email = 'dropped@example.com';
    svc.faults.add({ fault: { kind: 'drop-after-store' }, method: 'POST', path: '/api/order', times: 1 });
    const queued = await ask(c, 'outbox:submit', { draftId: 'matrix-drop-1', order: sampleOrder({ email }) });
    const sent = await entry(c, queued.id, ['sent']);
    expect(sent.reason).toMatchObject({ code: 'found_on_service', orderId: sent.serverOrderId });
    expect(JSON.stringify(sent.reason)).not.toMatch(/undefined|NaN/);
    expect(svc.stats().orderPosts).toBe(1);
    tally(svc, email, 1);
  });

  it('POST answers 500: unknown, never sent again by itself', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    const email = 'five-hundred@example.com';
    svc.faults.add({ fault: { kind: 'status', status: 500 }, method: 'POST', path: '/api/order' });
    const queued = await ask(c, 'outbox:submit', { draftId: 'matrix-500-1', order: sampleOrder({ email }) });
    // in doubt, then checked against the service's order list (the 500 stored nothing: no match)
    const doubt = await until(
      () => entry(c, queued.id, ['unknown']),
      (e) => e.attempts.some((a) => attemptKind(a.outcome) === 'look'),
    );
    expect(doubt.reason).toEqual({ code: 'no_match' });
    // more chances to resend: a check, a resume, time
    await ask(c, 'connection:check', {});
    await new Promise((r) => setTimeout(r, 300));
    expect(svc.stats().orderPosts).toBe(1);
    expect((await ask(c, 'outbox:list', {})).unsent).toBe(1);
    tally(svc, email, 0); // the 500 stored nothing: staff decide, with the facts
  });

  it('connection refused: stays queued; sent once when the service is back', async () => {
    rows++;
    const first = await serviceOutsideEphemeralPorts();
    const port = first.port;
    const c = core();
    await connect(c, first);
    await first.close();
    const email = 'refused@example.com';
    const queued = await ask(c, 'outbox:submit', { draftId: 'matrix-refused-1', order: sampleOrder({ email }) });
    const waiting = await entry(c, queued.id, ['queued']);
    expect(waiting.state).toBe('queued');
    const again = await service({ port });
    await ask(c, 'connection:check', {});
    const sent = await entry(c, queued.id, ['sent']);
    // under load the check once joined a probe that had knocked before this service was up: 'refused', never here
    expect(sent.state, JSON.stringify({ reason: sent.reason, attempts: sent.attempts.length })).toBe('sent');
    expect(again.stats().orderPosts).toBe(1);
    tally(again, email, 1);
  });

  it('429 with Retry-After in seconds and as an HTTP date: waits as told, does not hammer', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    const email = 'rate@example.com';
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: '1' }, method: 'POST', path: '/api/order', times: 1 });
    const started = Date.now();
    const queued = await ask(c, 'outbox:submit', { draftId: 'matrix-429-1', order: sampleOrder({ email }) });
    await entry(c, queued.id, ['sent']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(svc.stats().orderPosts).toBe(2); // the refused one and the one that went in
    tally(svc, email, 1);

    const date = new Date(Date.now() + 1_500).toUTCString();
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: date }, path: '/api/product?page=3', times: 1 });
    const pageRequests = svc.stats().requests ?? 0;
    const status = await syncAll(c);
    expect(status.state).toBe('complete');
    const requests = (svc.stats().requests ?? 0) - pageRequests;
    if (pageRequests) expect(requests).toBeLessThan(12); // 4 pages and one wait, not a hammering loop
  });

  it('422 with field errors: rejected; each message lands on its field and step; the order is kept to correct', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    const body = JSON.stringify({
      message: 'The order_items.0.quantity field must be at least 1. (and 1 more error)',
      errors: {
        'order_items.0.quantity': ['The order_items.0.quantity field must be at least 1.'],
        email: ['The email field must be a valid email address.'],
      },
    });
    svc.faults.add({ fault: { kind: 'status', status: 422, body }, method: 'POST', path: '/api/order', times: 1 });
    const queued = await ask(c, 'outbox:submit', {
      draftId: 'matrix-422-1',
      order: sampleOrder({ email: 'v@example.com' }),
    });
    const rejected = await entry(c, queued.id, ['rejected']);
    const errors = fromServerErrors(rejected.fieldErrors);
    expect(errors['order_items.0.quantity']).toMatch(/at least 1/);
    expect(stepOf('order_items.0.quantity')).toBe(2);
    expect(stepOf('email')).toBe(0);
    expect(rejected.order).toEqual(sampleOrder({ email: 'v@example.com' })); // kept whole, to be corrected
    tally(svc, 'v@example.com', 0);
  });

  it('401: token marked invalid, staff asked for a new one; queued orders wait, nothing dropped', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc, 'wrong-token');
    expect((await ask(c, 'connection:status', {})).state).toBe('unauthorized');
    const email = 'paused@example.com';
    const queued = await ask(c, 'outbox:submit', { draftId: 'matrix-401-1', order: sampleOrder({ email }) });
    const paused = await entry(c, queued.id, ['queued']);
    expect(paused.paused || paused.attempts.length === 0).toBe(true);
    expect((await ask(c, 'outbox:list', {})).unsent).toBe(1);
    await connect(c, svc, 'tok');
    await entry(c, queued.id, ['sent']);
    tally(svc, email, 1);
  });

  it('403, 404, 405: a clear message; a 404 on a product marks it in the cache', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    await syncAll(c);
    svc.faults.add({
      fault: { kind: 'status', status: 404, body: '{"message":"Not Found"}' },
      path: '/api/product/7',
      times: 1,
    });
    const gone = await ask(c, 'catalogue:product', { id: 7 });
    expect(gone.missing).toBe(true);
    for (const status of [403, 405]) {
      svc.faults.add({
        fault: { kind: 'status', status, body: '{"message":"No."}' },
        path: '/api/product/8',
        times: 1,
      });
      const read = await ask(c, 'catalogue:product', { id: 8 });
      expect(read.source).toBe('cache');
      // a code with the error's code and facts (the screen words it), nothing undefined or half-built in it
      expect(ReadWhy.safeParse(read.why).success).toBe(true);
      expect(read.why).toMatchObject({ code: 'failed', error: { code: expect.stringMatching(/^[a-z_]{4,}$/) } });
      expect(JSON.stringify(read.why)).not.toMatch(/undefined|NaN|\[object/);
    }
  });

  it('HTML error page, debug page, truncated or invalid JSON with 200: plain words, nothing cached, no HTML shown', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    for (const fault of [
      { kind: 'html' as const },
      { kind: 'malformed' as const },
      { kind: 'cut-body' as const },
      {
        kind: 'status' as const,
        status: 200,
        body: '<pre>Whoops! ErrorException in Handler.php line 12</pre>',
        contentType: 'text/html',
      },
    ]) {
      svc.faults.add({ fault, path: '/api/product/9', times: 1 });
      const read = await ask(c, 'catalogue:product', { id: 9 }).catch((e: Error) => ({
        why: e.message,
        source: 'error',
      }));
      expect(JSON.stringify(read.why ?? '')).not.toMatch(/<|Whoops|Handler\.php/);
    }
    // a whole sync whose first page is HTML every time: that page is not cached, the pass says so
    svc.faults.add({ fault: { kind: 'html' }, path: '/api/product?page=1', times: 50 });
    const status = await syncAll(c);
    expect(['incomplete', 'failed']).toContain(status.state);
    expect(status.outcome?.code).toBe('first_page_failed');
    // nothing of the HTML reaches the screens, not even as a detail
    expect(JSON.stringify(status)).not.toMatch(/<|Whoops|Handler\.php/);
    const cached = await ask(c, 'catalogue:query', { sort: 'id', offset: 0, limit: 20 });
    expect(cached.rows.some((r) => r.id <= 15)).toBe(false);
  });

  it('wrong types (numbers for strings, "abc" price, null name, missing meta): read tolerantly per record, never NaN', async () => {
    rows++;
    const svc = await service({ products: 3 });
    const c = core();
    await connect(c, svc);
    const page = {
      data: [
        { id: 1, sku: 1001, name: null, price: 'abc', available_stocks: '12', physical_stock: 14, barcode: 123456 },
        { id: '2', sku: 'B-2', name: 'Two', price: 5, available_stock: null, lenght: '3', status: 7 },
        { id: 'x', name: 'no id' },
        'not even an object',
      ],
      meta: { current_page: 1, last_page: 1, total: 2, per_page: 15 },
    };
    svc.faults.add({
      fault: { kind: 'status', status: 200, body: JSON.stringify(page) },
      path: '/api/product?page=1',
      times: 1,
    });
    const status = await syncAll(c);
    expect(status.skippedRecords).toBe(2);
    const read = (await ask(c, 'catalogue:query', { sort: 'id', offset: 0, limit: 10 })).rows;
    expect(read.map((r) => r.id)).toEqual([1, 2]);
    const text = JSON.stringify(read);
    expect(text).not.toMatch(/NaN|undefined|Infinity/);
    expect(read[0]).toMatchObject({ sku: '1001', price: null, available: 12, barcode: '123456' });
    expect(read[1]).toMatchObject({ price: '5.00', available: null });
    // missing meta: the pass ends with a reason instead of guessing
    svc.faults.add({
      fault: { kind: 'status', status: 200, body: JSON.stringify({ data: [] }) },
      path: '/api/product?page=1',
      times: 5,
    });
    const noMeta = await syncAll(c);
    expect(noMeta.state).not.toBe('complete');
    expect(noMeta.outcome?.code).toBe('no_page_count');
  });

  it('a huge page (tens of MB): the size cap aborts it; memory stays bounded', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    const rss = process.memoryUsage().rss;
    svc.faults.add({ fault: { kind: 'huge', bytes: 40 * 1024 * 1024 }, path: '/api/product?page=2', times: 20 });
    const status = await syncAll(c);
    expect(status.state).toBe('incomplete');
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
    svc.faults.add({ fault: { kind: 'huge', bytes: 40 * 1024 * 1024 }, path: '/api/product/4', times: 1 });
    const read = await ask(c, 'catalogue:product', { id: 4 });
    expect(read.source).toBe('cache');
    expect(read.why).toMatchObject({ code: 'failed', error: { code: 'too_large' } });
  });

  it('pagination oddities: next on another host, a page past the end, last_page shrinking: no cross-origin follow, no endless loop, honest end', async () => {
    rows++;
    const svc = await service();
    const c = core();
    await connect(c, svc);
    let evilHits = 0;
    const evil = http.createServer((_req, res) => {
      evilHits++;
      res.end('{}');
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
    cleanup.push(() => new Promise((r) => evil.close(r)));
    const evilUrl = `http://127.0.0.1:${(evil.address() as { port: number }).port}/api/product?page=2`;
    const page1 = await (
      await fetch(`${svc.url}/api/product?page=1`, {
        headers: { authorization: 'Bearer tok', accept: 'application/json' },
      })
    ).json();
    (page1 as { links: { next: string } }).links.next = evilUrl;
    svc.faults.add({
      fault: { kind: 'status', status: 200, body: JSON.stringify(page1) },
      path: '/api/product?page=1',
      times: 1,
    });
    const status = await syncAll(c);
    expect(status.state).toBe('complete');
    expect(evilHits).toBe(0);

    // last_page shrinking mid-sync (the catalogue lost products while it was being read)
    const shrunk = (await (
      await fetch(`${svc.url}/api/product?page=3`, {
        headers: { authorization: 'Bearer tok', accept: 'application/json' },
      })
    ).json()) as { meta: { last_page: number; total: number }; data: unknown[] };
    shrunk.meta.last_page = 3;
    shrunk.meta.total = 40;
    svc.faults.add({
      fault: { kind: 'status', status: 200, body: JSON.stringify(shrunk) },
      path: '/api/product?page=3',
      times: 1,
    });
    const started = Date.now();
    const honest = await syncAll(c);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(honest.state).not.toBe('running');
    // incomplete, and why: the service's last page moved from 4 to 3 during the pass
    expect(honest.outcome).toMatchObject({ code: 'incomplete', drift: { from: 4, to: 3 } });
  });

  it('a redirect to another host or to plain http: the Authorization header is not forwarded', async () => {
    rows++;
    let leaked = 0;
    const other = http.createServer((req, res) => {
      if (req.headers.authorization) leaked++;
      res.end('{}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    cleanup.push(() => new Promise((r) => other.close(r)));
    const target = `http://localhost:${(other.address() as { port: number }).port}/api/product/1`;
    const redirecting = http.createServer((_req, res) => {
      res.writeHead(302, { location: target });
      res.end();
    });
    await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', () => r()));
    cleanup.push(() => new Promise((r) => redirecting.close(r)));
    const c = core();
    const url = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}`;
    await ask(c, 'settings:save', { baseUrl: url, token: 'tok' });
    const verdict = await ask(c, 'connection:test', { baseUrl: url, token: 'tok' });
    expect(verdict.verdict).not.toBe('connected');
    await syncCatalogue(c).catch(() => undefined);
    expect(leaked).toBe(0);
  });

  it('base URLs that are not the service over https are refused when saving (plain http only to loopback)', async () => {
    rows++;
    const c = core();
    for (const baseUrl of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://shop.example',
      'http://shop.example',
      'https://user:pass@shop.example',
    ]) {
      const saved = await c.dispatch('settings:save', { baseUrl, token: 'tok' });
      expect(saved.ok, baseUrl).toBe(false);
    }
    expect((await c.dispatch('settings:save', { baseUrl: 'http://127.0.0.1:9', token: 'tok' })).ok).toBe(true);
    expect((await c.dispatch('settings:save', { baseUrl: 'https://shop.example', token: 'tok' })).ok).toBe(true);
  });
});
