import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueStatus } from '../../../../shared/domain';
import { ServiceHttp } from '../../../../electron/main/core/http/client';
import { CatalogueRepository } from '../../../../electron/main/core/catalogue/db';
import { SOURCE_WRITER_THREAD, threadWriter, type PageWriter } from '../../../../electron/main/core/catalogue/writer';
import { CoreEvents } from '../../../../electron/main/core/events';
import { CatalogueSync } from '../../../../electron/main/core/catalogue/sync';
import { startService, type RunningService } from '../../../../server/index';

let dir: string;
let svc: RunningService;
let repo: CatalogueRepository;
let client: ServiceHttp;
const events = new CoreEvents();
const fastSleep = async (): Promise<void> => undefined;
/** Where the syncs of a test commit their pages: on this thread, or on the writer thread as the app does. */
type WriterMode = 'inline' | 'thread';
let mode: WriterMode = 'inline';
const writerFor = (pragmas: string[] = []): (() => PageWriter) | undefined =>
  mode === 'thread'
    ? () => threadWriter(repo, path.join(dir, 'c.sqlite'), { ...SOURCE_WRITER_THREAD, pragmas })
    : undefined;
const sync = (opts: { url?: string; token?: string; sleep?: (ms: number, s: AbortSignal) => Promise<void> } = {}) =>
  new CatalogueSync({
    repo,
    writer: writerFor(),
    http: client,
    events,
    target: async () => ({ baseUrl: opts.url ?? svc.url, token: opts.token ?? svc.token }),
    sleep: opts.sleep ?? fastSleep,
  });

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-sync-'));
  svc = await startService({ token: 'tok', products: 100, orders: 0, seed: 3 });
  repo = new CatalogueRepository(path.join(dir, 'c.sqlite'));
  client = new ServiceHttp();
});
afterEach(async () => {
  await client.destroy();
  await svc.close();
  repo.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each<WriterMode>(['inline', 'thread'])('catalogue sync against the reference service (writes %s)', (m) => {
  beforeEach(() => {
    mode = m;
  });
  afterEach(() => {
    mode = 'inline';
  });

  it('a first download says "complete" only once its indexes are built; a sync asked for then starts a new pass', async () => {
    const indexCount = () =>
      repo.db
        .prepare(
          "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'products' AND sql IS NOT NULL",
        )
        .pluck()
        .get();
    const s = sync();
    void s.start();
    while (s.status().state === 'running') await new Promise((r) => setImmediate(r));
    expect(s.status().state).toBe('complete');
    expect(indexCount()).toBe(9);
    svc.faults.add({ fault: { kind: 'status', status: 503 }, path: '/api/product?page=2', times: 10 });
    const second = await s.start();
    expect(second.state).toBe('incomplete'); // a new pass ran (and met the fault), not the finished one
  });

  it('fetches every page, checks completeness against meta.total, emits progress', async () => {
    const progress: CatalogueStatus[] = [];
    const stop = events.on('catalogue:progress', (s) => progress.push(s));
    const status = await sync().start();
    stop();
    expect(status.state).toBe('complete');
    // complete, with its facts: 100 products listed, the service's own total the same, none delisted, and a time
    expect(status.outcome).toMatchObject({ code: 'complete', products: 100, serviceTotal: 100, delisted: 0 });
    expect(status.outcome!.at).toBeGreaterThanOrEqual(status.completeAt!);
    expect(status.cachedProducts).toBe(100);
    expect(status.pagesDone).toBe(7);
    expect(status.pagesTotal).toBe(7);
    expect(progress.at(-1)).toMatchObject({ state: 'complete', finishing: false });
    expect(progress.some((p) => p.state === 'running' && !p.finishing)).toBe(true);
    // once every page is in, the pass says it is finishing (saving, building indexes), with no time left to guess
    const finishing = progress.filter((p) => p.finishing);
    expect(finishing.length).toBeGreaterThan(0);
    expect(finishing.every((p) => p.state === 'running' && p.pagesDone === 7 && p.etaSeconds === null)).toBe(true);
    expect(progress.indexOf(finishing[0]!)).toBeGreaterThan(
      progress.findLastIndex((p) => !p.finishing && p.state === 'running'),
    );
    // every push carries a higher revision, so a reader can drop a stale read that arrives late
    const revisions = progress.map((p) => p.revision);
    expect(revisions.every((r, i) => i === 0 || r > revisions[i - 1]!)).toBe(true);
    expect(sync().status().revision).toBeGreaterThan(revisions.at(-1)!);
    expect(repo.lookup('123')).toBeNull();
    expect(repo.detail(55)?.name).toBeTruthy();
  });

  it('resumes an interrupted pass without refetching finished pages', async () => {
    // a first run, one page at a time, cancelled after three pages
    svc.faults.add({ fault: { kind: 'latency', ms: 30 }, path: '/api/product' });
    const first = new CatalogueSync({
      repo,
      writer: writerFor(),
      http: client,
      events,
      target: async () => ({ baseUrl: svc.url, token: 'tok' }),
      concurrency: 1,
    });
    const running = first.start();
    // three pages fetched (the writer may still be committing them: a cancel lets every accepted page land)
    while (first.status().pagesDone < 3) await new Promise((r) => setTimeout(r, 5));
    const pass = repo.state().pass!;
    first.cancel();
    const cancelled = await running;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.outcome).toMatchObject({ code: 'cancelled', pagesTotal: 7 });
    svc.faults.clear();
    // the request aborted by the cancel may still reach this in-process server; let it land before counting
    await new Promise((r) => setTimeout(r, 100));
    const pagesKept = repo.pagesDone(pass).size;
    // where it stopped, as the outcome says: the pages kept, which the next pass goes on from
    expect(cancelled.outcome!.pagesDone).toBe(pagesKept);
    expect(pagesKept).toBeGreaterThanOrEqual(3);
    expect(pagesKept).toBeLessThan(7);
    const before = svc.stats().requests;
    const resumed = await sync().start();
    expect(resumed.state).toBe('complete');
    expect(svc.stats().requests - before).toBe(7 - pagesKept);
  });

  it('429 with Retry-After waits as told and then succeeds', async () => {
    const waits: number[] = [];
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: '3' }, path: '/api/product', times: 2 });
    const status = await sync({ sleep: async (ms) => void waits.push(ms) }).start();
    expect(status.state).toBe('complete');
    expect(waits.filter((w) => w === 3000)).toHaveLength(2);
  });

  it('500 then success: retried with backoff; HTML body: retried; both end complete', async () => {
    const waits: number[] = [];
    svc.faults.add({ fault: { kind: 'status', status: 500 }, path: '/api/product', times: 2 });
    svc.faults.add({ fault: { kind: 'html' }, path: '/api/product', times: 1 });
    const status = await sync({ sleep: async (ms) => void waits.push(ms) }).start();
    expect(status.state).toBe('complete');
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(status.cachedProducts).toBe(100);
  });

  it('a page that keeps failing makes the pass incomplete, and a retry fetches only that page', async () => {
    await sync().start();
    const firstPassProducts = repo.listedCount();
    // page 4 answers 500 on every attempt
    svc.faults.add({ fault: { kind: 'status', status: 500 }, path: '/api/product?page=4', times: 4 });
    const incomplete = await sync().start();
    expect(incomplete.state).toBe('incomplete');
    // one page failed and nothing else went wrong: no drift, no empty page, the end seen
    expect(incomplete.outcome).toMatchObject({
      code: 'incomplete',
      failedPages: 1,
      drift: null,
      emptyPages: 0,
      endNotSeen: null,
    });
    expect(repo.listedCount()).toBe(firstPassProducts); // nothing delisted by an incomplete pass
    const before = svc.stats().requests;
    const retried = await sync().start();
    expect(retried.state).toBe('complete');
    expect(svc.stats().requests - before).toBe(1);
  });

  it('a connection dropped mid-page leaves the old cache intact', async () => {
    await sync().start();
    const snapshot = repo.db.prepare('SELECT id, raw FROM products ORDER BY id').all();
    svc.faults.add({ fault: { kind: 'cut-body' }, path: '/api/product', times: 100 });
    const status = await sync().start();
    expect(status.state).not.toBe('complete');
    expect(repo.db.prepare('SELECT id, raw FROM products ORDER BY id').all()).toEqual(snapshot);
    expect(repo.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('a write that fails (disk full) stops the pass with a plain reason; its pages are fetched again next time', async () => {
    const original = repo.writePages.bind(repo);
    let calls = 0;
    // on this thread a failing write is injected; the writer thread meets a real full disk (its file may not grow)
    if (m === 'inline') {
      repo.writePages = (...args: Parameters<typeof original>) => {
        calls += 1;
        if (calls === 1) throw new Error('database or disk is full');
        return original(...args);
      };
    }
    const pageCount = repo.db.pragma('page_count', { simple: true }) as number;
    const status = await new CatalogueSync({
      repo,
      writer: writerFor([`max_page_count = ${pageCount + 2}`]),
      http: client,
      events,
      target: async () => ({ baseUrl: svc.url, token: 'tok' }),
      concurrency: 1,
    }).start();
    expect(status.state).toBe('failed');
    expect(status.outcome).toMatchObject({
      code: 'not_saved',
      detail: expect.stringMatching(/database or disk is full/),
    });
    repo.writePages = original;
    expect(repo.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const resumed = await sync().start();
    expect(resumed.state).toBe('complete');
    expect(repo.listedCount()).toBe(100);
    expect(repo.db.prepare('SELECT count(*) FROM products').pluck().get()).toBe(100);
  });

  it('an index build that fails (disk full) ends the pass as not saved, never as a throw; the next pass builds them', async () => {
    // seen under load: the rows fitted, the first download's index build met the full disk and escaped start()
    const indexes = () =>
      repo.db
        .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'products_%'")
        .pluck()
        .get();
    const built = indexes();
    const original = repo.endBulkLoad.bind(repo);
    repo.endBulkLoad = async () => {
      throw new Error('database or disk is full');
    };
    const full = await new CatalogueSync({
      repo,
      http: client,
      events,
      target: async () => ({ baseUrl: svc.url, token: 'tok' }),
      sleep: fastSleep,
    }).start();
    repo.endBulkLoad = original;
    expect(full.state).toBe('failed');
    expect(full.outcome).toMatchObject({ code: 'not_saved', detail: 'database or disk is full' });
    expect(repo.bulkLoadUnfinished()).toBe(true);
    expect(indexes()).toBeLessThan(built as number);
    // a new sync (another instance, as after a restart of the schedule) is no first download, yet builds them
    const next = await sync().start();
    expect(next.state).toBe('complete');
    expect(indexes()).toBe(built);
    expect(repo.bulkLoadUnfinished()).toBe(false);
  });

  it('401 stops the sync and says to fix the token', async () => {
    const status = await sync({ token: 'wrong' }).start();
    expect(status.state).toBe('failed');
    expect(status.outcome?.code).toBe('unauthorized');
  });

  it('a service that is down ends the pass quickly with a plain reason', async () => {
    const status = await sync({ url: 'http://127.0.0.1:9' }).start();
    expect(status.state).toBe('failed');
    expect(status.outcome?.code).toBe('first_page_failed');
  });

  it('a complete pass delists products the service no longer lists', async () => {
    await sync().start();
    await svc.close();
    svc = await startService({ token: 'tok', products: 90, orders: 0, seed: 3 });
    const status = await sync().start();
    expect(status.outcome).toMatchObject({ code: 'complete', products: 90, delisted: 10 });
    expect(repo.detail(95)?.listed).toBe(false);
    expect(repo.listedCount()).toBe(90);
  });
});

describe('pagination oddities (a hand-made service)', () => {
  let server: http.Server;
  let url: string;
  let lastPageFor: (page: number) => number;
  let pageData: (page: number) => unknown[];
  let requests: string[];
  beforeEach(async () => {
    requests = [];
    lastPageFor = () => 3;
    pageData = (page) =>
      page <= 3
        ? Array.from({ length: 15 }, (_, i) => ({ id: String((page - 1) * 15 + i + 1), name: `P${page}-${i}` }))
        : [];
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
      const last = lastPageFor(page);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          data: pageData(page),
          links: { next: `https://evil.example/api/product?page=${page + 1}` },
          meta: { current_page: page, last_page: last, total: last * 15, per_page: 15 },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(() => server.close());

  it('never follows links to another host; pages are counted from meta.last_page', async () => {
    const status = await sync({ url, token: 't' }).start();
    expect(status.state).toBe('complete');
    expect(requests.every((r) => r.startsWith('/api/product?page='))).toBe(true);
    expect(requests).toHaveLength(3);
  });

  it('last_page shrinking mid-sync ends with an honest outcome, no endless loop', async () => {
    lastPageFor = (page) => (page === 1 ? 5 : 3);
    const status = await sync({ url, token: 't' }).start();
    expect(status.state).toBe('incomplete');
    // the catalogue changed during the sync (its last page 5 → 3) and 2 pages were unexpectedly empty: as facts
    expect(status.outcome).toMatchObject({
      code: 'incomplete',
      drift: { from: 5, to: 3 },
      emptyPages: 2,
      failedPages: 0,
    });
    expect(requests.length).toBe(5);
  });

  it('a missing meta: the list is walked, and one that answers every page alike is one whole page (#26)', async () => {
    server.removeAllListeners('request');
    server.on('request', (_req, res) => res.end(JSON.stringify({ data: [{ id: '1' }] })));
    const status = await sync({ url, token: 't' }).start();
    // page 2 answered page 1 again, and the list gave no sign of paging: the service ignores ?page, all of it came
    expect(status.state).toBe('complete');
    expect(status.outcome?.code).toBe('complete');
    expect(status.cachedProducts).toBe(1);
  });

  it('links.next with a page that repeats the one before: not complete, and said so (#26)', async () => {
    server.removeAllListeners('request');
    server.on('request', (_req, res) =>
      res.end(JSON.stringify({ data: [{ id: '1' }], links: { next: 'http://elsewhere/?page=2' } })),
    );
    const status = await sync({ url, token: 't' }).start();
    expect(status.state).toBe('incomplete');
    expect(status.outcome).toMatchObject({ code: 'end_not_seen', endNotSeen: { reason: 'repeated_page', page: 2 } });
    // the products read are kept, and none delisted on a list whose end was not seen
    expect(status.outcome).toMatchObject({ products: 1, delisted: 0 });
    expect(status.completeAt).toBeNull();
  });

  it('broken records are skipped and counted, the rest kept', async () => {
    pageData = (page) => (page === 1 ? [{ id: '1', name: 'ok' }, { name: 'no id' }, 42] : []);
    lastPageFor = () => 1;
    const pass = sync({ url, token: 't' });
    const status = await pass.start();
    expect(status.skippedRecords).toBe(2);
    expect(repo.listedCount()).toBe(1);
    // which ones and why, kept with the cache: a sync made afresh (a restart) still knows them
    expect(status.outcome).toMatchObject({ code: 'complete', skippedRecords: 2, products: 1 });
    const again = sync({ url, token: 't' });
    expect(again.status().outcome).toEqual(status.outcome);
    expect(again.skippedRecords().map(({ id, page, reason }) => ({ id, page, reason }))).toEqual([
      { id: null, page: 1, reason: 'no_usable_id' },
      { id: null, page: 1, reason: 'not_an_object' },
    ]);
  });
});
