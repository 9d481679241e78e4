/**
 * npm run bench:memory — where a catalogue's memory goes (#31.1; not a test): the whole process's resident memory
 * (main thread, the writer thread, SQLite) sampled every 50 ms through a first download of --products products (default
 * 1,000,000), by phase (pages fetched and written; the indexes built at the end), then idle after it, and idle in a
 * fresh process that opens the finished cache and reads a window of it, as the app does at start.
 *
 *   npm run bench:memory -- --products 200000
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CatalogueRepository } from '../electron/main/core/catalogue/db';
import { CatalogueSync } from '../electron/main/core/catalogue/sync';
import { threadWriter, type PageWriter, type WriterThreadSpec } from '../electron/main/core/catalogue/writer';
import { CoreEvents } from '../electron/main/core/events';
import { ServiceHttp } from '../electron/main/core/http/client';
import { BUILT_WRITER_NAME } from '../electron/main/core/packaged-paths';
import { CatalogueQueryRequest } from '../shared/contract';
import { startChildService } from './support';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    /** Collect garbage every second to read the main thread's live heap (changes what is measured: off by default). */
    'live-heap': { type: 'boolean', default: false },
    /** Internal: only open the cache at this path and report idle memory (the fresh-process half). */
    open: { type: 'string' },
  },
});
const MiB = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const line = (label: string, value: string): void => console.log(`${label.padEnd(52)} ${value}`);

if (values.open) {
  // the app at start with a large cache: the reading connection opened, a first window and a search read
  const repo = new CatalogueRepository(values.open);
  repo.query(CatalogueQueryRequest.parse({ sort: 'name', offset: 0, limit: 100 }));
  repo.query(CatalogueQueryRequest.parse({ text: 'blue', sort: 'name', offset: 0, limit: 100 }));
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  console.log(JSON.stringify({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed }));
  repo.close();
  process.exit(0);
}

const PRODUCTS = Number(values.products);
const WRITER: WriterThreadSpec = { script: path.resolve('out/main', BUILT_WRITER_NAME), execArgv: [] };
if (!fs.existsSync(WRITER.script as string)) throw new Error('Build first (npm run build): out/main is missing.');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-memory-'));
const service = await startChildService({
  products: PRODUCTS,
  orders: 0,
  port: 18941,
  dataFile: path.join(os.tmpdir(), `shopdesk-bench-${PRODUCTS}.sqlite`),
});

type Phase = 'download' | 'indexes' | 'finish';
let phase: Phase = 'download';
const peaks: Record<Phase, number> = { download: 0, indexes: 0, finish: 0 };
let heapPeak = 0;
const file = path.join(work, 'catalogue.sqlite');
const repo = new CatalogueRepository(file);
const http = new ServiceHttp();
/** The writer as the app runs it, with the phase noted around the index build. */
const writer = (): PageWriter => {
  const inner = threadWriter(repo, file, WRITER);
  return {
    ...inner,
    buildIndexes: async () => {
      phase = 'indexes';
      await inner.buildIndexes();
      phase = 'finish';
    },
  };
};
const sync = new CatalogueSync({
  repo,
  writer,
  http,
  events: new CoreEvents(),
  target: async () => ({ baseUrl: service.url, token: service.token }),
});
global.gc?.();
const baseline = process.memoryUsage().rss;
const sampler = setInterval(() => {
  const { rss, heapUsed } = process.memoryUsage();
  peaks[phase] = Math.max(peaks[phase], rss);
  heapPeak = Math.max(heapPeak, heapUsed);
}, 50);
let livePeak = 0;
let externalPeak = 0;
const liveSampler = setInterval(() => {
  if (!values['live-heap']) return;
  global.gc?.();
  const { heapUsed, external } = process.memoryUsage();
  livePeak = Math.max(livePeak, heapUsed);
  externalPeak = Math.max(externalPeak, external);
}, 1000);
const started = performance.now();
const status = await sync.start();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
clearInterval(liveSampler);
// idle as the app is after a first download: V8 gives back its heap when allocation stops for a while (no forced
// collection here, as the app has none), SQLite's caches stay as filled
await new Promise((r) => setTimeout(r, 2000));
const afterSoon = process.memoryUsage().rss;
await new Promise((r) => setTimeout(r, 15_000));
const after = process.memoryUsage().rss;
repo.close();
await http.close();
await service.stop();

const fresh = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/memory.ts', '--open', file], {
  encoding: 'utf8',
});
const idle = JSON.parse(fresh.stdout.trim().split('\n').at(-1) ?? '{}') as { rss?: number };

line(`${PRODUCTS.toLocaleString('en')} products, first download`, `${seconds.toFixed(1)} s (${status.state})`);
line('  resident before', `${MiB(baseline)} MiB`);
line('  peak while pages are fetched and written', `${MiB(peaks.download)} MiB`);
line('  peak while the indexes are built', `${MiB(peaks.indexes)} MiB`);
line('  peak after (the pass ends)', `${MiB(peaks.finish)} MiB`);
line('  main thread JS heap, peak', `${MiB(heapPeak)} MiB`);
line('  resident idle in the same process, 2 s after', `${MiB(afterSoon)} MiB`);
line('  resident idle in the same process, 17 s after', `${MiB(after)} MiB`);
line('  resident idle, a fresh process opening that cache', idle.rss ? `${MiB(idle.rss)} MiB` : `? (${fresh.stderr})`);
console.log(
  JSON.stringify({
    products: PRODUCTS,
    seconds: Number(seconds.toFixed(1)),
    baselineMiB: MiB(baseline),
    peakMiB: MiB(Math.max(...Object.values(peaks))),
    peaks: Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, MiB(v)])),
    heapPeakMiB: MiB(heapPeak),
    liveHeapPeakMiB: MiB(livePeak),
    externalPeakMiB: MiB(externalPeak),
    idleSoonMiB: MiB(afterSoon),
    idleAfterMiB: MiB(after),
    idleFreshMiB: idle.rss ? MiB(idle.rss) : null,
  }),
);
fs.rmSync(work, { recursive: true, force: true });
