/**
 * npm run bench:load — what the desktops' background work costs the shop's service (not a test):
 * K desktops, each a real core with its own data folder, run their background schedule against one reference service
 * for a simulated hour (an injectable clock runs the schedule `speed` times faster; the service's answer time and its
 * workers are scaled with it, so queueing looks as it would), while a script places orders and changes stock through
 * the service and a visitor of the shop's website asks it for products. Today's policy and the new one run one after
 * the other in the same run, from the same warm caches. Reported per policy:
 *  - requests per desktop-hour, by endpoint (and how many were answered 304);
 *  - the most requests one desktop had in flight at once;
 *  - the service's p95 answer time for the website's visitor while the desktops run, against its idle p95;
 *  - how long a new order takes to appear on a desktop (p50 / p95);
 *  - how old the stock figure of a product is when staff open it, or add it to an order;
 *  - bytes on the wire per desktop-hour, and decoded (--compress: the service compresses when asked, issue #26.3).
 * Writes reports/load.json. --quick: 3 desktops, 10,000 products, 2,000 orders, half an hour.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3-multiple-ciphers';
import { Agent, request } from 'undici';
import { DEFAULT_SYNC, type SyncSettings } from '../shared/sync';
import {
  ServiceHttp,
  type ApiResponse,
  type RequestOptions,
  type ServiceConnection,
} from '../electron/main/core/http/client';
import { scaledClock, type Clock } from '../electron/main/core/clock';
import type { WriterThreadSpec } from '../electron/main/core/catalogue/writer';
import { createCore, type Core } from '../electron/main/core/index';
import { DATABASE_KEY_FILE, readKeyFile } from '../electron/main/core/storage/database-key';
import { unlock } from '../electron/main/core/storage/open';
import { BUILT_WRITER_NAME } from '../electron/main/core/packaged-paths';
import { cacheKey } from '../electron/main/core/storage/service-scope';
import type { ConcurrencyRange } from '../electron/main/core/http/concurrency';
import { MemoryVault } from '../electron/main/core/settings/vault';
import { sampleOrder } from '../test/support/sample-order';
import { percentile, round, startChildService, type ChildService } from './support';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    desktops: { type: 'string' },
    products: { type: 'string' },
    orders: { type: 'string' },
    /**
     * Simulated hours and speed of each policy's run. The new one runs one catalogue interval by default (5 h), so each
     * desktop's catalogue pass (due at a point spread over the interval) falls in the run exactly once.
     */
    'today-hours': { type: 'string' },
    'new-hours': { type: 'string' },
    'today-speed': { type: 'string' },
    'new-speed': { type: 'string' },
    /** The service's answer time and its workers (a small PHP application), in simulated time. */
    'latency-ms': { type: 'string', default: '100' },
    workers: { type: 'string', default: '8' },
    etags: { type: 'boolean', default: true },
    /** The service compresses answers for a client that asks (br, gzip, deflate), as nginx or Apache would. */
    compress: { type: 'boolean', default: false },
    policies: { type: 'string', default: 'today,new' },
  },
});
const quick = values.quick;
const MIN = 60_000;
const HOUR = 60 * MIN;
/** An interval for the report: "60 s", "1 h", "5 h". */
const spoken = (ms: number | null): string => (ms === null ? 'never' : ms < HOUR ? `${ms / 1000} s` : `${ms / HOUR} h`);
const DESKTOPS = Number(values.desktops ?? (quick ? 3 : 10));
const PRODUCTS = Number(values.products ?? (quick ? 10_000 : 100_000));
const ORDERS = Number(values.orders ?? (quick ? 2_000 : 20_000));
/** How long (simulated hours) and how fast each policy runs: long enough for each to do all its kinds of work. */
const RUN: Record<PolicyName, { hours: number; speed: number }> = {
  today: {
    hours: Number(values['today-hours'] ?? (quick ? 0.5 : 1)),
    speed: Number(values['today-speed'] ?? (quick ? 30 : 20)),
  },
  new: {
    hours: Number(values['new-hours'] ?? (quick ? 1 : (DEFAULT_SYNC.catalogueMs ?? HOUR) / HOUR)),
    speed: Number(values['new-speed'] ?? (quick ? 60 : 60)),
  },
  'new-4h': {
    hours: Number(values['new-hours'] ?? (quick ? 1 : 4)),
    speed: Number(values['new-speed'] ?? (quick ? 60 : 60)),
  },
};
const LATENCY_MS = Number(values['latency-ms']);
const WORKERS = Number(values.workers);
const POLICY_NAMES = values.policies.split(',') as PolicyName[];

/** The shop: a new order every 30 s, a stock change every 12 s (simulated). */
const ORDER_EVERY = 30_000;
const STOCK_EVERY = 12_000;
/** Each desktop: staff open a product, and add one to an order, every 2 minutes (simulated). */
const STAFF_EVERY = 2 * MIN;
/** The website's visitor: one request every 500 ms (simulated). */
const VISITOR_EVERY = 500;

/** new-4h: the new policy with the catalogue every 4 hours (the default until the target-size run); only when named. */
type PolicyName = 'today' | 'new' | 'new-4h';
interface Policy {
  label: string;
  sync: SyncSettings;
  /** Conditional requests (ETag / Last-Modified). */
  conditional: boolean;
  concurrency?: { catalogue: ConcurrencyRange; orders: ConcurrencyRange };
  /** Adding a product to an order reads it live (today the line takes the cached figure). */
  liveAdd: boolean;
  /**
   * Today's app ran its passes on a fixed timer (setInterval), whatever a pass took; the new scheduler counts an
   * interval from the end of a pass. On the scaled clock a pass's own CPU time is stretched `speed` times, so timing
   * today's passes from their end would count far fewer of them than the old app made (9,354 instead of 16,008 order
   * pages an hour at 20×): the bench starts them on a fixed timer instead.
   */
  fixedPhase?: boolean;
}
const newPolicy = (sync: SyncSettings): Policy => ({
  label: `new (newest orders every ${spoken(sync.ordersQuickMs)}, all orders every ${spoken(sync.ordersFullMs)}, catalogue every ${spoken(sync.catalogueMs)}, adaptive 2→4)`,
  sync,
  conditional: true,
  liveAdd: true,
});
const POLICIES: Record<PolicyName, Policy> = {
  today: {
    label: 'today (every order page every 5 min, every product page every 30 min, on a fixed timer, 4 and 8 at a time)',
    sync: { ordersQuickMs: null, ordersFullMs: 5 * MIN, catalogueMs: 30 * MIN },
    conditional: false,
    concurrency: { catalogue: { start: 8, max: 8 }, orders: { start: 4, max: 4 } },
    liveAdd: false,
    fixedPhase: true,
  },
  new: newPolicy(DEFAULT_SYNC),
  'new-4h': newPolicy({ ...DEFAULT_SYNC, catalogueMs: 4 * HOUR }),
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-load-'));
const WRITER: WriterThreadSpec = { script: path.resolve('out/main', BUILT_WRITER_NAME), execArgv: [] };
if (!fs.existsSync(WRITER.script as string)) throw new Error('Build first (npm run build): out/main is missing.');
const line = (label: string, value: string): void => console.log(`${label.padEnd(62)} ${value}`);
const fmt = (n: number): string => Math.round(n).toLocaleString('en');
const silent = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(`  core: ${m}`) };

/** The service client of one desktop, counting what it asks for and how much of it is in flight. */
class CountingHttp extends ServiceHttp {
  inFlight = 0;
  peak = 0;
  readonly byEndpoint = new Map<string, number>();
  notModified = 0;

  override async json(conn: ServiceConnection, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const endpoint = `${options.method ?? 'GET'} ${path.split('?')[0]!.replace(/\/\d+$/, '/{id}')}`;
    this.byEndpoint.set(endpoint, (this.byEndpoint.get(endpoint) ?? 0) + 1);
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
    try {
      const response = await super.json(conn, path, options);
      if (response.notModified) this.notModified += 1;
      return response;
    } finally {
      this.inFlight -= 1;
    }
  }
}

/** The website visitor in a child process; its answers with their wall-clock times. */
function startVisitor(service: ChildService, speed: number): { samples: [number, number][]; stop(): Promise<void> } {
  const samples: [number, number][] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.resolve('node_modules/.bin/tsx'),
      'bench/load-probe.ts',
      service.url,
      service.token,
      String(PRODUCTS),
      String(VISITOR_EVERY / speed),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) {
      const [at, ms, status] = l.split(' ').map(Number);
      if (status === 200) samples.push([at!, ms!]);
    }
  });
  return {
    samples,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The visitor's p95 between two wall-clock times, in simulated milliseconds. */
const visitorP95 = (samples: [number, number][], from: number, to: number, speed: number): number =>
  percentile(
    samples.filter(([at]) => at >= from && at <= to).map(([, ms]) => ms * speed),
    95,
  );

async function waitUntil(check: () => Promise<boolean>, what: string, ms = 30 * MIN): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what} did not happen in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function ask<T>(core: Core, channel: string, payload: unknown): Promise<T> {
  const result = await core.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** One warm cache of the whole catalogue and order book, read once, copied to every desktop. */
async function seed(service: ChildService): Promise<string> {
  const dir = path.join(work, 'seed');
  const core = createCore({
    dataDir: dir,
    vault: new MemoryVault(),
    host: 'browser',
    version: 'bench',
    background: false,
    catalogueWriter: WRITER,
  });
  await ask(core, 'settings:save', { baseUrl: service.url, token: service.token });
  await ask(core, 'connection:check', {});
  await ask(core, 'catalogue:sync', {});
  await ask(core, 'orders:refresh', {});
  await waitUntil(
    async () =>
      (await ask<{ state: string }>(core, 'catalogue:status', {})).state === 'complete' &&
      (await ask<{ state: string }>(core, 'orders:status', {})).state === 'complete',
    'the first download',
  );
  await core.close();
  return dir;
}

/**
 * A desktop's data folder: the warm caches, aged as on a shop's desktops that started at different times (the last
 * catalogue pass and order refreshes spread over one interval before the start).
 */
function desktopFolder(seedDir: string, name: string, key: string, policy: Policy, start: number, i: number): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  // the caches, and the key of the order cache (customer data is encrypted at rest)
  for (const file of [`catalogue-${key}.sqlite`, `orders-${key}.sqlite`, DATABASE_KEY_FILE])
    fs.copyFileSync(path.join(seedDir, file), path.join(dir, file));
  const spread = (every: number | null): number => (every === null ? 0 : ((i + 0.5) / DESKTOPS) * every);
  const completeAt = Math.round(start - spread(policy.sync.catalogueMs));
  const catalogue = new Database(path.join(dir, `catalogue-${key}.sqlite`));
  catalogue.prepare("UPDATE sync_state SET value = ? WHERE key IN ('completeAt', 'updatedAt')").run(String(completeAt));
  catalogue.prepare('UPDATE products SET fetched_at = ?').run(completeAt);
  catalogue.close();
  const orders = new Database(path.join(dir, `orders-${key}.sqlite`));
  unlock(orders, readKeyFile(dir)!);
  const set = orders.prepare('INSERT OR REPLACE INTO orders_state (key, value) VALUES (?, ?)');
  const fullAt = Math.round(start - spread(policy.sync.ordersFullMs));
  set.run('fullAt', String(fullAt));
  set.run('quickAt', String(Math.max(fullAt, Math.round(start - spread(policy.sync.ordersQuickMs)))));
  orders.prepare('UPDATE orders SET fetched_at = ?').run(fullAt);
  orders.close();
  return dir;
}

interface PhaseResult {
  policy: string;
  desktops: number;
  simulatedHours: number;
  requestsPerDesktopHour: Record<string, number> & { total: number };
  notModifiedPerDesktopHour: number;
  peakConcurrentPerDesktop: number;
  serviceP95Ms: number;
  idleP95Ms: number;
  p95ToIdle: number;
  newOrderVisibleS: { p50: number; p95: number; worst: number; notSeen: number; pairs: number };
  stockAgeOpenedS: { p50: number; p95: number; worst: number };
  stockAgeAddedS: { p50: number; p95: number; worst: number };
  realSeconds: number;
  speed: number;
  /** Every answer's body per desktop-hour: as it crossed the network, and decoded. */
  bytesPerDesktopHour: { wire: number; decoded: number };
}

/** The reference service for a run at `speed`: its answer time and workers as a small PHP application's, scaled. */
function startService(port: number, speed: number): Promise<ChildService> {
  return startChildService({
    products: PRODUCTS,
    orders: ORDERS,
    port,
    dataFile: path.join(os.tmpdir(), `shopdesk-bench-load-${PRODUCTS}-${ORDERS}.sqlite`),
    extra: [
      '--control',
      ...(values.etags ? ['--etags'] : []),
      ...(values.compress ? ['--compress'] : []),
      '--latency-ms',
      String(Math.max(1, Math.round(LATENCY_MS / speed))),
      '--workers',
      String(WORKERS),
    ],
  });
}

async function phase(name: PolicyName, port: number, seedDir: string): Promise<PhaseResult> {
  const policy = POLICIES[name];
  const { hours: HOURS, speed: SPEED } = RUN[name];
  const service = await startService(port, SPEED);
  const visitor = startVisitor(service, SPEED);
  try {
    return await run(name, policy, HOURS, SPEED, service, visitor, seedDir);
  } finally {
    await visitor.stop();
    await service.stop();
  }
}

async function run(
  name: PolicyName,
  policy: Policy,
  HOURS: number,
  SPEED: number,
  service: ChildService,
  visitor: ReturnType<typeof startVisitor>,
  seedDir: string,
): Promise<PhaseResult> {
  // the service idle (only the website's visitor): its p95 to compare against
  const idleFrom = Date.now();
  await new Promise((r) => setTimeout(r, quick ? 10_000 : 20_000));
  const idleP95 = visitorP95(visitor.samples, idleFrom, Date.now(), SPEED);
  const start = Date.now();
  const clock: Clock = scaledClock(SPEED, start);
  const end = start + HOURS * HOUR;
  const key = cacheKey({ mode: 'service', baseUrl: service.url, token: service.token })!;
  const agent = new Agent({ connections: 4 });
  const headers = { authorization: `Bearer ${service.token}`, accept: 'application/json' };

  const desktops: { core: Core; http: CountingHttp }[] = [];
  for (let i = 0; i < DESKTOPS; i++) {
    const dataDir = desktopFolder(seedDir, `${name}-${i}`, key, policy, start, i);
    const http = new CountingHttp(undefined, { conditional: policy.conditional });
    const core = createCore({
      dataDir,
      vault: new MemoryVault(),
      host: 'browser',
      version: 'bench',
      log: silent,
      http,
      clock,
      catalogueWriter: WRITER,
      concurrency: policy.concurrency,
    });
    // a fixed-timer policy's passes are started by the bench (below), not by the scheduler
    await ask(
      core,
      'sync:set',
      policy.fixedPhase ? { ordersQuickMs: null, ordersFullMs: null, catalogueMs: null } : policy.sync,
    );
    desktops.push({ core, http });
  }
  const realStart = Date.now();
  for (const { core } of desktops) await ask(core, 'settings:save', { baseUrl: service.url, token: service.token });

  // new orders: when each was placed, and when each desktop first had it
  const placed = new Map<number, number>();
  const seen = desktops.map(() => new Map<number, number>());
  const look = async (i: number): Promise<void> => {
    const rows = (
      await ask<{ rows: { id: number }[] }>(desktops[i]!.core, 'orders:query', { sort: 'id', dir: 'desc', limit: 40 })
    ).rows;
    const now = clock.now();
    for (const { id } of rows) if (placed.has(id) && !seen[i]!.has(id)) seen[i]!.set(id, now);
  };
  desktops.forEach(({ core }, i) => core.events.on('orders:changed', () => void look(i).catch(() => undefined)));

  const timers: (() => void)[] = [];
  const every = (ms: number, offset: number, work: () => Promise<void>): void => {
    const tick = (): void => {
      if (clock.now() >= end) return;
      void work().catch((error: unknown) => console.error(`  ${String(error)}`));
      timers.push(clock.after(ms, tick));
    };
    timers.push(clock.after(offset, tick));
  };
  // today's passes on a fixed timer, each desktop at its own phase (as its cache's age says): a pass still under way
  // when the timer fires is joined, not started again (the old app's setInterval did the same)
  if (policy.fixedPhase)
    desktops.forEach(({ core }, i) => {
      for (const [job, ms] of [
        ['orders-full', policy.sync.ordersFullMs],
        ['catalogue', policy.sync.catalogueMs],
      ] as const) {
        if (ms === null) continue;
        every(ms, ms - ((i + 0.5) / DESKTOPS) * ms, async () => void (await core.scheduler.job(job)!.runNow()));
      }
    });
  // the shop places orders (until 10 minutes before the end, so each has time to arrive) and changes stock
  let orderNo = 0;
  every(ORDER_EVERY, ORDER_EVERY / 2, async () => {
    if (clock.now() > end - 10 * MIN) return;
    orderNo += 1;
    const res = await request(`${service.url}/api/order`, {
      method: 'POST',
      dispatcher: agent,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(
        sampleOrder({ email: `${name}-${orderNo}@shop.example`, order_items: [{ id: 3, quantity: 1 }] }),
      ),
    });
    const body = (await res.body.json()) as { data: { id: number } };
    placed.set(body.data.id, clock.now());
  });
  every(STOCK_EVERY, STOCK_EVERY / 3, async () => {
    const id = 1 + Math.floor(Math.random() * PRODUCTS);
    const res = await request(`${service.url}/__control/products/${id}`, {
      method: 'POST',
      dispatcher: agent,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ available_stock: String(Math.floor(Math.random() * 50)) }),
    });
    await res.body.dump();
  });
  // staff at each desktop open a product, and add one to an order
  const opened: number[] = [];
  const added: number[] = [];
  type Product = { id: number; barcode: string; fetchedAt: number };
  type Read = { product: Product; source: 'live' | 'cache' };
  /** Staff's own reads that reached the service (not the background's doing: counted apart). */
  let staffLive = 0;
  const live = (read: Read): Read => {
    if (read.source === 'live') staffLive += 1;
    return read;
  };
  desktops.forEach(({ core }, i) =>
    every(STAFF_EVERY, ((i + 1) / (DESKTOPS + 1)) * STAFF_EVERY, async () => {
      const id = 1 + Math.floor(Math.random() * PRODUCTS);
      const read = live(await ask<Read>(core, 'catalogue:product', { id }));
      opened.push((clock.now() - read.product.fetchedAt) / 1000);
      // the product to add, picked from the catalogue on this computer (the wizard's search); its line takes the cached
      // row, and the new wizard reads it live too
      const offset = Math.floor(Math.random() * PRODUCTS);
      const row = (await ask<{ rows: Product[] }>(core, 'catalogue:query', { sort: 'id', offset, limit: 1 })).rows[0];
      if (!row) return;
      if (!policy.liveAdd) added.push((clock.now() - row.fetchedAt) / 1000);
      else {
        const fresh = live(await ask<Read>(core, 'catalogue:product', { id: row.id }));
        added.push((clock.now() - fresh.product.fetchedAt) / 1000);
      }
    }),
  );

  await waitUntil(async () => clock.now() >= end, `the simulated ${HOURS} h`, (HOURS * HOUR) / SPEED + 10 * MIN);
  const realEnd = Date.now();
  for (const stop of timers) stop();
  await Promise.all(desktops.map(({ core }) => core.close()));
  await agent.close();

  const hours = HOURS;
  const requests: Record<string, number> = {};
  let notModified = 0;
  const moved = { wire: 0, decoded: 0 };
  for (const { http } of desktops) {
    for (const [endpoint, n] of http.byEndpoint) requests[endpoint] = (requests[endpoint] ?? 0) + n;
    notModified += http.notModified;
    const { wireBytes, bytes } = http.transferred();
    moved.wire += wireBytes;
    moved.decoded += bytes;
  }
  // staff opening products read GET /api/product/{id}: that is not the background's doing
  requests['GET /api/product/{id}'] = (requests['GET /api/product/{id}'] ?? 0) - staffLive;
  const perDesktopHour = Object.fromEntries(
    Object.entries(requests)
      .filter(([, n]) => n > 0)
      .map(([endpoint, n]) => [endpoint, Math.round(n / DESKTOPS / hours)]),
  );
  const total = Object.values(perDesktopHour).reduce((a, b) => a + b, 0);
  const lags: number[] = [];
  let notSeen = 0;
  for (const [id, at] of placed)
    for (const map of seen) {
      const when = map.get(id);
      if (when === undefined) notSeen += 1;
      else lags.push((when - at) / 1000);
    }
  const stats = (xs: number[]) => ({
    p50: round(percentile(xs, 50), 1),
    p95: round(percentile(xs, 95), 1),
    worst: round(Math.max(...xs), 1),
  });
  const serviceP95 = visitorP95(visitor.samples, realStart, realEnd, SPEED);
  for (let i = 0; i < DESKTOPS; i++) fs.rmSync(path.join(work, `${name}-${i}`), { recursive: true, force: true });
  return {
    policy: policy.label,
    desktops: DESKTOPS,
    simulatedHours: hours,
    requestsPerDesktopHour: { ...perDesktopHour, total },
    notModifiedPerDesktopHour: Math.round(notModified / DESKTOPS / hours),
    peakConcurrentPerDesktop: Math.max(...desktops.map(({ http }) => http.peak)),
    serviceP95Ms: round(serviceP95, 1),
    idleP95Ms: round(idleP95, 1),
    p95ToIdle: round(serviceP95 / idleP95, 2),
    newOrderVisibleS: { ...stats(lags), notSeen, pairs: lags.length + notSeen },
    stockAgeOpenedS: stats(opened),
    stockAgeAddedS: stats(added),
    realSeconds: round((realEnd - realStart) / 1000, 0),
    speed: SPEED,
    bytesPerDesktopHour: {
      wire: Math.round(moved.wire / DESKTOPS / hours),
      decoded: Math.round(moved.decoded / DESKTOPS / hours),
    },
  };
}

const report: Record<string, unknown> = {
  desktops: DESKTOPS,
  products: PRODUCTS,
  orders: ORDERS,
  runs: RUN,
  service: { latencyMs: LATENCY_MS, workers: WORKERS, etags: values.etags, compress: values.compress },
  shop: { orderEverySeconds: ORDER_EVERY / 1000, stockChangeEverySeconds: STOCK_EVERY / 1000 },
};
// one address for every run (the caches are the service's by its address)
const seedService = await startService(0, 1);
const port = Number(new URL(seedService.url).port);
let seedStopped = false;
try {
  console.log(
    `bench:load — ${DESKTOPS} desktops, ${fmt(PRODUCTS)} products, ${fmt(ORDERS)} orders ` +
      `(service: ${LATENCY_MS} ms an answer, ${WORKERS} workers${values.etags ? ', ETags' : ''})`,
  );
  const t = Date.now();
  const seedDir = await seed(seedService);
  await seedService.stop();
  seedStopped = true;
  line('warm caches (the first download, copied to each desktop)', `${round((Date.now() - t) / 1000, 1)} s`);
  const results: Partial<Record<PolicyName, PhaseResult>> = {};
  for (const name of POLICY_NAMES) {
    console.log(`\n${POLICIES[name].label} — ${RUN[name].hours} simulated h at ${RUN[name].speed}×`);
    const r = await phase(name, port, seedDir);
    results[name] = r;
    line('  requests per desktop-hour (background)', fmt(r.requestsPerDesktopHour.total));
    for (const [endpoint, n] of Object.entries(r.requestsPerDesktopHour))
      if (endpoint !== 'total') line(`    ${endpoint}`, fmt(n));
    line('    of them answered 304 (not modified)', fmt(r.notModifiedPerDesktopHour));
    line('  most requests in flight, one desktop', String(r.peakConcurrentPerDesktop));
    line(
      `  bytes on the wire per desktop-hour (service ${values.compress ? 'compressing' : 'not compressing'})`,
      `${round(r.bytesPerDesktopHour.wire / 1e6, 2)} MB (decoded ${round(r.bytesPerDesktopHour.decoded / 1e6, 2)} MB)`,
    );
    line(
      "  the service's p95 while the desktops run / idle",
      `${r.serviceP95Ms} / ${r.idleP95Ms} ms (${r.p95ToIdle}×)`,
    );
    const v = r.newOrderVisibleS;
    line(
      '  a new order visible on a desktop after, p50 / p95 / worst',
      `${v.p50} / ${v.p95} / ${v.worst} s (${v.notSeen} of ${v.pairs} not seen)`,
    );
    line('  stock age when a product is opened, p50 / p95', `${r.stockAgeOpenedS.p50} / ${r.stockAgeOpenedS.p95} s`);
    line(
      '  stock age when a product is added to an order, p50 / p95',
      `${r.stockAgeAddedS.p50} / ${r.stockAgeAddedS.p95} s`,
    );
    line('  real time', `${r.realSeconds} s`);
  }
  report.results = results;
  for (const variant of ['new', 'new-4h'] as const) {
    const today = results.today;
    const r = results[variant];
    if (!today || !r) continue;
    const ratio = r.requestsPerDesktopHour.total / today.requestsPerDesktopHour.total;
    report[variant === 'new' ? 'newToToday' : 'new4hToToday'] = round(ratio, 3);
    console.log(`\n${variant}:`);
    line('requests per desktop-hour, new ÷ today (target ≤ 0.1)', String(round(ratio, 3)));
    line('new-order visibility p95 (target ≤ 90 s)', `${r.newOrderVisibleS.p95} s`);
    line('service p95 ÷ idle with the new policy (target ≤ 1.2)', String(r.p95ToIdle));
  }
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync('reports/load.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nwritten to reports/load.json');
} finally {
  if (!seedStopped) await seedService.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
