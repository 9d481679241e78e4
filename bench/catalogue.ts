/**
 * npm run bench:catalogue — figures for the catalogue path (not a test):
 *  (a) the reference service's own page rate (autocannon, concurrency 8) with 100,000 products;
 *  (b) a plain keep-alive client that only fetches and parses every page at the same concurrency;
 *  (c) Shopdesk's full sync (fetch, parse, write, index) and the ratio c/b;
 *  (d) the raw better-sqlite3-multiple-ciphers insert rate for the same rows (one transaction) against the cache write path;
 *  (e) search latency (prefix and barcode) and keyset paging at 100,000 and 1,000,000 cached products;
 *  (f) peak memory of a 1,000,000-product sync (skip with --quick);
 *  (g) bytes on the wire for a full sync, the service compressing (--compress, as nginx or Apache would) and not,
 *      on loopback and then measured over a shop's line: 16 Mbit/s shared by all connections, 20 ms each way
 *      (the service's --line-mbit and --latency-ms; only this with --wire).
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { ServiceHttp } from '../electron/main/core/http/client';
import { parseProduct, type ParsedProduct } from '../electron/main/core/catalogue/api';
import { CatalogueRepository } from '../electron/main/core/catalogue/db';
import { inlineWriter, threadWriter, type WriterThreadSpec } from '../electron/main/core/catalogue/writer';
import { CoreEvents } from '../electron/main/core/events';
import { SYNC_LIMITS } from '../electron/main/core/limits';
import { CatalogueSync } from '../electron/main/core/catalogue/sync';
import { makeProduct } from '../server/seed';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuOfTree, passLine, round, startChildService, type ChildService } from './support';
import { measureQueries } from './catalogue-queries';
import { BUILT_WRITER_NAME } from '../electron/main/core/packaged-paths';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    wire: { type: 'boolean', default: false },
    products: { type: 'string', default: '100000' },
  },
});
const PRODUCTS = Number(values.products);
const CONCURRENCY = SYNC_LIMITS.concurrency;
const pages = Math.ceil(PRODUCTS / 15);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-'));
const summary: Record<string, unknown> = { products: PRODUCTS, concurrency: CONCURRENCY };
const line = (label: string, value: string): void => console.log(`${label.padEnd(58)} ${value}`);
const fmt = (n: number): string => Math.round(n).toLocaleString('en');
/** The writer thread as the app runs it: the built file (npm run bench:catalogue builds first). */
const WRITER: WriterThreadSpec = { script: path.resolve('out/main', BUILT_WRITER_NAME), execArgv: [] };
if (!fs.existsSync(WRITER.script as string)) throw new Error('Build first (npm run build): out/main is missing.');
/** Service latency for (c'): with it the plain client runs near the issue's reference figure (~2,400 pages/s). */
const LATENCY_MS = 2;

interface CpuUse {
  /** CPU seconds of this process (all its threads) and of the service's processes (null without /proc). */
  client: number;
  service: number | null;
  seconds: number;
  text: string;
}

/** CPU used by this process and by the service's processes over a stretch of wall time. */
function cpuMeter(service: ChildService): () => CpuUse {
  const wall = performance.now();
  const own = process.cpuUsage();
  const theirs = cpuOfTree(service.pid);
  return () => {
    const seconds = (performance.now() - wall) / 1000;
    const used = process.cpuUsage(own);
    const client = (used.user + used.system) / 1e6;
    const svc = theirs === null ? null : (cpuOfTree(service.pid) ?? theirs) - theirs;
    const text =
      `CPU: client ${round(client)} s, service ${svc === null ? 'n/a' : `${round(svc)} s`} ` +
      `in ${round(seconds)} s on ${os.availableParallelism()} cores`;
    return { client, service: svc, seconds, text };
  };
}

/** What the CPU alone allows a sync: its CPU time per page (its threads and the service's) spread over every core. */
function cpuCeiling(cpu: CpuUse): number | null {
  if (cpu.service === null) return null;
  return os.availableParallelism() / ((cpu.client + cpu.service) / pages);
}

async function plainClient(service: ChildService): Promise<{ rate: number; seconds: number; cpu: CpuUse }> {
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const cpu = cpuMeter(service);
  const start = performance.now();
  let page = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let p = ++page; p <= pages; p = ++page) {
        const res = await request(`${service.url}/api/product?page=${p}`, {
          dispatcher: agent,
          headers: { authorization: `Bearer ${service.token}`, accept: 'application/json' },
        });
        JSON.parse(await res.body.text());
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const used = cpu();
  await agent.close();
  return { rate: pages / seconds, seconds, cpu: used };
}

/** One full sync into an empty cache; how fast, and how long the main thread was ever kept from other work. */
async function fullSync(
  service: ChildService,
  mode: 'thread' | 'inline',
  name: string,
): Promise<{
  rate: number;
  seconds: number;
  summary: string;
  cpu: CpuUse;
  maxStallMs: number;
  p99StallMs: number;
  transferred: ReturnType<ServiceHttp['transferred']>;
}> {
  const file = path.join(work, `${name}.sqlite`);
  const repo = new CatalogueRepository(file);
  const http = new ServiceHttp();
  const sync = new CatalogueSync({
    repo,
    writer: () => (mode === 'thread' ? threadWriter(repo, file, WRITER) : inlineWriter(repo)),
    http,
    events: new CoreEvents(),
    target: async () => ({ baseUrl: service.url, token: service.token }),
  });
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  const cpu = cpuMeter(service);
  stalls.enable();
  const start = performance.now();
  const status = await sync.start();
  const seconds = (performance.now() - start) / 1000;
  stalls.disable();
  const used = cpu();
  repo.close();
  const transferred = http.transferred();
  await http.close();
  return {
    rate: pages / seconds,
    seconds,
    transferred,
    summary: passLine(status),
    cpu: used,
    maxStallMs: round(stalls.max / 1e6, 1),
    p99StallMs: round(stalls.percentile(99) / 1e6, 1),
  };
}

/** A shop's DSL line (#31.5): its speed, and the wait before each answer (a round trip across the country). */
const DSL_MBIT = 16;
const DSL_LATENCY_MS = 20;

/** (g) A full sync's answers, in bytes on the wire and decoded, with the service compressing on request and not. */
async function measureWire(): Promise<void> {
  const runs: Record<
    string,
    { wireBytes: number; bytes: number; seconds: number; summary: string; client: number; service: number | null }
  > = {};
  const over = (line: boolean): string[] =>
    line ? ['--line-mbit', String(DSL_MBIT), '--latency-ms', String(DSL_LATENCY_MS)] : [];
  for (const [encoding, line] of [
    ['identity', false],
    ['br', false],
    ['gzip', false],
    ['identity', true],
    ['br', true],
    ['gzip', true],
  ] as const) {
    const svc = await startChildService({
      products: PRODUCTS,
      orders: 0,
      port: 18934,
      dataFile: path.join(os.tmpdir(), `shopdesk-bench-${PRODUCTS}.sqlite`),
      // br: what the service picks from Shopdesk's Accept-Encoding; gzip: a web server without brotli
      extra: [
        ...(encoding === 'identity' ? [] : encoding === 'br' ? ['--compress'] : ['--compress-with', encoding]),
        ...over(line),
      ],
    });
    try {
      const run = await fullSync(svc, 'thread', `wire-${encoding}${line ? '-dsl' : ''}`);
      runs[`${encoding}${line ? '-dsl' : ''}`] = {
        wireBytes: run.transferred.wireBytes,
        bytes: run.transferred.bytes,
        seconds: round(run.seconds),
        summary: run.summary,
        client: round(run.cpu.client),
        service: run.cpu.service === null ? null : round(run.cpu.service),
      };
    } finally {
      await svc.stop();
    }
  }
  const plain = runs.identity!;
  const br = runs.br!;
  const gzip = runs.gzip!;
  const mb = (n: number): string => `${round(n / 1e6, 1)} MB`;
  const dsl = (n: number): string => `${round((n * 8) / (DSL_MBIT * 1e6), 1)} s`;
  const onLine = { identity: runs['identity-dsl']!, br: runs['br-dsl']!, gzip: runs['gzip-dsl']! };
  summary.wire = {
    uncompressedWireBytes: plain.wireBytes,
    brWireBytes: br.wireBytes,
    gzipWireBytes: gzip.wireBytes,
    decodedBytes: br.bytes,
    brRatio: round(plain.wireBytes / br.wireBytes, 1),
    gzipRatio: round(plain.wireBytes / gzip.wireBytes, 1),
    uncompressedSyncSeconds: plain.seconds,
    cpuSeconds: Object.fromEntries(
      Object.entries(runs).map(([name, run]) => [name, { client: run.client, service: run.service }]),
    ),
    brSyncSeconds: br.seconds,
    gzipSyncSeconds: gzip.seconds,
    dslMbit: DSL_MBIT,
    dslLatencyMs: DSL_LATENCY_MS,
    /** A first download over the line, measured: wall seconds from the first request to "complete". */
    dslSyncSeconds: {
      identity: onLine.identity.seconds,
      br: onLine.br.seconds,
      gzip: onLine.gzip.seconds,
    },
    /** The same, as a share of what the bytes alone take over the line (1.0: the line is the only wait). */
    dslLineBound: {
      identity: round((onLine.identity.wireBytes * 8) / (DSL_MBIT * 1e6) / onLine.identity.seconds, 2),
      br: round((onLine.br.wireBytes * 8) / (DSL_MBIT * 1e6) / onLine.br.seconds, 2),
      gzip: round((onLine.gzip.wireBytes * 8) / (DSL_MBIT * 1e6) / onLine.gzip.seconds, 2),
    },
  };
  line(
    `(g) full sync of ${fmt(PRODUCTS)} products, bytes on the wire: uncompressed`,
    `${mb(plain.wireBytes)} (${fmt(plain.wireBytes)} B; sync ${plain.seconds} s on loopback, CPU client ${plain.client} s, service ${plain.service ?? 'n/a'} s; ${plain.summary})`,
  );
  for (const [name, run] of [
    ['br (the service’s pick from Shopdesk’s Accept-Encoding)', br],
    ['gzip (a web server without brotli)', gzip],
  ] as const)
    line(
      `    ${name}`,
      `${mb(run.wireBytes)} (${fmt(run.wireBytes)} B, decoded ${mb(run.bytes)}; ${round(plain.wireBytes / run.wireBytes, 1)}x less; sync ${run.seconds} s on loopback, CPU client ${run.client} s, service ${run.service ?? 'n/a'} s)`,
    );
  line(
    `    the answers alone over a ${DSL_MBIT} Mbit/s line (computed)`,
    `${dsl(plain.wireBytes)} uncompressed, ${dsl(br.wireBytes)} br, ${dsl(gzip.wireBytes)} gzip`,
  );
  line(
    `    first download over it, measured (+${DSL_LATENCY_MS} ms a request)`,
    (['identity', 'br', 'gzip'] as const)
      .map(
        (name) =>
          `${name === 'identity' ? 'uncompressed' : name} ${onLine[name].seconds} s (${mb(onLine[name].wireBytes)}; ` +
          `the line's bound ${dsl(onLine[name].wireBytes)})`,
      )
      .join(', '),
  );
}

if (values.wire) {
  await measureWire();
  console.log(JSON.stringify(summary));
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

const service = await startChildService({
  products: PRODUCTS,
  orders: 0,
  port: 18931,
  dataFile: path.join(os.tmpdir(), `shopdesk-bench-${PRODUCTS}.sqlite`),
});
try {
  // (a) the service's own rate
  let next = 0;
  const cannon = await autocannon({
    url: service.url,
    connections: CONCURRENCY,
    duration: 5,
    requests: [
      {
        method: 'GET',
        setupRequest: (r) => ({ ...r, path: `/api/product?page=${(next++ % pages) + 1}` }),
        headers: { authorization: `Bearer ${service.token}`, accept: 'application/json' },
      },
    ],
  });
  summary.servicePagesPerSecond = Math.round(cannon.requests.average);
  line(
    '(a) reference service, product pages/s (autocannon c=8)',
    `${Math.round(cannon.requests.average).toLocaleString('en')}`,
  );

  // (b) a plain client: fetch + JSON.parse every page, keep-alive, concurrency 8
  const plain = await plainClient(service);
  summary.plainClientPagesPerSecond = Math.round(plain.rate);
  line(
    '(b) plain fetch-and-parse client, pages/s',
    `${fmt(plain.rate)} (${fmt(PRODUCTS)} products in ${round(plain.seconds)} s; ${plain.cpu.text})`,
  );

  // (c) Shopdesk's full sync, as the app runs it (pages committed on the writer thread), then the same sync with
  // the writes on the fetching thread (the obvious way) for comparison
  const threaded = await fullSync(service, 'thread', 'sync');
  summary.syncPagesPerSecond = Math.round(threaded.rate);
  summary.syncToPlainRatio = round(threaded.rate / plain.rate);
  summary.syncMainThreadMaxStallMs = threaded.maxStallMs;
  line('(c) Shopdesk full sync, pages/s', `${fmt(threaded.rate)} (${threaded.summary}; ${threaded.cpu.text})`);
  line('    ratio c/b (target >= 0.85)', `${round(threaded.rate / plain.rate)}`);
  if (threaded.cpu.service !== null) {
    const cores = os.availableParallelism();
    const perPage = (threaded.cpu.client + threaded.cpu.service) / pages;
    const ceiling = cpuCeiling(threaded.cpu) ?? 0;
    summary.syncCpuMicrosecondsPerPage = Math.round(perPage * 1e6);
    summary.syncCpuCeilingPagesPerSecond = Math.round(ceiling);
    line(
      '    CPU ceiling of the sync on this machine, pages/s',
      `${fmt(ceiling)} (${fmt(perPage * 1e6)} CPU-µs a page, client + service, on ${cores} cores; ` +
        `${round(ceiling / plain.rate)} of b; the plain client needs ` +
        `${fmt(((plain.cpu.client + (plain.cpu.service ?? 0)) / pages) * 1e6)} CPU-µs a page)`,
    );
  }
  const inline = await fullSync(service, 'inline', 'sync-inline');
  summary.inlineSyncPagesPerSecond = Math.round(inline.rate);
  summary.inlineSyncMainThreadMaxStallMs = inline.maxStallMs;
  line(
    '    the same, writes on the fetching thread, pages/s',
    `${fmt(inline.rate)} (ratio ${round(inline.rate / plain.rate)})`,
  );
  line(
    '    longest main-thread stall during the sync (writer thread / inline)',
    `${threaded.maxStallMs} ms / ${inline.maxStallMs} ms (p99 ${threaded.p99StallMs} / ${inline.p99StallMs} ms)`,
  );

  // (d) raw insert ceiling vs the cache write path, same rows
  const rows: ParsedProduct[] = [];
  for (let id = 1; id <= PRODUCTS; id++) {
    const parsed = parseProduct(makeProduct(42, id));
    if (parsed.ok) rows.push(parsed.product);
  }
  const raw = new Database(path.join(work, 'raw.sqlite'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.exec(
    'CREATE TABLE p (id INTEGER PRIMARY KEY, sku TEXT, name TEXT, barcode TEXT, status TEXT, available INTEGER, physical INTEGER, price TEXT, raw TEXT)',
  );
  const insert = raw.prepare('INSERT INTO p VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  let t = performance.now();
  raw.transaction(() => {
    for (const r of rows) insert.run(r.id, r.sku, r.name, r.barcode, r.status, r.available, r.physical, r.price, r.raw);
  })();
  const rawRate = rows.length / ((performance.now() - t) / 1000);
  raw.close();
  // the same rows, plain INSERTs into the cache's own schema (products + FTS) in one transaction: the fair ceiling
  const schemaRepo = new CatalogueRepository(path.join(work, 'schema.sqlite'));
  const plainInsert = schemaRepo.db.prepare(
    `INSERT INTO products (id, sku, name, name_key, barcode, status, available, physical, price, available_key, physical_key,
      price_key, flags, raw, page, seen_pass, listed, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 1, 1, 1, 1)`,
  );
  const plainFts = schemaRepo.db.prepare(
    'INSERT INTO products_fts (rowid, name, sku, barcode, contents) VALUES (?, ?, ?, ?, ?)',
  );
  t = performance.now();
  schemaRepo.db.transaction(() => {
    for (const r of rows) {
      plainInsert.run(
        r.id,
        r.sku,
        r.name,
        r.name.toLowerCase(),
        r.barcode,
        r.status,
        r.available,
        r.physical,
        r.price,
        r.available ?? 0,
        r.physical ?? 0,
        0,
        r.raw,
      );
      plainFts.run(r.id, r.name, r.sku, r.barcode, r.packageContent);
    }
  })();
  const schemaRate = rows.length / ((performance.now() - t) / 1000);
  schemaRepo.close();
  const writeRepo = new CatalogueRepository(path.join(work, 'write.sqlite'));
  const batchRows = 15 * SYNC_LIMITS.writeBatchPages;
  const writeAll = (pass: number, fresh: boolean): void => {
    for (let i = 0; i < rows.length; i += batchRows) {
      const batch = [];
      for (let j = i; j < Math.min(rows.length, i + batchRows); j += 15)
        batch.push({ page: j / 15 + 1, products: rows.slice(j, j + 15) });
      writeRepo.savePages(pass, batch, Date.now(), fresh);
    }
  };
  // as the sync writes a first download: batches of pages, secondary indexes built once at the end
  t = performance.now();
  writeRepo.beginBulkLoad();
  writeAll(1, true);
  await writeRepo.endBulkLoad();
  const writeRate = rows.length / ((performance.now() - t) / 1000);
  // a later pass over the same records: only bookkeeping changes
  t = performance.now();
  writeAll(2, false);
  const resyncRate = rows.length / ((performance.now() - t) / 1000);
  summary.cacheResyncRowsPerSecond = Math.round(resyncRate);
  summary.rawInsertRowsPerSecond = Math.round(rawRate);
  summary.rawSchemaInsertRowsPerSecond = Math.round(schemaRate);
  summary.cacheWriteRowsPerSecond = Math.round(writeRate);
  line(
    '(d) raw better-sqlite3-multiple-ciphers insert, bare table, one transaction, rows/s',
    Math.round(rawRate).toLocaleString('en'),
  );
  line(
    '    raw insert into the cache schema (indexes + FTS), one transaction',
    Math.round(schemaRate).toLocaleString('en'),
  );
  line(
    '    cache write path, first download as the sync does it, rows/s',
    `${Math.round(writeRate).toLocaleString('en')} (ratio to schema ceiling ${round(writeRate / schemaRate)}, to bare table ${round(writeRate / rawRate)})`,
  );
  line('    cache write path, a later pass of unchanged records, rows/s', Math.round(resyncRate).toLocaleString('en'));

  // (e) search and paging at this size
  summary.at100k = measureQueries(writeRepo, rows);
  writeRepo.close();
} finally {
  await service.stop();
}

// (c') at the reference figure's fetch rate: the service answers after LATENCY_MS, as across a network, so the
// plain client is no longer limited by the CPU it shares with the service and the writer on this machine
{
  const far = await startChildService({
    products: PRODUCTS,
    orders: 0,
    port: 18933,
    dataFile: path.join(os.tmpdir(), `shopdesk-bench-${PRODUCTS}.sqlite`),
    extra: ['--latency-ms', String(LATENCY_MS)],
  });
  try {
    const plainFar = await plainClient(far);
    const threadFar = await fullSync(far, 'thread', 'far');
    const inlineFar = await fullSync(far, 'inline', 'far-inline');
    summary.atServiceLatency = {
      latencyMs: LATENCY_MS,
      plainClientPagesPerSecond: Math.round(plainFar.rate),
      syncPagesPerSecond: Math.round(threadFar.rate),
      syncToPlainRatio: round(threadFar.rate / plainFar.rate),
      inlineSyncPagesPerSecond: Math.round(inlineFar.rate),
      inlineSyncToPlainRatio: round(inlineFar.rate / plainFar.rate),
    };
    line(
      `(c') service answering after ${LATENCY_MS} ms: plain client, pages/s`,
      `${fmt(plainFar.rate)} (${plainFar.cpu.text})`,
    );
    line(
      "    Shopdesk full sync, pages/s (ratio c'/b')",
      `${fmt(threadFar.rate)} (${round(threadFar.rate / plainFar.rate)}; ${threadFar.cpu.text})`,
    );
    const farCeiling = cpuCeiling(threadFar.cpu);
    if (farCeiling !== null) {
      summary.atServiceLatency = {
        ...(summary.atServiceLatency as object),
        cpuCeilingToPlainRatio: round(farCeiling / plainFar.rate),
      };
      line(
        "    CPU ceiling of the sync on this machine (÷ b')",
        `${fmt(farCeiling)} pages/s (${round(farCeiling / plainFar.rate)}: c'/b' cannot pass it while the service shares the cores)`,
      );
    }
    line(
      '    the same, writes on the fetching thread (ratio)',
      `${fmt(inlineFar.rate)} (${round(inlineFar.rate / plainFar.rate)})`,
    );
  } finally {
    await far.stop();
  }
}

await measureWire();

if (!values.quick) {
  // (e) at 1,000,000 and (f) the memory of a 1,000,000-product sync
  const big = await startChildService({
    products: 1_000_000,
    orders: 0,
    port: 18932,
    dataFile: path.join(os.tmpdir(), 'shopdesk-bench-1000000.sqlite'),
  });
  try {
    const millionFile = path.join(work, 'million.sqlite');
    const repo = new CatalogueRepository(millionFile);
    const http = new ServiceHttp();
    const sync = new CatalogueSync({
      repo,
      writer: () => threadWriter(repo, millionFile, WRITER),
      http,
      events: new CoreEvents(),
      target: async () => ({ baseUrl: big.url, token: big.token }),
    });
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const start = performance.now();
    const status = await sync.start();
    clearInterval(sampler);
    const seconds = (performance.now() - start) / 1000;
    summary.millionSyncSeconds = round(seconds);
    summary.millionSyncPeakRssMiB = Math.round(peak / 1024 / 1024);
    summary.millionSyncRssGrowthMiB = Math.round((peak - baseline) / 1024 / 1024);
    line(
      '(f) 1,000,000-product sync',
      `${round(seconds)} s, ${Math.round(66_667 / seconds).toLocaleString('en')} pages/s, peak RSS ${Math.round(peak / 1024 / 1024)} MiB, growth during the sync ${Math.round((peak - baseline) / 1024 / 1024)} MiB (${passLine(status)})`,
    );
    const sample: ParsedProduct[] = [];
    for (let id = 1; id <= 1_000_000; id += 2500) {
      const parsed = parseProduct(makeProduct(42, id));
      if (parsed.ok) sample.push(parsed.product);
    }
    summary.at1M = measureQueries(repo, sample);
    repo.close();
    await http.close();
  } finally {
    await big.stop();
  }
}

console.log(JSON.stringify(summary));
fs.rmSync(work, { recursive: true, force: true });
