/**
 * The named limits of limits.ts at their edges, seen from the service's side where possible: concurrency caps,
 * retry budgets, time-outs and redirects. (The response size cap's edge is in test/unit/core/http.test.ts.)
 */
import http from 'node:http';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceHttp, type ApiFailure } from '../../../electron/main/core/http/client';
import type { Core } from '../../../electron/main/core/index';
import { LIMITS, SYNC_LIMITS } from '../../../electron/main/core/limits';
import { MANUAL_CONCURRENCY } from '../../../electron/main/core/http/concurrency';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { createTestCore, syncCatalogue } from '../../support/core';
import { recordFigures } from '../../support/reliability-report';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
let edges = 0;

async function service(products = 200): Promise<RunningService> {
  const svc = await startService({ token: 'tok', products, orders: 0 });
  cleanup.push(() => svc.close());
  return svc;
}

function core(http?: ServiceHttp): Core {
  const { core: c, dispose } = createTestCore({ http });
  cleanup.push(dispose);
  return c;
}

async function sync(c: Core, svc: RunningService) {
  await ask(c, 'settings:save', { baseUrl: svc.url, token: 'tok' });
  return syncCatalogue(c);
}

describe('limits at their edges', () => {
  it(`"Sync now" keeps at most SYNC_LIMITS.concurrency (${SYNC_LIMITS.concurrency}) page requests in flight, and grows to use more than it starts with`, async () => {
    edges++;
    const svc = await service(15 * 200);
    svc.faults.add({ fault: { kind: 'latency', ms: 20 }, path: '/api/product' });
    const status = await sync(core(), svc);
    expect(status.state).toBe('complete');
    expect(MANUAL_CONCURRENCY.max).toBe(SYNC_LIMITS.concurrency);
    expect(svc.stats().maxInFlight).toBeLessThanOrEqual(SYNC_LIMITS.concurrency);
    expect(svc.stats().maxInFlight).toBeGreaterThan(MANUAL_CONCURRENCY.start);
  });

  it(`a page is tried SYNC_LIMITS.attemptsPerPage (${SYNC_LIMITS.attemptsPerPage}) times: one failure fewer succeeds, as many fails`, async () => {
    edges++;
    const svc = await service(45);
    svc.faults.add({
      fault: { kind: 'status', status: 503 },
      path: '/api/product?page=2',
      times: SYNC_LIMITS.attemptsPerPage - 1,
    });
    expect((await sync(core(), svc)).state).toBe('complete');

    const again = await service(45);
    again.faults.add({
      fault: { kind: 'status', status: 503 },
      path: '/api/product?page=2',
      times: SYNC_LIMITS.attemptsPerPage,
    });
    const status = await sync(core(), again);
    expect(status.state).toBe('incomplete');
    expect(status.failedPages).toBe(1);
    expect(again.faults.injected).toBe(SYNC_LIMITS.attemptsPerPage); // not one request more on that page
  });

  it('a read waits for headers up to its time-out, and no longer', async () => {
    edges++;
    const svc = await service(15);
    const agent = new Agent({ headersTimeout: 300, bodyTimeout: 300 });
    const client = new ServiceHttp(agent);
    cleanup.push(() => client.destroy());
    const conn = { baseUrl: svc.url, token: 'tok' };
    svc.faults.add({ fault: { kind: 'latency', ms: 100 }, path: '/api/product', times: 1 });
    await expect(client.json(conn, '/api/product?page=1')).resolves.toBeTruthy();
    svc.faults.add({ fault: { kind: 'latency', ms: 900 }, path: '/api/product', times: 1 });
    const failure = (await client.json(conn, '/api/product?page=1').catch((e: unknown) => e)) as ApiFailure;
    expect(failure.code).toBe('timeout');
    // and the whole-request deadline, separately
    svc.faults.add({ fault: { kind: 'latency', ms: 250 }, path: '/api/product', times: 1 });
    const late = (await client
      .json(conn, '/api/product?page=1', { deadlineMs: 150 })
      .catch((e: unknown) => e)) as ApiFailure;
    expect(late.code).toBe('timeout');
  });

  it(`same-origin redirects: LIMITS.maxRedirects (${LIMITS.maxRedirects}) are followed, one more is refused`, async () => {
    edges++;
    const server = http.createServer((req, res) => {
      const hop = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('hop') ?? '0');
      const stop = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('stop') ?? '0');
      if (hop < stop) {
        res.writeHead(302, { location: `/api/product?hop=${hop + 1}&stop=${stop}` });
        res.end();
      } else {
        res.setHeader('content-type', 'application/json');
        res.end('{"data":[]}');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    cleanup.push(() => new Promise((r) => server.close(r)));
    const client = new ServiceHttp();
    cleanup.push(() => client.destroy());
    const conn = { baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, token: 'tok' };
    await expect(client.json(conn, `/api/product?hop=0&stop=${LIMITS.maxRedirects}`)).resolves.toMatchObject({
      status: 200,
    });
    const failure = (await client
      .json(conn, `/api/product?hop=0&stop=${LIMITS.maxRedirects + 1}`)
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure.code).toBeTruthy();
    recordFigures('limits', { edgesTested: edges });
  });
});
