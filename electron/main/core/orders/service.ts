/**
 * The orders feature: one order cache per service, refreshed when the service comes online and every few
 * minutes, dates read in the day/month order the settings (or the data) say, and the order book's channels.
 */
import path from 'node:path';
import type { Handlers } from '../../../../shared/contract';
import { DEFAULT_DATE_ORDER, learnDateOrder, type DateOrder } from '../../../../shared/dates';
import type { OrdersStatus } from '../../../../shared/domain';
import { systemWall, type WallClock } from '../clock';
import type { ServiceHttp } from '../http/client';
import { readThrough } from '../http/live';
import { parseOrder, type ParsedOrder } from './api';
import type { Catalogue } from '../catalogue/service';
import type { Job, RunOutcome, Scheduler } from '../scheduler';
import type { ConcurrencyRange } from '../http/concurrency';
import { cacheKey, connectionFor, notConfigured, ServiceCaches, type ServiceCache } from '../storage/service-scope';
import type { ConnectionMonitor, ConnectionTarget } from '../connection/state';
import { OrderRepository, type SeenOrderRow } from './db';
import { ORDER_MIGRATIONS } from './migrations/index';
import { upgradeBeforeOpen } from '../catalogue/upgrade';
import type { WriterThreadSpec } from '../catalogue/writer';
import type { Upgrades } from '../storage/upgrades';
import { exportOf, orderDetail, summaryOf, withAttention } from './views';
import { EMPTY_STATUS, orderStatus } from './status';
import type { CoreEvents } from '../events';
import type { SettingsStore } from '../settings/settings';
import { nextRevision } from '../revision';
import {
  ORDER_BACKGROUND_CONCURRENCY,
  ORDER_MANUAL_CONCURRENCY,
  OrdersRefresh,
  type RefreshKind,
  type RefreshResult,
} from './refresh';

type OrderHandlers = Pick<Handlers, (`orders:${string}` | 'settings:date-order' | 'customers:search') & keyof Handlers>;

export interface OrdersOptions {
  dataDir: string;
  http: ServiceHttp;
  events: CoreEvents;
  connection: ConnectionMonitor;
  target: () => Promise<ConnectionTarget>;
  settings: SettingsStore;
  scheduler: Scheduler;
  catalogue: Catalogue;
  /** Refreshes on the schedule of Settings → Sync (off in unit tests that drive them by hand). */
  background: boolean;
  /** Encrypts the order caches (customer data): the key now (sign out and erase replaces it). */
  databaseKey: () => Buffer;
  /** This computer's wall clock and a monotonic one (the book's age at a send is measured on the latter). */
  wall?: WallClock;
  /** Pages in flight of a background full pass (default ORDER_BACKGROUND_CONCURRENCY). */
  concurrency?: ConcurrencyRange;
  /** The log: a live read of an order that failed (its status and the service's message, redacted). */
  warn?: (message: string) => void;
  /** An earlier version's order book is upgraded on this thread before it opens (none: the open upgrades it). */
  upgradeThread?: WriterThreadSpec | 'inline';
  upgrades?: Upgrades;
}

interface OpenOrders extends ServiceCache {
  key: string;
  repo: OrderRepository;
  refresh: OrdersRefresh;
}

export class Orders {
  private readonly caches: ServiceCaches<OpenOrders>;
  private revision = nextRevision();
  /** The quick refresh (newest pages) and the full pass (every page) on the scheduler. */
  readonly quickJob: Job;
  readonly fullJob: Job;

  constructor(private readonly options: OrdersOptions) {
    this.caches = new ServiceCaches(
      options.target,
      (key) => this.openCache(key),
      (key) => this.upgrade(key),
    );
    this.quickJob = options.scheduler.add({
      name: 'orders-quick',
      every: () => this.interval('quick'),
      run: (c) => this.runRefresh('quick', c.manual),
    });
    this.fullJob = options.scheduler.add({
      name: 'orders-full',
      every: () => this.interval('full'),
      group: 'pass',
      run: (c) => this.runRefresh('full', c.manual),
    });
  }

  /**
   * Time between refreshes of a kind (null: only when staff ask). An order list that is not paginated is read whole
   * by the quick refresh, at the full pass's interval, and needs no full pass besides.
   */
  private interval(kind: RefreshKind): number | null {
    if (!this.options.background) return null;
    const { ordersQuickMs, ordersFullMs } = this.options.settings.get().sync;
    const paginated = this.caches.peek()?.repo.shape()?.paginated ?? true;
    if (paginated) return kind === 'quick' ? ordersQuickMs : ordersFullMs;
    return kind === 'quick' ? (ordersFullMs ?? ordersQuickMs) : null;
  }

  /** A scheduled refresh: runs when due (or asked for); what the scheduler should do next. */
  private async runRefresh(kind: RefreshKind, manual: boolean): Promise<RunOutcome> {
    const open = this.caches.peek() ?? (await this.open());
    if (!open) return { kind: 'wait', until: null };
    const every = this.interval(kind);
    if (!manual) {
      if (every === null) return { kind: 'wait', until: null };
      // quickAt: when a refresh of either kind (a full pass reads the newest pages first) last began; fullAt: when the
      // last full pass ended
      const last = open.repo.time(kind === 'quick' ? 'quickAt' : 'fullAt') ?? -Infinity;
      if (Number.isFinite(last) && last + every > this.options.scheduler.clock.now())
        return { kind: 'wait', until: last + every };
    }
    return this.outcomeOf(
      kind,
      await open.refresh.start(kind, {
        concurrency: manual ? ORDER_MANUAL_CONCURRENCY : (this.options.concurrency ?? ORDER_BACKGROUND_CONCURRENCY),
      }),
    );
  }

  /** What the scheduler makes of a refresh that ended. */
  private outcomeOf(kind: RefreshKind, result: RefreshResult): RunOutcome {
    switch (result.end) {
      case 'complete':
        return { kind: 'done' };
      case 'unreachable':
      case 'refused':
        return { kind: 'unusable' };
      case 'cancelled': {
        const every = this.interval(kind);
        return { kind: 'wait', until: every === null ? null : this.options.scheduler.clock.now() + every };
      }
      default:
        return { kind: 'failed' };
    }
  }

  open(): Promise<OpenOrders | null> {
    return this.caches.open();
  }

  private fileOf(key: string): string {
    return path.join(this.options.dataDir, `orders-${key}.sqlite`);
  }

  /** An earlier version's order book brought up to this one's layout on the thread, before it opens. */
  private async upgrade(key: string): Promise<void> {
    const { upgrades, upgradeThread, warn } = this.options;
    if (!upgrades) return;
    await upgradeBeforeOpen({
      ...{ store: 'orders', file: this.fileOf(key), migrations: ORDER_MIGRATIONS, key: this.options.databaseKey() },
      ...{ thread: upgradeThread, upgrades, warn: warn ?? (() => undefined) },
    });
  }

  private openCache(key: string): OpenOrders {
    this.revision = nextRevision();
    const repo = new OrderRepository(this.fileOf(key), this.options.databaseKey());
    const refresh = new OrdersRefresh({
      repo,
      http: this.options.http,
      target: async () => connectionFor(await this.options.target(), key),
      dateOrder: () => this.effectiveOrder(repo),
      onUnauthorized: () => void this.options.connection.check(),
      onUnreachable: () => void this.options.connection.check(),
      clock: this.options.scheduler.clock,
      mono: () => (this.options.wall ?? systemWall).mono(),
      onChange: () => {
        this.revision = nextRevision();
        this.readDatesAsNeeded(repo);
        this.options.events.emit('orders:changed', this.statusOf(repo, refresh));
      },
    });
    this.readDatesAsNeeded(repo);
    // another service's cache: whether a refresh is due is worked out again for it
    queueMicrotask(() => {
      this.quickJob.trigger();
      this.fullJob.trigger();
    });
    return {
      key,
      repo,
      refresh,
      stop: () => refresh.cancel(),
      idle: () => refresh.idle(),
      close: () => repo.close(),
    };
  }

  private effectiveOrder(repo: OrderRepository): DateOrder {
    const setting = this.options.settings.get().dateOrder;
    if (setting !== 'auto') return setting;
    return learnDateOrder(repo.evidence()) ?? DEFAULT_DATE_ORDER;
  }

  /** Dates are stored as written; their sortable day follows the order in use, read again when it changes. */
  private readDatesAsNeeded(repo: OrderRepository): void {
    const order = this.effectiveOrder(repo);
    if (repo.daysReadAs() !== order) repo.rereadDates(order);
  }

  private statusOf(repo: OrderRepository, refresh: OrdersRefresh): OrdersStatus {
    return orderStatus(repo, {
      running: refresh.isRunning(),
      setting: this.options.settings.get().dateOrder,
      effective: this.effectiveOrder(repo),
      nextQuickAt: this.quickJob.state().dueAt,
      nextFullAt: this.fullJob.state().dueAt,
      revision: this.revision,
    });
  }

  async status(): Promise<OrdersStatus> {
    const open = await this.open();
    return open
      ? this.statusOf(open.repo, open.refresh)
      : {
          ...EMPTY_STATUS,
          dateOrder: { ...EMPTY_STATUS.dateOrder, setting: this.options.settings.get().dateOrder },
          revision: this.revision,
        };
  }

  /**
   * The service's answer to this desk's POST, written into the book at once: the order is in the list and opens
   * straight away, marked as just sent until a read of the list has it. Skipped when the app points elsewhere now.
   */
  async recordSent(key: string, order: ParsedOrder): Promise<void> {
    const open = await this.open();
    if (!open || open.key !== key) return;
    const now = this.options.scheduler.clock.now();
    open.repo.saveOrders([order], this.effectiveOrder(open.repo), now, { from: 'answer' });
    this.revision = nextRevision();
    this.options.events.emit('orders:changed', this.statusOf(open.repo, open.refresh));
  }

  /** The open cache when it is the one of service `key` (reconciliation never reads another service's book). */
  private async openFor(key: string): Promise<OpenOrders | null> {
    if (cacheKey(await this.options.target()) !== key) return null;
    return this.open();
  }

  /**
   * Reads the whole order book of service `key` again, for finding an order whose answer was lost: a refresh already
   * under way may have begun before that order was sent, so it is waited for and a new one read. False when the book
   * could not be read whole.
   */
  async readOrderBook(key: string): Promise<boolean> {
    const open = await this.openFor(key);
    if (!open) return false;
    await open.refresh.idle();
    // the newest pages bring every order since the last read (the whole list on a first read)
    return (await open.refresh.start('quick')).state === 'complete';
  }

  /** Orders of one customer e-mail in the book of service `key`, with when each was first seen. */
  async ordersFor(key: string, email: string): Promise<SeenOrderRow[]> {
    return (await this.openFor(key))?.repo.byEmail(email) ?? [];
  }

  /**
   * What the book of service `key` says as an order is sent: its write number, and how long ago it was last read whole
   * on the monotonic clock (null when not in this process).
   */
  async bookAtSend(key: string): Promise<{ seq: number; ageMs: number | null } | null> {
    const open = await this.openFor(key);
    if (!open) return null;
    const at = open.refresh.completedMono;
    return { seq: open.repo.seq(), ageMs: at === null ? null : (this.options.wall ?? systemWall).mono() - at };
  }

  /** When the book of service `key` was last read whole (this computer's clock), or null. */
  async orderBookAsOf(key: string): Promise<number | null> {
    const at = (await this.openFor(key))?.repo.state('completeAt');
    return at ? Number(at) : null;
  }

  /** Closes the order caches of every service (sign out and erase removes their files next). */
  release(): Promise<void> {
    return this.caches.release();
  }

  async close(): Promise<void> {
    // a cancelled refresh unwinds before its database closes
    await this.caches.close();
  }

  readonly handlers: OrderHandlers = {
    'orders:status': () => this.status(),
    'orders:refresh': async () => {
      const open = await this.open();
      if (!open) throw notConfigured();
      // staff want the new orders: the newest pages (the whole list on a first read, or when it is not paginated)
      const refresh = open.refresh.start('quick', { concurrency: ORDER_MANUAL_CONCURRENCY });
      this.quickJob.after(refresh.then((result) => this.outcomeOf('quick', result)));
      return this.statusOf(open.repo, open.refresh);
    },
    'orders:query': async (q) => {
      const open = await this.open();
      if (!open) return { rows: [], total: 0, cachedOrders: 0 };
      return { ...open.repo.query(withAttention(q)), cachedOrders: open.repo.count() };
    },
    'orders:often-ordered': async ({ limit }) => {
      const open = await this.open();
      const products = (await this.options.catalogue.open())?.repo;
      if (!open || !products) return { rows: [] };
      const rows = [];
      for (const id of open.repo.oftenOrdered()) {
        const row = products.detail(id);
        if (row?.listed) rows.push(row);
        if (rows.length >= limit) break;
      }
      return { rows };
    },
    'customers:search': async ({ text, limit }) => {
      const started = performance.now();
      const open = await this.open();
      if (!open) return { customers: [], cachedOrders: 0, tookMs: 0 };
      const customers = open.repo.customers(text, limit);
      return {
        customers,
        cachedOrders: open.repo.count(),
        tookMs: Math.round((performance.now() - started) * 10) / 10,
      };
    },
    'orders:facets': async () => ({ statuses: (await this.open())?.repo.statuses() ?? [] }),
    'orders:skipped': async () => ({ records: (await this.open())?.repo.skipped() ?? [] }),
    'orders:get': async ({ id, cacheOnly }) => {
      const open = await this.open();
      if (!open) throw notConfigured();
      const read = await readThrough({
        http: this.options.http,
        connection: this.options.connection,
        target: await this.options.target(),
        warn: this.options.warn,
        path: `/api/order/${id}`,
        record: 'order',
        id,
        cacheOnly,
        parse: (record) => {
          const parsed = parseOrder(record);
          return parsed.ok && parsed.order.id === id ? parsed.order : null;
        },
        // this computer's copy says when this desk sent it (shown while the copy is the service's answer to the POST)
        cached: () => open.repo.order(id),
        keep: (order) => {
          const now = this.options.scheduler.clock.now();
          open.repo.saveOrders([order], this.effectiveOrder(open.repo), now, { from: 'live' });
          return { order, fetchedAt: now, sentAt: null };
        },
      });
      const { order, fetchedAt, sentAt } = read.copy;
      const products = (await this.options.catalogue.open())?.repo ?? null;
      const detail = orderDetail(order, { fetchedAt, sentAt }, this.effectiveOrder(open.repo), products);
      return { order: detail, source: read.source, why: read.why };
    },
    'orders:summary': async () => summaryOf((await this.open())?.repo ?? null),
    'orders:export': async (q) => {
      const open = await this.open();
      if (!open) throw notConfigured();
      return exportOf(open.repo, withAttention(q), this.effectiveOrder(open.repo));
    },
    'settings:date-order': async ({ dateOrder }) => {
      this.options.settings.update({ dateOrder });
      this.revision = nextRevision();
      const open = await this.open();
      if (!open) return this.status();
      this.readDatesAsNeeded(open.repo);
      const status = this.statusOf(open.repo, open.refresh);
      this.options.events.emit('orders:changed', status);
      return status;
    },
  };
}
