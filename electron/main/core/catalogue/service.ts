/**
 * The catalogue feature: one cache per service (demo data never mixes with a shop's), its sync on demand and on a
 * schedule while online, and the stock browser's channels.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Handlers, LookupMiss } from '../../../../shared/contract';
import { IDLE_CATALOGUE } from '../../../../shared/domain';
import { gtinVerdict } from '../../../../shared/gtin';
import type { ServiceHttp } from '../http/client';
import { readThrough } from '../http/live';
import { parseProduct } from './api';
import type { ConnectionMonitor, ConnectionTarget } from '../connection/state';
import { CatalogueRepository } from './db';
import { checkInThread, threadWriter, type WriterThreadSpec } from './writer';
import { CATALOGUE_MIGRATIONS } from './migrations/index';
import { upgradeBeforeOpen } from './upgrade';
import type { Upgrades } from '../storage/upgrades';
import { moveAside } from '../storage/open';
import type { CoreEvents } from '../events';
import type { Job, RunOutcome, Scheduler } from '../scheduler';
import { connectionFor, notConfigured, ServiceCaches, type ServiceCache } from '../storage/service-scope';
import type { SettingsStore } from '../settings/settings';
import { nextRevision } from '../revision';
import { CatalogueSync } from './sync';
import { BACKGROUND_CONCURRENCY, MANUAL_CONCURRENCY, type ConcurrencyRange } from '../http/concurrency';

type CatalogueHandlers = Pick<Handlers, `catalogue:${string}` & keyof Handlers>;

export interface CatalogueOptions {
  dataDir: string;
  http: ServiceHttp;
  events: CoreEvents;
  connection: ConnectionMonitor;
  target: () => Promise<ConnectionTarget>;
  settings: SettingsStore;
  scheduler: Scheduler;
  /** Passes on the schedule of Settings → Sync (off in unit tests that drive syncs by hand). */
  background: boolean;
  /** Pages in flight of a background pass (default BACKGROUND_CONCURRENCY). */
  concurrency?: ConcurrencyRange;
  /** Where a sync commits its pages (see CoreOptions.catalogueWriter). */
  writer: WriterThreadSpec | 'inline';
  warn: (message: string) => void;
  /** An earlier version's cache is upgraded on the writer's thread before it opens (none: the open upgrades it). */
  upgrades?: Upgrades;
}

interface OpenCatalogue extends ServiceCache {
  repo: CatalogueRepository;
  sync: CatalogueSync;
  /** Set by stop(): no pass starts on it from then on, so idle() covers all its work (its writer thread included). */
  stopped: boolean;
}

export class Catalogue {
  private readonly caches: ServiceCaches<OpenCatalogue>;
  /** Tells the background checks their answer no longer counts; `checking` settles once they have let go of the file. */
  private readonly stopChecks = new AbortController();
  private checking: Promise<unknown> = Promise.resolve();
  /** The catalogue pass on the scheduler: due at start when the cache is older than its interval, then every interval. */
  readonly job: Job;

  constructor(private readonly options: CatalogueOptions) {
    this.caches = new ServiceCaches(
      options.target,
      (key) => this.openCache(key),
      (key) => this.upgrade(key),
    );
    this.job = options.scheduler.add({
      name: 'catalogue',
      every: () => this.interval(),
      group: 'pass',
      run: (c) => this.run(c.manual),
    });
  }

  /** Time between background passes (null: only when staff ask). */
  private interval(): number | null {
    return this.options.background ? this.options.settings.get().sync.catalogueMs : null;
  }

  /**
   * The cache of the service now configured (opened on first use, switched when the service changes); none once the
   * catalogue is closed.
   */
  open(): Promise<OpenCatalogue | null> {
    return this.caches.open();
  }

  private fileOf(key: string): string {
    return path.join(this.options.dataDir, `catalogue-${key}.sqlite`);
  }

  /** An earlier version's cache brought up to this one's layout on the writer's thread, before it opens. */
  private async upgrade(key: string): Promise<void> {
    const { upgrades, writer, warn } = this.options;
    if (!upgrades) return;
    await upgradeBeforeOpen({
      store: 'catalogue',
      file: this.fileOf(key),
      migrations: CATALOGUE_MIGRATIONS,
      thread: writer,
      upgrades,
      warn,
    });
  }

  private openCache(key: string): OpenCatalogue {
    const file = this.fileOf(key);
    const { writer, warn } = this.options;
    // with a thread at hand the full integrity check runs there, not here (seconds for a large catalogue)
    const existed = fs.existsSync(file);
    const repo = this.openRepository(file, writer === 'inline');
    // only a file an earlier run left can be damaged (a disk fault, a power cut); one made now holds nothing yet, and
    // checking it while it is being set up took it for damaged at times and moved it aside mid-sync (two clean-clone
    // runs: a synced catalogue read back as empty)
    const checked = writer !== 'inline' && existed && !repo.movedAside;
    const sync = new CatalogueSync({
      repo,
      writer: writer === 'inline' ? undefined : () => threadWriter(repo, file, writer, warn),
      http: this.options.http,
      events: this.options.events,
      target: async () => connectionFor(await this.options.target(), key),
      onUnauthorized: () => void this.options.connection.check(),
      onUnreachable: () => void this.options.connection.check(),
      clock: this.options.scheduler.clock,
    });
    // another service's cache: whether a pass is due is worked out again for it
    queueMicrotask(() => this.job.trigger());
    const check = checked ? this.check(file, writer) : null;
    const opened: OpenCatalogue = {
      repo,
      sync,
      stopped: false,
      stop: () => {
        opened.stopped = true;
        sync.cancel();
      },
      // its check too: the file closes here last, as only a connection that can write folds the log in when it closes
      // (one closed while the read-only check still had the file open left catalogue-demo.sqlite-wal behind)
      idle: async () => {
        await Promise.all([sync.idle(), check]);
      },
      close: () => {
        if (repo.db.open) repo.close();
      },
    };
    if (check) void this.verify(opened, file, check);
    return opened;
  }

  /** Opens the cache; one so damaged that it cannot even be counted is moved aside at once and started afresh. */
  private openRepository(file: string, quickCheck: boolean): CatalogueRepository {
    const damaged = (why: string): void =>
      this.options.warn(
        `the catalogue cache ${path.basename(file)} is damaged (${why}): moved aside, to be fetched again`,
      );
    let repo: CatalogueRepository;
    try {
      repo = new CatalogueRepository(file, { quickCheck });
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? '');
      if (!/^SQLITE_(CORRUPT|NOTADB)/.test(code)) throw error;
      damaged(code);
      moveAside(file);
      return new CatalogueRepository(file, { quickCheck });
    }
    // the open itself moves aside a file that is no database at all: said here too
    if (repo.movedAside) damaged('not a readable database');
    return repo;
  }

  /** The full check of a cache file on a thread of its own; settles once the thread has let go of the file. */
  private check(file: string, spec: WriterThreadSpec): Promise<boolean> {
    const check = checkInThread(file, spec, this.stopChecks.signal);
    this.checking = Promise.all([this.checking, check]);
    return check;
  }

  /** A cache that fails its check is closed, moved aside (never deleted) and fetched again. */
  private async verify(opened: OpenCatalogue, file: string, check: Promise<boolean>): Promise<void> {
    if ((await check) || this.caches.isClosed()) return;
    this.options.warn(`the catalogue cache ${path.basename(file)} is damaged: moved aside, to be fetched again`);
    await this.caches.retire(opened, () => moveAside(file));
    const fresh = await this.open();
    if (fresh) this.options.events.emit('catalogue:progress', fresh.sync.status());
    this.job.trigger();
  }

  /** The scheduled job: a pass when one is due (or asked for); what the scheduler should do next. */
  private run(manual: boolean): Promise<RunOutcome> {
    // with the cache open, a pass asked for starts before this returns (its status says 'running' at once)
    const open = this.caches.peek();
    if (open) return this.pass(open, manual);
    return this.open().then((opened) => (opened ? this.pass(opened, manual) : { kind: 'wait', until: null }));
  }

  private async pass(open: OpenCatalogue, manual: boolean): Promise<RunOutcome> {
    // retired (or closing) since it was opened: the pass is for the cache open now, if any
    if (open.stopped) return { kind: 'wait', until: this.options.scheduler.clock.now() };
    if (!manual) {
      const every = this.interval();
      if (every === null) return { kind: 'wait', until: null };
      const status = open.sync.status();
      // a complete cache younger than the interval is not read again until it is that old
      if (!open.sync.isRunning() && status.state === 'complete' && status.completeAt !== null) {
        const due = status.completeAt + every;
        if (due > this.options.scheduler.clock.now()) return { kind: 'wait', until: due };
      }
    }
    await open.sync.start({
      concurrency: manual ? MANUAL_CONCURRENCY : (this.options.concurrency ?? BACKGROUND_CONCURRENCY),
    });
    return this.outcomeOf(open);
  }

  /** What the scheduler makes of the pass that just ended. */
  private outcomeOf(open: OpenCatalogue): RunOutcome {
    switch (open.sync.lastOutcome()) {
      case 'complete':
        return { kind: 'done' };
      case 'cancelled': {
        // cancelled by staff (or a switch of service): the next pass comes at the usual time
        const every = this.interval();
        return { kind: 'wait', until: every === null ? null : this.options.scheduler.clock.now() + every };
      }
      case 'unreachable':
      case 'unauthorized':
        return { kind: 'unusable' };
      default:
        return { kind: 'failed' };
    }
  }

  /**
   * Closes the catalogue caches of every service, once their check threads have let go (sign out and erase removes
   * them next).
   */
  async release(): Promise<void> {
    await Promise.all([this.checking, this.caches.release()]);
  }

  async close(): Promise<void> {
    this.stopChecks.abort();
    // the cancelled passes and the checks unwind (their threads let go of the files) before the databases close
    await Promise.all([this.checking, this.caches.close()]);
  }

  readonly handlers: CatalogueHandlers = {
    'catalogue:status': async () =>
      (await this.open())?.sync.status() ?? { ...IDLE_CATALOGUE, revision: nextRevision() },
    'catalogue:sync': async () => {
      const open = await this.open();
      if (!open) throw notConfigured();
      // retired (or closing) since it was opened: the pass is for the cache open now, if any
      if (open.stopped) return this.handlers['catalogue:sync']({});
      // "Sync now": up to 8 pages at once; a background pass under way is joined and may use as many
      if (open.sync.isRunning()) open.sync.limiter?.widen(MANUAL_CONCURRENCY.max);
      const pass = open.sync.start({ concurrency: MANUAL_CONCURRENCY });
      this.job.after(pass.then(() => this.outcomeOf(open)));
      return open.sync.status();
    },
    'catalogue:cancel': async () => {
      const open = await this.open();
      open?.sync.cancel();
      return open?.sync.status() ?? { ...IDLE_CATALOGUE, revision: nextRevision() };
    },
    'catalogue:query': async (q) => {
      const open = await this.open();
      if (!open) return { rows: [], total: 0, cachedProducts: 0 };
      const window = open.repo.query(q);
      return { ...window, cachedProducts: open.repo.listedCount() };
    },
    'catalogue:lookup': async ({ code }) => {
      const product = (await this.open())?.repo.lookup(code) ?? null;
      return { product, miss: product ? null : lookupMiss(code) };
    },
    'catalogue:facets': async () => ({ statuses: (await this.open())?.repo.statuses() ?? [] }),
    'catalogue:skipped': async () => ({ records: (await this.open())?.sync.skippedRecords() ?? [] }),
    'catalogue:product': async ({ id, cacheOnly }) => {
      const open = await this.open();
      if (!open) throw notConfigured();
      const read = await readThrough({
        http: this.options.http,
        connection: this.options.connection,
        target: await this.options.target(),
        warn: this.options.warn,
        path: `/api/product/${id}`,
        record: 'product',
        id,
        cacheOnly,
        parse: (record) => {
          const parsed = parseProduct(record);
          return parsed.ok && parsed.product.id === id ? parsed.product : null;
        },
        cached: () => open.repo.detail(id),
        keep: (product) => {
          // written back with the time it was read: the stock browser shows it as fresh too
          open.repo.saveProduct(product, this.options.scheduler.clock.now());
          return open.repo.detail(id)!;
        },
        // the service no longer lists it: marked so, and the cached copy says so
        gone: () => open.repo.markUnlisted(id),
      });
      return { product: read.copy, source: read.source, missing: read.missing, why: read.why };
    },
  };
}

/** Why a code found nothing: a misread (its check digit is wrong), a barcode the catalogue lacks, or another code. */
export function lookupMiss(code: string): LookupMiss {
  const verdict = gtinVerdict(code.replace(/\s+/g, ''));
  return verdict === 'misread' ? 'misread' : verdict === 'valid' ? 'not_in_catalogue' : 'unknown';
}
