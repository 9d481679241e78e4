/**
 * npm run bench:memory — where a catalogue's memory goes (#31.1; not a test): the whole process's resident memory
 * (main thread, the writer thread, SQLite) sampled every 50 ms through a first download of --products products (default
 * 1,000,000), by phase (pages fetched and written; the indexes built at the end), then idle after it, and idle in a
 * fresh process that opens the finished cache and reads a window of it, as the app does at start.
 *
 * Idle, read at each of --idle's seconds after the pass, where the resident memory is (`parts`): V8's heap by space
 * (committed: a long sync grows the young generation to its maximum, and V8 gives it back only once its memory reducer
 * sees the process idle, 1–3 minutes later), the main thread's malloc arena ([heap]: SQLite's reading connection,
 * HTTP buffers), other anonymous mappings of 1 MiB and more (the malloc arenas threads used: glibc keeps the ended
 * writer thread's), smaller anonymous mappings (V8's pages) and the program's files.
 *
 *   npm run bench:memory -- --products 200000
 *   npm run bench:memory -- --products 200000 --idle 2,17,60,180
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
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
    /** Seconds after the sync's end at which idle memory is read, by part (the last is the idle figure). */
    idle: { type: 'string', default: '2,17,180' },
    /** Internal: only open the cache at this path and report idle memory (the fresh-process half). */
    open: { type: 'string' },
  },
});
const MiB = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const line = (label: string, value: string): void => console.log(`${label.padEnd(52)} ${value}`);

/** Where this process's resident memory is, in MiB (Linux: /proc/self/smaps; elsewhere V8's figures only). */
function parts(): Record<string, number> {
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]));
  const sum: Record<string, number> = { files: 0, mallocMain: 0, anonLarge: 0, anonSmall: 0 };
  let name = '';
  let size = 0;
  const smaps = fs.existsSync('/proc/self/smaps') ? fs.readFileSync('/proc/self/smaps', 'utf8') : '';
  for (const row of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(row);
    if (head) {
      name = head[3] ?? '';
      size = parseInt(head[2]!, 16) - parseInt(head[1]!, 16);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(row);
    if (!rss) continue;
    const bytes = Number(rss[1]) * 1024;
    if (name.startsWith('/')) sum.files! += bytes;
    else if (name === '[heap]') sum.mallocMain! += bytes;
    else if (name === '') sum[size >= 2 ** 20 ? 'anonLarge' : 'anonSmall']! += bytes;
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  return Object.fromEntries(
    Object.entries({
      rss,
      v8NewSpace: spaces.new_space ?? 0,
      v8OldSpace: spaces.old_space ?? 0,
      v8Used: heapUsed,
      external,
      ...sum,
    }).map(([k, v]) => [k, MiB(v)]),
  );
}

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
const baselineParts = parts();
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
const idleAt = values.idle.split(',').map(Number);
const idleParts: { seconds: number; parts: Record<string, number> }[] = [];
const ended = performance.now();
for (const seconds of idleAt) {
  await new Promise((r) => setTimeout(r, Math.max(0, ended + seconds * 1000 - performance.now())));
  idleParts.push({ seconds, parts: parts() });
}
const after = idleParts.at(-1)!.parts.rss! * 2 ** 20;
repo.close();
await http.close();
await service.stop();

const fresh = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/memory.ts', '--open', file], {
  encoding: 'utf8',
});
const idle = JSON.parse(fresh.stdout.trim().split('\n').at(-1) ?? '{}') as { rss?: number };

line(`${PRODUCTS.toLocaleString('en')} products, first download`, `${seconds.toFixed(1)} s (${status.state})`);
line('  resident before', `${MiB(baseline)} MiB`);
line(
  '    of which',
  `V8 young ${baselineParts.v8NewSpace} + old ${baselineParts.v8OldSpace}, malloc main ${baselineParts.mallocMain}, ` +
    `other anonymous ≥1 MiB ${baselineParts.anonLarge}, <1 MiB ${baselineParts.anonSmall}, files ${baselineParts.files}`,
);
line('  peak while pages are fetched and written', `${MiB(peaks.download)} MiB`);
line('  peak while the indexes are built', `${MiB(peaks.indexes)} MiB`);
line('  peak after (the pass ends)', `${MiB(peaks.finish)} MiB`);
line('  main thread JS heap, peak', `${MiB(heapPeak)} MiB`);
for (const { seconds, parts: p } of idleParts) {
  line(`  resident idle in the same process, ${seconds} s after`, `${p.rss} MiB`);
  line(
    '    of which',
    `V8 young ${p.v8NewSpace} + old ${p.v8OldSpace} (${p.v8Used} used), malloc main ${p.mallocMain}, ` +
      `other anonymous ≥1 MiB ${p.anonLarge}, <1 MiB ${p.anonSmall}, files ${p.files}`,
  );
}
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
    idleAfterMiB: MiB(after),
    idleParts,
    idleFreshMiB: idle.rss ? MiB(idle.rss) : null,
  }),
);
fs.rmSync(work, { recursive: true, force: true });
