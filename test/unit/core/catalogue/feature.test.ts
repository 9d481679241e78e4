import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheKey } from '../../../../electron/main/core/storage/service-scope';
import type { Core } from '../../../../electron/main/core/index';
import { startService, type RunningService } from '../../../../server/index';
import { coreIn, createTestCore, syncCatalogue } from '../../../support/core';
import type { ProductRead } from '../../../../shared/contract';

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

  it('catalogue:lookup says why a code found nothing: a misread, a barcode not in the catalogue, another code (#29.3)', async () => {
    const a = await service(20);
    const c = core();
    value(await c.dispatch('settings:save', { baseUrl: a.url, token: 'tok' }));
    value(await c.dispatch('catalogue:sync', {}));
    await waitForSync(c);
    type Answer = { product: { id: number } | null; miss: string | null };
    const lookUp = async (code: string) => value<Answer>(await c.dispatch('catalogue:lookup', { code }));
    // the reference service's barcodes are EAN-13s with right check digits: 87 + the id
    expect(await lookUp('8700000000070')).toMatchObject({ product: { id: 7 }, miss: null });
    expect(await lookUp('08700000000070')).toMatchObject({ product: { id: 7 }, miss: null }); // its GTIN-14
    expect(await lookUp('8700000000071')).toEqual({ product: null, miss: 'misread' });
    expect(await lookUp('4000000000006')).toEqual({ product: null, miss: 'not_in_catalogue' });
    expect(await lookUp('no-such-sku')).toEqual({ product: null, miss: 'unknown' });
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
    const offline = value<ProductRead>(await c.dispatch('catalogue:product', { id: 5 }));
    expect(offline.source).toBe('cache');
    // offline, or the read found the service gone: a code the screen words (#28.5)
    expect(
      offline.why?.code === 'offline' || (offline.why?.code === 'failed' && offline.why.error?.code === 'unreachable'),
    ).toBe(true);
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

describe('a damaged catalogue cache', () => {
  /** A core over a data folder that outlives it (to be opened again after the damage). */
  const coreOver = (dataDir: string, warnings: string[] = []): Core => {
    const c = coreIn(dataDir, {
      log: { info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined },
    });
    cleanup.push(() => c.close());
    return c;
  };
  /** A full cache of 600 products in a folder of its own; returns the folder and the cache file. */
  const fullCache = async (): Promise<{ dataDir: string; file: string; svc: RunningService }> => {
    const svc = await service(600);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-damaged-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = coreOver(dataDir);
    value(await first.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' }));
    value(await first.dispatch('catalogue:sync', {}));
    expect((await waitForSync(first)).cachedProducts).toBe(600);
    await first.close();
    const name = fs.readdirSync(dataDir).find((f) => /^catalogue-.*\.sqlite$/.test(f))!;
    return { dataDir, file: path.join(dataDir, name), svc };
  };
  /** Overwrites the first page of one of the file's b-trees with garbage. */
  const damage = (file: string, tree: string): void => {
    const db = new Database(file, { readonly: true });
    const root = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').pluck().get(tree) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (root - 1) * pageSize);
    fs.closeSync(fd);
  };
  const movedAside = (dataDir: string): string[] => fs.readdirSync(dataDir).filter((f) => /\.corrupt-\d+$/.test(f));

  it('damage the quick look at start cannot see is found by the full check on its own thread: moved aside, fetched again', async () => {
    const { dataDir, file, svc } = await fullCache();
    damage(file, 'products_fts_data'); // the search index: opening never reads it
    const warnings: string[] = [];
    const c = coreOver(dataDir, warnings);
    // the cache opens at once, as it was: the full check runs elsewhere
    expect(value<{ cachedProducts: number }>(await c.dispatch('catalogue:status', {})).cachedProducts).toBe(600);
    await vi.waitFor(() => expect(movedAside(dataDir)).toHaveLength(1), { timeout: 15_000, interval: 50 });
    expect(warnings.filter((w) => /damaged: moved aside/.test(w))).toHaveLength(1);
    expect(value<{ cachedProducts: number }>(await c.dispatch('catalogue:status', {})).cachedProducts).toBe(0);
    value(await c.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' })); // the token lived in memory
    value(await c.dispatch('catalogue:sync', {}));
    expect(await waitForSync(c)).toMatchObject({ state: 'complete', cachedProducts: 600 });
    expect(value<{ total: number }>(await c.dispatch('catalogue:query', { text: 'a' })).total).toBeGreaterThan(0);
  });

  it('a cache too damaged to open is moved aside at once and a fresh one starts', async () => {
    const { dataDir, file, svc } = await fullCache();
    damage(file, 'sync_state'); // read when the cache opens
    const warnings: string[] = [];
    const c = coreOver(dataDir, warnings);
    expect(value<{ cachedProducts: number }>(await c.dispatch('catalogue:status', {})).cachedProducts).toBe(0);
    expect(movedAside(dataDir)).toHaveLength(1);
    expect(warnings.some((w) => /damaged \(SQLITE_CORRUPT/.test(w))).toBe(true);
    value(await c.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' }));
    value(await c.dispatch('catalogue:sync', {}));
    expect((await waitForSync(c)).cachedProducts).toBe(600);
  });

  it('a closed core serves no request and opens no cache: its data folder can be removed at once and stays gone', async () => {
    const { dataDir } = await fullCache();
    const errors: string[] = [];
    const c = coreIn(dataDir, {
      log: { info: () => undefined, warn: (m) => void errors.push(m), error: (m) => void errors.push(m) },
    });
    // requests under way as it closes, one of them opening the cache and starting its check on a thread
    const underway = [
      c.dispatch('catalogue:status', {}),
      c.dispatch('catalogue:query', { text: 'a' }),
      c.dispatch('orders:status', {}),
    ];
    await c.close();
    for (const result of await Promise.all(underway)) {
      if (!result.ok) expect(result.error.code).toBe('closing');
    }
    for (const channel of ['catalogue:status', 'catalogue:query', 'outbox:list', 'orders:status'] as const) {
      const late = await c.dispatch(channel, channel === 'catalogue:query' ? { text: 'a' } : {});
      expect(late).toEqual({ ok: false, error: { code: 'closing', message: 'Shopdesk is closing.' } });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 1500));
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a file that is no database at all is moved aside when it opens, and the log says so', async () => {
    const { dataDir, file } = await fullCache();
    fs.writeFileSync(file, Buffer.alloc(8192, 7));
    const warnings: string[] = [];
    const c = coreOver(dataDir, warnings);
    expect(value<{ cachedProducts: number }>(await c.dispatch('catalogue:status', {})).cachedProducts).toBe(0);
    expect(movedAside(dataDir)).toHaveLength(1);
    expect(warnings.some((w) => /damaged \(not a readable database\)/.test(w))).toBe(true);
  });
});

describe('closing while the full check of the cache runs', () => {
  it('the cache closes only after the check has let go of the file: its write-ahead log is folded in, not left behind', async () => {
    const svc = await service(20);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-checking-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // a cache an earlier run left (only such a file is checked)
    const earlier = coreIn(dataDir, { catalogueWriter: 'inline' });
    value(await earlier.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' }));
    value(await earlier.dispatch('catalogue:status', {}));
    await earlier.close();
    const c = coreIn(dataDir, {
      catalogueWriter: {
        script: new URL('../../../support/slow-check.worker.ts', import.meta.url),
        execArgv: ['--import', 'tsx'],
      },
    });
    value(await c.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' }));
    // the cache opens and its check starts on a thread of its own
    value(await c.dispatch('catalogue:status', {}));
    const name = fs.readdirSync(dataDir).find((f) => /^catalogue-.*\.sqlite$/.test(f))!;
    await vi.waitFor(() => expect(fs.existsSync(path.join(dataDir, `${name}.checking`))).toBe(true), {
      timeout: 15_000,
      interval: 20,
    });
    // staff open a product: read live and written back, so the log holds a write when the app quits
    value(await c.dispatch('catalogue:product', { id: 3 }));
    await c.close(); // the app quits while the check (seconds, for a large catalogue) still holds the file
    const wal = path.join(dataDir, `${name}-wal`);
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
  });
});
