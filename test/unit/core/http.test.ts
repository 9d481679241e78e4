import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure, ServiceHttp, parseRetryAfter } from '../../../electron/main/core/http/client';
import { LIMITS } from '../../../electron/main/core/limits';
import { startService, type RunningService } from '../../../server/index';

let svc: RunningService;
const client = new ServiceHttp();
const conn = () => ({ baseUrl: svc.url, token: 'tok' });

const failure = async (promise: Promise<unknown>): Promise<ApiFailure> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

beforeAll(async () => {
  svc = await startService({ token: 'tok', products: 20, orders: 2 });
});
afterAll(async () => {
  await client.destroy();
  await svc.close();
});
beforeEach(() => svc.faults.clear());

describe('service client error taxonomy', () => {
  it('reads JSON with the auth and Accept headers', async () => {
    const res = await client.json(conn(), '/api/product?page=1');
    expect((res.body as { data: unknown[] }).data).toHaveLength(15);
  });

  it('401, 403, 404, 405, 422 and 5xx map to their codes', async () => {
    expect((await failure(client.json({ ...conn(), token: 'bad' }, '/api/product'))).code).toBe('unauthorized');
    svc.faults.add({ fault: { kind: 'status', status: 403 }, times: 1 });
    expect((await failure(client.json(conn(), '/api/product'))).code).toBe('forbidden');
    expect((await failure(client.json(conn(), '/api/product/9999'))).code).toBe('not_found');
    svc.faults.add({ fault: { kind: 'status', status: 405 }, times: 1 });
    expect((await failure(client.json(conn(), '/api/product'))).code).toBe('bad_response');
    const invalid = await failure(client.json(conn(), '/api/order', { method: 'POST', body: { name: '' } }));
    expect(invalid.code).toBe('validation');
    expect(invalid.fields?.name?.[0]).toMatch(/required/);
    svc.faults.add({ fault: { kind: 'status', status: 500 }, times: 1 });
    const server = await failure(client.json(conn(), '/api/product'));
    expect(server.code).toBe('server_error');
    expect(server.detail.maybeDelivered).toBe(true);
    // the screen words each from its code and facts (issue #18), never from the English message
    expect(server.toError().facts).toMatchObject({ status: 500 });
  });

  it('HTML and truncated JSON with 200 are bad responses, never data', async () => {
    svc.faults.add({ fault: { kind: 'html' }, times: 1 });
    const page = await failure(client.json(conn(), '/api/product'));
    expect(page.message).toMatch(/web page/);
    expect(page.facts).toMatchObject({ reason: 'web_page', status: 200 });
    svc.faults.add({ fault: { kind: 'malformed' }, times: 1 });
    const malformed = await failure(client.json(conn(), '/api/product'));
    expect(malformed.code).toBe('bad_response');
    expect(malformed.facts).toMatchObject({ reason: 'unreadable' });
  });

  it('429 carries Retry-After and counts as not delivered', async () => {
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: '7' }, times: 1 });
    const limited = await failure(client.json(conn(), '/api/product'));
    expect(limited.code).toBe('rate_limited');
    expect(limited.detail.retryAfterMs).toBe(7000);
    expect(limited.detail.maybeDelivered).toBe(false);
    expect(limited.facts).toMatchObject({ retryAfterSeconds: 7, status: 429 });
  });

  it('refused connections are certainly not delivered; a dropped one may have been', async () => {
    const refused = await failure(client.json({ baseUrl: 'http://127.0.0.1:9', token: 't' }, '/api/product'));
    expect(refused.code).toBe('unreachable');
    expect(refused.detail.maybeDelivered).toBe(false);
    expect(refused.facts).toMatchObject({ network: 'refused' });
    svc.faults.add({ fault: { kind: 'drop' }, times: 1 });
    const dropped = await failure(client.json(conn(), '/api/product'));
    expect(dropped.code).toBe('unreachable');
    expect(dropped.detail.maybeDelivered).toBe(true);
  });

  it('a slow answer times out at the deadline', async () => {
    svc.faults.add({ fault: { kind: 'latency', ms: 1500 }, times: 1 });
    const slow = await failure(client.json(conn(), '/api/product', { deadlineMs: 200 }));
    expect(slow.code).toBe('timeout');
    expect(slow.detail.maybeDelivered).toBe(true);
  });

  it('the size cap stops a huge body at its edge', async () => {
    svc.faults.add({ fault: { kind: 'huge', bytes: LIMITS.maxResponseBytes + 1024 }, times: 1 });
    expect((await failure(client.json(conn(), '/api/product'))).code).toBe('too_large');
    svc.faults.add({ fault: { kind: 'huge', bytes: 64 * 1024 }, times: 1 });
    await expect(client.json(conn(), '/api/product', { maxBytes: 64 * 1024 })).resolves.toBeTruthy();
    svc.faults.add({ fault: { kind: 'huge', bytes: 64 * 1024 + 1 }, times: 1 });
    expect((await failure(client.json(conn(), '/api/product', { maxBytes: 64 * 1024 }))).code).toBe('too_large');
  });

  it('never follows a redirect to another host with the token', async () => {
    const seen: (string | undefined)[] = [];
    const other = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as { port: number }).port;
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: `http://localhost:${otherPort}/api/product` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const port = (redirector.address() as { port: number }).port;
    try {
      const err = await failure(client.json({ baseUrl: `http://127.0.0.1:${port}`, token: 'secret' }, '/api/product'));
      expect(err.code).toBe('bad_response');
      expect(err.message).toMatch(/redirected to another address/);
      expect(seen).toEqual([]);
    } finally {
      redirector.close();
      other.close();
    }
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, caps them, ignores junk', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999', now)).toBe(LIMITS.maxRetryAfterMs);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
