import { afterEach, describe, expect, it } from 'vitest';
import { cacheKey } from '../../../../electron/main/core/service-scope';
import type { Core } from '../../../../electron/main/core/index';
import { startService, type RunningService } from '../../../../server/index';
import { createTestCore, syncCatalogue } from '../../../support/core';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const service = async (products: number): Promise<RunningService> => {
  const svc = await startService({ token: 'tok', products, orders: 0 });
  cleanup.push(() => svc.close());
  return svc;
};
const core = (): Core => {
  const { core: c, dispose } = createTestCore();
  cleanup.push(dispose);
  return c;
};
const value = <T>(result: { ok: boolean; value?: unknown }): T => {
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.value as T;
};
/** Waits for the pass under way (joining it, never starting a second one). */
const waitForSync = (c: Core) => syncCatalogue(c);

describe('catalogue feature', () => {
  it('keeps one cache per service: switching services never mixes catalogues', async () => {
    const a = await service(20);
    const b = await service(35);
    const c = core();
    value(await c.dispatch('settings:save', { baseUrl: a.url, token: 'tok' }));
    value(await c.dispatch('catalogue:sync', {}));
    expect((await waitForSync(c)).cachedProducts).toBe(20);
    value(await c.dispatch('settings:save', { baseUrl: b.url, token: 'tok' }));
    expect(value<{ total: number }>(await c.dispatch('catalogue:query', {})).total).toBe(0);
    value(await c.dispatch('catalogue:sync', {}));
    expect((await waitForSync(c)).cachedProducts).toBe(35);
    value(await c.dispatch('settings:save', { baseUrl: a.url, token: 'tok' }));
    expect(value<{ total: number }>(await c.dispatch('catalogue:query', {})).total).toBe(20);
  });

  it('cache keys: demo has its own, services by address, nothing when unconfigured', () => {
    expect(cacheKey({ mode: 'demo', baseUrl: 'http://127.0.0.1:1', token: 't' })).toBe('demo');
    expect(cacheKey({ mode: 'demo', baseUrl: 'http://127.0.0.1:2', token: 't' })).toBe('demo');
    const one = cacheKey({ mode: 'service', baseUrl: 'https://a.example', token: 't' });
    expect(one).toMatch(/^[0-9a-f]{16}$/);
    expect(cacheKey({ mode: 'service', baseUrl: 'https://b.example', token: 't' })).not.toBe(one);
    expect(cacheKey({ mode: 'unconfigured', baseUrl: null, token: null })).toBeNull();
  });

  it('product detail: live when online, cached with a note when the service is gone, an error when never cached', async () => {
    const svc = await service(20);
    const c = core();
    value(await c.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' }));
    value(await c.dispatch('connection:check', {}));
    value(await c.dispatch('catalogue:sync', {}));
    await waitForSync(c);
    expect(value<{ source: string }>(await c.dispatch('catalogue:product', { id: 5 })).source).toBe('live');
    await svc.close();
    const offline = value<{ source: string; note: string | null }>(await c.dispatch('catalogue:product', { id: 5 }));
    expect(offline.source).toBe('cache');
    expect(offline.note).toMatch(/connection to the service was lost|could not be reached|Offline/);
    expect(await c.dispatch('catalogue:product', { id: 999 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('a 404 from the service marks the cached product as no longer listed', async () => {
    const svc = await service(20);
    const c = core();
    value(await c.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' }));
    value(await c.dispatch('catalogue:sync', {}));
    await waitForSync(c);
    svc.faults.add({ fault: { kind: 'status', status: 404 }, path: '/api/product/7', times: 1 });
    const read = value<{ missing: boolean; product: { listed: boolean } }>(
      await c.dispatch('catalogue:product', { id: 7 }),
    );
    expect(read.missing).toBe(true);
    expect(read.product.listed).toBe(false);
  });
});
