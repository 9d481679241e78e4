/**
 * Order book refresh: GET /api/order in whatever envelope it comes, into the cache. A full pass reads every page (and
 * learns from the data which end of the list holds the newest orders); a quick refresh reads from the newest end only,
 * page by page, and stops at the first page that holds only orders already in the book, unchanged. An order list that
 * is not paginated is one read either way. Pages are counted from meta.last_page where the service gives it, else
 * walked by its next link or page size (api/pager.ts); links are never followed (no other host ever gets the token),
 * and "complete" is said only when the end was seen.
 */
import type { DateOrder } from '../../../../shared/dates';
import type { OrdersOutcome } from '../../../../shared/domain';
import type { ApiFailure, ServiceConnection, ServiceHttp } from '../http/client';
import { endNotSeenOf, signalsPaging, walkPages } from '../http/pager';
import { systemClock, type Clock } from '../clock';
import type { ListShape, OrderRepository, PageVersion } from './db';
import type { ParsedOrder } from './api';
import { ORDER_LIMITS } from '../limits';
import { AdaptiveConcurrency, type ConcurrencyRange } from '../http/concurrency';
import {
  detectNewest,
  keepSkipped,
  pageReader,
  pagingOf,
  Stop,
  type FetchPage,
  type PageRead,
  type PagesOutcome,
  type RefreshKind,
  type RefreshResult,
  type Tally,
} from './list-pages';
import { quickPass } from './quick';
import { abortableSleep, Cancelled, withRetries, type Sleep } from '../http/retry';

export interface OrdersRefreshDeps {
  repo: OrderRepository;
  http: ServiceHttp;
  target: () => Promise<ServiceConnection | null>;
  /** The day/month order in use for the dates being written. */
  dateOrder: () => DateOrder;
  onUnauthorized?: () => void;
  onUnreachable?: () => void;
  onChange?: () => void;
  sleep?: Sleep;
  clock?: Clock;
  /** A clock that only moves forward: when the book was last read whole, measured so no step of the PC's clock moves it. */
  mono?: () => number;
}

/** Pages of the order list read at once by a pass nobody waits for, and by one a person asked for. */
export const ORDER_BACKGROUND_CONCURRENCY: ConcurrencyRange = { start: 2, max: ORDER_LIMITS.concurrency };
export const ORDER_MANUAL_CONCURRENCY: ConcurrencyRange = {
  start: ORDER_LIMITS.concurrency,
  max: ORDER_LIMITS.concurrency,
};

export { detectNewest, type RefreshKind, type RefreshResult };

export class OrdersRefresh {
  /** The refreshes under way: at most one of each kind. */
  private readonly runs = new Map<RefreshKind, Promise<RefreshResult>>();
  private readonly controllers = new Set<AbortController>();
  private readonly clock: Clock;
  /** When a refresh last left the book whole, on the monotonic clock (null: not in this process). */
  completedMono: number | null = null;
  /** The concurrency limit of the pass under way or the last one (tests, benchmarks). */
  limiter: AdaptiveConcurrency | null = null;

  constructor(private readonly deps: OrdersRefreshDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  isRunning(): boolean {
    return this.runs.size > 0;
  }

  /**
   * Starts a refresh, or joins the one of the same kind under way. A quick refresh runs beside a full pass rather than
   * after it: the pass read the newest pages when it began, and orders created since would wait for the pass to end
   * (20,000 orders take a minute or more) — the 30-minute soak saw an order 25 s late at a 6 s interval. Each writes
   * what it read; a page the pass read earlier and writes later can put back an older copy of an order, which the next
   * quick refresh sees as changed and reads again. `concurrency`: pages of a full pass read at once.
   */
  start(kind: RefreshKind = 'full', options: { concurrency?: ConcurrencyRange } = {}): Promise<RefreshResult> {
    // a quick refresh of a list whose shape is not known (or is not paginated) is a full read
    const shape = this.deps.repo.shape();
    const quick = kind === 'quick' && shape?.paginated === true && shape.newest !== null && shape.lastPage !== null;
    kind = quick ? 'quick' : 'full';
    const under = this.runs.get(kind);
    if (under) return under;
    const controller = new AbortController();
    this.controllers.add(controller);
    const promise = this.run(kind, options.concurrency ?? ORDER_BACKGROUND_CONCURRENCY, controller).finally(() => {
      this.runs.delete(kind);
      this.controllers.delete(controller);
      this.deps.onChange?.();
    });
    this.runs.set(kind, promise);
    this.deps.onChange?.();
    return promise;
  }

  async idle(): Promise<void> {
    while (this.runs.size > 0) await Promise.all([...this.runs.values()].map((run) => run.catch(() => undefined)));
  }

  cancel(): void {
    for (const controller of this.controllers) controller.abort();
  }

  private async run(kind: RefreshKind, range: ConcurrencyRange, controller: AbortController): Promise<RefreshResult> {
    const signal = controller.signal;
    // either kind reads the newest end first: the book holds every order created before this moment once it completes
    const startedAt = this.clock.now();
    const tally: Tally = { failedPages: 0, skippedCount: 0, skipped: [], endNotSeen: null };
    const end = (ran: RefreshKind, e: RefreshResult['end'], code: OrdersOutcome['code']) =>
      this.end(ran, e, code, pagesRead, tally);
    let pagesRead = 0;
    const conn = await this.deps.target();
    if (!conn) return end(kind, 'failed', 'not_configured');
    const limiter = new AdaptiveConcurrency(range);
    if (kind === 'full') this.limiter = limiter;
    // a page is asked for conditionally once the list's shape is known (the first read of all says what it is); the
    // first page of a list walked page by page is read whole, as it says what comes after it
    const known = this.deps.repo.shape();
    const conditional = known !== null;
    const walked = pagingOf(known) === 'walk';
    const read = pageReader({
      http: this.deps.http,
      conn,
      limiter,
      signal,
      validators: (page) => (conditional && !(walked && page === 1) ? this.deps.repo.pageVersion(page) : null),
      onRead: () => {
        pagesRead += 1;
      },
    });
    const onFailure = (error: ApiFailure): void => {
      if (error.code === 'unauthorized' || error.code === 'forbidden') {
        this.deps.onUnauthorized?.();
        throw new Stop('refused', 'unauthorized');
      }
      if (error.code === 'unreachable' && !error.detail.maybeDelivered) {
        this.deps.onUnreachable?.();
        throw new Stop('unreachable', 'unreachable');
      }
    };
    const fetchPage: FetchPage = async (page, options = {}) =>
      withRetries(read(page, options.whole === true), {
        signal,
        sleep: this.deps.sleep ?? abortableSleep,
        onFailure,
      });

    // Pages are written in batches: one small commit per page costs FTS5 a segment merge each.
    let pending: ParsedOrder[] = [];
    let versions: PageVersion[] = [];
    let timer: NodeJS.Timeout | undefined;
    let lastChange = 0;
    /**
     * The refresh has ended: a page a worker still brings in after a Stop (the other workers run on until their page
     * comes) is not written — the book may be closing (bench:load once saw the batch timer fire on a closed database).
     */
    let over = false;
    const flush = (): void => {
      clearTimeout(timer);
      timer = undefined;
      if (over || (pending.length === 0 && versions.length === 0)) return;
      const batch = pending;
      const pages = versions;
      pending = [];
      versions = [];
      this.deps.repo.saveOrders(batch, this.deps.dateOrder(), this.clock.now(), { pages });
      if (Date.now() - lastChange > 250) {
        lastChange = Date.now();
        this.deps.onChange?.();
      }
    };
    /** The records of a page that could not be read, kept for the details view (each page once: when it is taken). */
    const note = (list: PageRead): void => keepSkipped(tally, list, signalsPaging(list.signals) ? list.page : null);
    const save = (list: PageRead): void => {
      if (over || list.unchanged) return; // as last read: nothing to parse or write
      note(list);
      pending = pending.concat(list.orders);
      if (list.version) versions.push(list.version);
      if (pending.length >= ORDER_LIMITS.writeBatchOrders) flush();
      else timer ??= setTimeout(flush, ORDER_LIMITS.writeBatchMs);
    };
    try {
      const shape = this.deps.repo.shape();
      const outcome =
        kind === 'quick' && shape
          ? await quickPass(
              this.deps.repo,
              () => this.full(fetchPage, save, flush, ORDER_LIMITS.concurrency),
              shape,
              fetchPage,
              save,
              note,
              flush,
            )
          : await this.full(fetchPage, save, flush, range.max);
      flush();
      const ran: RefreshKind = outcome.whole ? 'full' : kind;
      if (outcome.failed > 0 && ran === 'full') {
        tally.failedPages = outcome.failed;
        return end(ran, 'failed', 'partial');
      }
      if (outcome.endNotSeen) {
        // every page was read, but where the list ends was never seen: not complete, with the page that showed it
        tally.endNotSeen = outcome.endNotSeen;
        return end(ran, 'failed', 'end_not_seen');
      }
      const now = this.clock.now();
      // a pass that began before a quick refresh beside it ends after it: the later start stands
      this.deps.repo.setState('quickAt', Math.max(startedAt, this.deps.repo.time('quickAt') ?? -Infinity));
      if (ran === 'full') this.deps.repo.setState('fullAt', now);
      return end(ran, 'complete', 'complete');
    } catch (error) {
      flush(); // what arrived is kept
      if (error instanceof Cancelled) return end(kind, 'cancelled', 'cancelled');
      if (error instanceof Stop) return end(kind, error.end, error.code);
      throw error;
    } finally {
      over = true;
      clearTimeout(timer);
    }
  }

  /** Every page; learns the list's shape (paginated, last page, newest end) from it. */
  private async full(
    fetchPage: FetchPage,
    save: (list: PageRead) => void,
    flush: () => void,
    workers: number,
  ): Promise<PagesOutcome> {
    const first = await fetchPage(1);
    if (!first) throw new Stop('failed', 'unreadable_list');
    save(first);
    const known = this.deps.repo.shape();
    const knownPaging = pagingOf(known);
    // a list without meta.last_page is walked: by its next link, or by its page size
    if (first.unchanged ? knownPaging !== 'count' : first.lastPage === null)
      return this.walk(first, known, fetchPage, save, flush, workers);
    let failed = 0;
    // a first page as last read means a list as long as last time (its meta is part of the page)
    const lastPage = first.unchanged ? (known?.lastPage ?? 1) : (first.lastPage ?? 1);
    let last: PageRead | null = lastPage === 1 ? first : null;
    const queue = Array.from({ length: Math.max(0, lastPage - 1) }, (_, i) => i + 2);
    // the newest orders first: when which end holds them is not known yet, the other end is read next (with the first
    // page it tells), then the pages from the newest end on
    let newestEnd = known?.newest ?? null;
    if (lastPage > 1 && newestEnd === null && !first.unchanged) {
      queue.pop();
      const end = await fetchPage(lastPage);
      if (!end) failed += 1;
      else {
        last = end;
        save(end);
        flush();
        if (!end.unchanged) newestEnd = detectNewest(first.orders, end.orders, this.deps.dateOrder()).newest;
      }
    }
    if (newestEnd === 'last') queue.reverse();
    const worker = async (): Promise<void> => {
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
        const list = await fetchPage(page);
        if (!list) failed += 1;
        else {
          if (page === lastPage) last = list;
          save(list);
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    flush();
    const found = last as PageRead | null;
    const newest =
      found && !found.unchanged && !first.unchanged
        ? detectNewest(first.orders, found.orders, this.deps.dateOrder())
        : { newest: null, newestBy: null };
    // one page of a paginator cannot show its order when it holds fewer than two orders: what was learnt stays
    this.deps.repo.setShape({
      paginated: first.unchanged ? (known?.paginated ?? false) : first.lastPage !== null,
      paging: 'count',
      pageSize: first.unchanged ? (known?.pageSize ?? null) : (first.signals.perPage ?? first.signals.records),
      lastPage: first.unchanged ? (known?.lastPage ?? null) : first.lastPage,
      newest: newest.newest ?? known?.newest ?? null,
      newestBy: newest.newestBy ?? known?.newestBy ?? null,
    });
    return { failed };
  }

  /**
   * A list that does not say how many pages it has: page after page from the first (a few read ahead) until a page
   * says it is the last, is short or empty; a list that gave no sign of paging is asked for page 2 once, and one that
   * answers page 1 again is a whole list (remembered, so later passes read it in one request).
   */
  private async walk(
    first: PageRead,
    known: ListShape | null,
    fetchPage: FetchPage,
    save: (list: PageRead) => void,
    flush: () => void,
    workers: number,
  ): Promise<PagesOutcome> {
    const none = { newest: null, newestBy: null };
    // the whole list as last read, or a whole list again: nothing after it to ask for
    if (first.unchanged || (pagingOf(known) === 'none' && !signalsPaging(first.signals))) {
      if (!first.unchanged)
        this.setWalkedShape(
          known,
          first,
          'none',
          null,
          detectNewest(first.orders, first.orders, this.deps.dateOrder()),
        );
      return { failed: 0 };
    }
    let failed = 0;
    let last: PageRead = first;
    // pages of a list that gave no sign of paging may be the whole list again: read at a whole list's size
    const whole = !signalsPaging(first.signals);
    const walk = await walkPages<PageRead>({
      first: first.signals,
      workers,
      cap: ORDER_LIMITS.maxPages,
      knownLastPage: pagingOf(known) === 'walk' ? (known?.lastPage ?? null) : null,
      fetch: (page) => fetchPage(page, { whole }),
      signals: (list) => (list.unchanged ? 'unchanged' : list.signals),
      accept: (_page, list) => {
        save(list);
        if (!list.unchanged) last = list;
      },
      failed: () => {
        failed += 1;
      },
    });
    flush();
    const newest =
      last === first
        ? detectNewest(first.orders, first.orders, this.deps.dateOrder())
        : detectNewest(first.orders, last.orders, this.deps.dateOrder());
    const paging = walk.end === 'unpaged' ? 'none' : 'walk';
    this.setWalkedShape(known, first, paging, walk.end === 'seen' ? walk.lastPage : null, newest ?? none);
    return { failed, endNotSeen: endNotSeenOf(walk) };
  }

  private setWalkedShape(
    known: ListShape | null,
    first: PageRead,
    paging: 'walk' | 'none',
    lastPage: number | null,
    newest: Pick<ListShape, 'newest' | 'newestBy'>,
  ): void {
    this.deps.repo.setShape({
      paginated: paging === 'walk',
      paging,
      pageSize: first.signals.perPage ?? first.signals.records,
      lastPage: paging === 'walk' ? (lastPage ?? known?.lastPage ?? null) : null,
      newest: newest.newest ?? known?.newest ?? null,
      newestBy: newest.newestBy ?? known?.newestBy ?? null,
    });
  }

  private end(
    kind: RefreshKind,
    end: RefreshResult['end'],
    code: OrdersOutcome['code'],
    pages: number,
    tally: Tally,
  ): RefreshResult {
    const outcome: OrdersOutcome = {
      code,
      at: this.clock.now(),
      orders: this.deps.repo.count(),
      failedPages: tally.failedPages,
      skippedRecords: tally.skippedCount,
      endNotSeen: tally.endNotSeen,
    };
    this.deps.repo.setOutcome(outcome, tally.skipped);
    // the book is whole again (for finding an order whose answer was lost) once a full pass has ever completed: a
    // quick refresh brings every order since
    if (end === 'complete' && (kind === 'full' || this.deps.repo.time('fullAt') !== null)) {
      this.deps.repo.markComplete();
      this.completedMono = (this.deps.mono ?? (() => performance.now()))();
    }
    // after a full pass (a first one of 100,000 orders leaves 64 MiB): the write-ahead log into the file, cut to nothing
    if (kind === 'full') this.deps.repo.db.pragma('wal_checkpoint(TRUNCATE)');
    return { state: end === 'complete' ? 'complete' : 'failed', kind, end, pages, outcome };
  }
}
