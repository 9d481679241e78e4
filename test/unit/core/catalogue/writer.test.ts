import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceHttp } from '../../../../electron/main/core/http/client';
import { parseProduct } from '../../../../electron/main/core/catalogue/api';
import { CatalogueRepository, toWriteRow, type PageRows } from '../../../../electron/main/core/catalogue/db';
import {
  checkInThread,
  inlineWriter,
  sha256Of,
  SOURCE_WRITER_THREAD,
  threadWriter,
  type PageWriter,
  type WriterThreadSpec,
} from '../../../../electron/main/core/catalogue/writer';
import { CoreEvents } from '../../../../electron/main/core/events';
import { SYNC_LIMITS } from '../../../../electron/main/core/limits';
import { CatalogueSync } from '../../../../electron/main/core/catalogue/sync';
import { makeProduct } from '../../../../server/seed';
import { startService, type RunningService } from '../../../../server/index';
import { BUILT_WRITER_NAME } from '../../../../electron/main/core/packaged-paths';

let dir: string;
let file: string;
let repo: CatalogueRepository;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-writer-'));
  file = path.join(dir, 'c.sqlite');
  repo = new CatalogueRepository(file);
});
afterEach(() => {
  if (repo.db.open) repo.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Pages of products as the sync hands them over; `rename` changes every name (a record changed on the service). */
function pages(firstPage: number, count: number, rename = ''): PageRows[] {
  return Array.from({ length: count }, (_, i) => {
    const page = firstPage + i;
    const rows = Array.from({ length: 15 }, (_, j) => {
      const record = makeProduct(7, (page - 1) * 15 + j + 1);
      const parsed = parseProduct(rename ? { ...record, name: `${String(record.name)}${rename}` } : record);
      if (!parsed.ok) throw new Error(parsed.reason);
      return toWriteRow(parsed.product);
    });
    return { page, rows };
  });
}

const countRows = (): number => repo.db.prepare('SELECT count(*) FROM products').pluck().get() as number;

describe('the catalogue writer thread', () => {
  it('commits batches in order on its own connection; the reading side sees them and its counts follow', async () => {
    const writer = threadWriter(repo, file, SOURCE_WRITER_THREAD);
    await Promise.all([
      writer.write({ pass: 1, pages: pages(1, 4), fetchedAt: 10, fresh: false }),
      // the same products again, renamed: written after the first batch, so the new names win
      writer.write({ pass: 1, pages: pages(1, 1, ' v2'), fetchedAt: 20, fresh: false }),
    ]);
    expect(repo.listedCount()).toBe(60);
    expect(repo.rowCount()).toBe(60);
    expect(countRows()).toBe(60);
    expect(repo.detail(1)?.name).toMatch(/ v2$/);
    expect(repo.detail(16)?.name).not.toMatch(/ v2$/);
    expect([...repo.pagesDone(1)].sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    // the search index was written by the thread too
    const name = repo.detail(20)!.name.split(' ')[0]!;
    expect(
      repo
        .query({ text: name, status: null, stock: 'all', flags: [], sort: 'id', dir: 'asc', offset: 0, limit: 100 })
        .rows.map((r) => r.id),
    ).toContain(20);
    await writer.close();
    expect(repo.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('reads a page that comes while a batch is being written between that batch’s pages: fetching never waits for a commit', async () => {
    const writer = threadWriter(repo, file, SOURCE_WRITER_THREAD);
    // the thread is up and its connection open before the race
    await writer.write({ pass: 1, pages: pages(1, 1), fetchedAt: 1, fresh: false });
    const settled: string[] = [];
    const write = writer
      .write({ pass: 1, pages: pages(2, 300), fetchedAt: 2, fresh: false })
      .then(() => settled.push('write'));
    const bytes = new TextEncoder().encode(JSON.stringify({ data: [makeProduct(7, 9001), makeProduct(7, 9002)] }));
    const read = writer.readPage(bytes, 'application/json').then((answer) => {
      settled.push('read');
      return answer;
    });
    const answer = await read;
    await write;
    // 4,500 rows take the thread tens of milliseconds; the page's facts came back long before they were committed
    expect(settled).toEqual(['read', 'write']);
    expect(answer.ok && answer.facts.products).toBe(2);
    // the rows read meanwhile are kept for a later batch, as any page's
    await writer.write({
      pass: 1,
      pages: [{ page: 400, ticket: answer.ok ? answer.ticket : -1 }],
      fetchedAt: 3,
      fresh: false,
    });
    expect(repo.detail(9001)?.id).toBe(9001);
    expect(repo.rowCount()).toBe(15 * 301 + 2);
    await writer.close();
  });

  it('builds the indexes a first download left out, on the thread', async () => {
    expect(repo.beginBulkLoad()).toBe(true);
    const writer = threadWriter(repo, file, SOURCE_WRITER_THREAD);
    await writer.write({ pass: 1, pages: pages(1, 3), fetchedAt: 1, fresh: true });
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    await writer.buildIndexes();
    // the log the load and the index build filled is copied into the file and cut to nothing
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    await writer.close();
    const indexes = repo.db
      .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'products' AND sql IS NOT NULL")
      .pluck()
      .get();
    expect(indexes).toBe(9);
    expect(repo.lookup(repo.detail(30)!.barcode)?.id).toBe(30);
  });

  it('a thread that cannot start: every batch is written on this thread instead, with a warning', async () => {
    const warnings: string[] = [];
    const writer = threadWriter(repo, file, { script: path.join(dir, 'no-such-writer.js'), execArgv: [] }, (message) =>
      warnings.push(message),
    );
    await writer.write({ pass: 1, pages: pages(1, 2), fetchedAt: 1, fresh: false });
    await writer.write({ pass: 1, pages: pages(3, 2), fetchedAt: 1, fresh: false });
    await writer.close();
    expect(countRows()).toBe(60);
    expect(repo.listedCount()).toBe(60);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/writer thread stopped .*writing on the main thread/);
  });

  it('the built app runs the thread from its own plain JavaScript file (no loader)', async (context) => {
    const built = path.resolve('out/main', BUILT_WRITER_NAME);
    if (!fs.existsSync(built)) context.skip(); // npm test builds first
    const warnings: string[] = [];
    const writer = threadWriter(repo, file, { script: built, execArgv: [] }, (m) => warnings.push(m));
    await writer.write({ pass: 1, pages: pages(1, 2), fetchedAt: 1, fresh: false });
    await writer.close();
    expect(warnings).toEqual([]);
    expect(countRows()).toBe(30);
  });
});

describe('the integrity check on its own thread', () => {
  const spec: WriterThreadSpec = SOURCE_WRITER_THREAD;

  it('answers for a healthy cache, and for a file that is not a database', async () => {
    repo.writePages(1, pages(1, 4), 1);
    expect(await checkInThread(file, spec)).toBe(true);
    const junk = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(junk, Buffer.alloc(8192, 7));
    expect(await checkInThread(junk, spec)).toBe(false);
  });

  it('a file another connection holds locked is busy, not damaged (a fresh cache being set up was once moved aside mid-sync)', async () => {
    const locked = path.join(dir, 'locked.sqlite');
    const holder = new Database(locked);
    holder.pragma('journal_mode = DELETE'); // a rollback journal: an exclusive lock shuts readers out
    holder.exec('CREATE TABLE t (x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);');
    try {
      expect(await checkInThread(locked, spec)).toBe(true);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('aborted, its answer no longer counts and it settles only once its thread has let go of the file (the app is quitting)', async () => {
    repo.writePages(1, pages(1, 4), 1);
    repo.close();
    const stop = new AbortController();
    const check = checkInThread(file, spec, stop.signal);
    stop.abort();
    expect(await check).toBe(true); // nothing is done about its answer
    const junk = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(junk, Buffer.alloc(8192, 7));
    const late = new AbortController();
    const junkCheck = checkInThread(junk, spec, late.signal);
    late.abort();
    expect(await junkCheck).toBe(true); // even a damning one
    fs.rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('row counts kept with the cache', () => {
  const stored = (key: string): unknown =>
    repo.db.prepare('SELECT value FROM sync_state WHERE key = ?').pluck().get(key);

  it('stay exact with both connections writing, and are read (not counted) when the cache opens again', async () => {
    const writer = threadWriter(repo, file, SOURCE_WRITER_THREAD);
    await writer.write({ pass: 1, pages: pages(1, 4), fetchedAt: 1, fresh: false });
    repo.markUnlisted(5); // this connection, meanwhile
    await writer.write({ pass: 2, pages: pages(1, 2), fetchedAt: 2, fresh: false }); // 30 seen again (5 relisted)
    expect(await writer.finishPass(2)).toBe(30); // pages 3 and 4 not seen: delisted on the thread
    await writer.close();
    const truth = {
      rows: countRows(),
      listed: repo.db.prepare('SELECT count(*) FROM products WHERE listed = 1').pluck().get(),
    };
    expect(truth).toEqual({ rows: 60, listed: 30 });
    expect({ rows: repo.rowCount(), listed: repo.listedCount() }).toEqual(truth);
    repo.close();
    repo = new CatalogueRepository(file);
    expect({ rows: repo.rowCount(), listed: repo.listedCount() }).toEqual(truth);
    // what opening reads is the kept figure (a tampered one shows): no count over the table at start
    repo.db.prepare("UPDATE sync_state SET value = '12345' WHERE key = 'rowCount'").run();
    repo.close();
    repo = new CatalogueRepository(file);
    expect(repo.rowCount()).toBe(12345);
  });

  it('a cache from before they were kept is counted once when it opens, then keeps them', () => {
    repo.savePage(
      1,
      1,
      Array.from({ length: 3 }, (_, i) => {
        const parsed = parseProduct(makeProduct(7, i + 1));
        if (!parsed.ok) throw new Error(parsed.reason);
        return parsed.product;
      }),
    );
    repo.db.prepare("DELETE FROM sync_state WHERE key IN ('rowCount', 'listedCount')").run();
    repo.close();
    repo = new CatalogueRepository(file);
    expect(repo.rowCount()).toBe(3);
    expect(stored('rowCount')).toBe('3');
    expect(stored('listedCount')).toBe('3');
  });
});

describe('a sync with the writer thread', () => {
  let svc: RunningService;
  let client: ServiceHttp;
  beforeEach(async () => {
    svc = await startService({ token: 'tok', products: 2000, orders: 0, seed: 5 });
    client = new ServiceHttp();
  });
  afterEach(async () => {
    await client.destroy();
    await svc.close();
  });
  const syncWith = (writer: () => PageWriter) =>
    new CatalogueSync({
      repo,
      writer,
      http: client,
      events: new CoreEvents(),
      target: async () => ({ baseUrl: svc.url, token: 'tok' }),
    });

  it('a thread that dies mid-pass loses nothing: what it had not confirmed is written here, the pass completes', async () => {
    const dying: WriterThreadSpec = {
      script: new URL('../../../support/dying-writer.worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
    };
    const warnings: string[] = [];
    const status = await syncWith(() => threadWriter(repo, file, dying, (m) => warnings.push(m))).start();
    expect(status.state).toBe('complete');
    expect(status.outcome).toMatchObject({ code: 'complete', products: 2000 });
    expect(countRows()).toBe(2000);
    expect(repo.listedCount()).toBe(2000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/exit code 70/);
    expect(repo.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('fetching waits while the writer is behind: never more than the limit of fetched pages unwritten', async () => {
    await svc.close();
    svc = await startService({ token: 'tok', products: 12_000, orders: 0, seed: 5 });
    let unwritten = 0;
    let most = 0;
    const inner = inlineWriter(repo);
    const slow: PageWriter = {
      ...inner,
      write: async (batch) => {
        unwritten += batch.pages.length;
        most = Math.max(most, unwritten);
        // slow enough that fetching gets ahead of it even on a busy machine (40 ms let a loaded CI machine's fetching
        // fall behind the writer: never more than one batch unwritten, 2 runs in 5 with two test processes running)
        await new Promise((r) => setTimeout(r, 400));
        await inner.write(batch);
        unwritten -= batch.pages.length;
      },
    };
    const status = await syncWith(() => slow).start();
    expect(status.state).toBe('complete');
    expect(countRows()).toBe(12_000);
    expect(most).toBeGreaterThan(SYNC_LIMITS.writeBatchPages);
    expect(most).toBeLessThanOrEqual(SYNC_LIMITS.maxUnwrittenPages + SYNC_LIMITS.concurrency);
  }, 30_000);
});

describe('the writer thread runs only as built (#25.8)', () => {
  const rows = () =>
    Array.from({ length: 15 }, (_, i) => {
      const parsed = parseProduct(makeProduct(7, i + 1));
      if (!parsed.ok) throw new Error(parsed.reason);
      return toWriteRow(parsed.product);
    });
  const script = fileURLToPath(SOURCE_WRITER_THREAD.script as URL);

  it.each([
    ['its recorded hash', (): string | null => sha256Of(script), false],
    ['a hash that is not its own (the file changed on disk)', (): string | null => 'ab'.repeat(32), true],
    ['no hash where one was expected', (): string | null => null, true],
  ] as const)('with %s', async (_name, hash, refused) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-writer-hash-'));
    const file = path.join(dir, 'catalogue.sqlite');
    const repo = new CatalogueRepository(file);
    try {
      const warnings: string[] = [];
      const writer = threadWriter(repo, file, { ...SOURCE_WRITER_THREAD, sha256: hash() }, (m) => warnings.push(m));
      await writer.write({ pass: 1, pages: [{ page: 1, rows: rows() }], fetchedAt: 1, fresh: false });
      await writer.close();
      // either way the pages are written: by the thread, or (refused) on the main thread, and said so
      expect(repo.db.prepare('SELECT count(*) FROM products').pluck().get()).toBe(15);
      if (refused) expect(warnings).toEqual([expect.stringMatching(/^catalogue writer thread not started: /)]);
      else expect(warnings).toEqual([]);
    } finally {
      repo.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
