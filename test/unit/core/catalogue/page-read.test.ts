/**
 * Issue #31.3: the catalogue's pages are parsed where they are written. The fetching thread hands the writer thread
 * each answer's bytes (moved, not copied) and gets back the page's facts; it never parses a product page itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceHttp } from '../../../../electron/main/core/http/client';
import { CatalogueRepository } from '../../../../electron/main/core/catalogue/db';
import { readPageBytes } from '../../../../electron/main/core/catalogue/page-read';
import { SOURCE_WRITER_THREAD, threadWriter, type PageWriter } from '../../../../electron/main/core/catalogue/writer';
import { CoreEvents } from '../../../../electron/main/core/events';
import { CatalogueSync } from '../../../../electron/main/core/catalogue/sync';
import { makeProduct } from '../../../../server/seed';
import { startService, type RunningService } from '../../../../server/index';

let dir: string;
let file: string;
let repo: CatalogueRepository;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-page-read-'));
  file = path.join(dir, 'c.sqlite');
  repo = new CatalogueRepository(file);
});
afterEach(() => {
  vi.restoreAllMocks();
  if (repo.db.open) repo.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A page's bytes in memory of their own, as the client reads an answer to be handed over. */
const page = (records: unknown[], meta: Record<string, unknown>): Uint8Array =>
  new Uint8Array(Buffer.from(JSON.stringify({ data: records, meta })));

describe('a product page read on the writer thread', () => {
  it('takes the bytes (moved to the thread, not copied), keeps the rows and answers with the facts only', async () => {
    const records = [...Array.from({ length: 15 }, (_, i) => makeProduct(7, i + 1)), { name: 'no id' }];
    const bytes = page(records, { current_page: 1, last_page: 4, per_page: 16, total: 64 });
    const writer = threadWriter(repo, file, SOURCE_WRITER_THREAD);
    const answer = await writer.readPage(bytes, 'application/json');
    expect(bytes.buffer.byteLength).toBe(0); // moved: this thread's copy is gone
    expect(answer).toMatchObject({
      ok: true,
      facts: { products: 15, lastPage: 4, total: 64, rejects: [{ id: null, reason: 'no_usable_id' }] },
    });
    expect(answer.ok && answer.facts.signals).toMatchObject({ lastPage: 4, perPage: 16, records: 16 });
    expect(answer).not.toHaveProperty('rows'); // the rows stay with the writer
    if (!answer.ok) throw new Error('not read');
    await writer.write({ pass: 1, pages: [{ page: 1, ticket: answer.ticket }], fetchedAt: 1, fresh: false });
    await writer.close();
    expect(repo.listedCount()).toBe(15);
    expect(repo.detail(3)?.name).toBe(makeProduct(7, 3).name);
  });

  it('an answer that is not a product page says why, with its start for the log', () => {
    const read = (text: string, type = 'application/json') => readPageBytes(Buffer.from(text), type);
    expect(read('<!doctype html><p>Maintenance</p>', 'text/html')).toMatchObject({ ok: false, reason: 'web_page' });
    expect(read('{"data": [', 'application/json')).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(read('{"message": "hello"}')).toEqual({ ok: false, reason: 'not_a_page', excerpt: '' });
    expect(read('[]')).toMatchObject({ ok: true, facts: { products: 0, lastPage: null } });
  });
});

describe('a sync with the writer thread', () => {
  let svc: RunningService;
  let http: ServiceHttp;
  beforeEach(async () => {
    svc = await startService({ token: 'tok', products: 300, orders: 0, seed: 3 });
    http = new ServiceHttp();
  });
  afterEach(async () => {
    await http.destroy();
    await svc.close();
  });

  it('never parses a product page on the fetching thread: every page reaches the writer as bytes', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const handed: unknown[] = [];
    const writer = (): PageWriter => {
      const inner = threadWriter(repo, file, SOURCE_WRITER_THREAD);
      return {
        ...inner,
        readPage: (bytes, type) => {
          handed.push(bytes);
          return inner.readPage(bytes, type);
        },
      };
    };
    const sync = new CatalogueSync({
      repo,
      writer,
      http,
      events: new CoreEvents(),
      target: async () => ({ baseUrl: svc.url, token: 'tok' }),
    });
    const status = await sync.start();
    expect(status.outcome).toMatchObject({ code: 'complete', products: 300 });
    expect(handed).toHaveLength(20);
    for (const bytes of handed) {
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect((bytes as Uint8Array).byteLength).toBe(0); // moved to the thread, not copied
    }
    // nothing on this thread read a page's text (the state's own small JSON is read here, pages never are)
    const pageTexts = parse.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('"data"'));
    expect(pageTexts).toEqual([]);
  });
});
