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
import { signalsPaging } from '../http/pager';
import { systemClock, type Clock } from '../clock';
import type { OrderRepository } from './db';
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
  type RefreshKind,
  type RefreshResult,
  type Tally,
} from './list-pages';
import { quickPass } from './quick';
import { OrderBatches } from './batches';
import { fullPass, type PassIo } from './full-pass';
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
    // pages are written in batches (batches.ts)
    const batches = new OrderBatches(
      this.deps.repo,
      () => ({ dateOrder: this.deps.dateOrder(), fetchedAt: this.clock.now() }),
      this.deps.onChange,
    );
    const fetchPage: FetchPage = async (page, options = {}) =>
      withRetries(read(page, options.whole === true), {
        signal,
        sleep: this.deps.sleep ?? abortableSleep,
        onFailure,
      });
    const flush = (): void => batches.flush();
    /** The records of a page that could not be read, kept for the details view (each page once: when it is taken). */
    const note = (list: PageRead): void => keepSkipped(tally, list, signalsPaging(list.signals) ? list.page : null);
    const save = (list: PageRead): void => {
      if (batches.ended || list.unchanged) return; // as last read: nothing to parse or write
      note(list);
      batches.add(list.orders, list.version ?? null);
    };
    const io: PassIo = {
      repo: this.deps.repo,
      dateOrder: this.deps.dateOrder,
      fetchPage,
      save,
      flush,
      workers: range.max,
    };
    try {
      const shape = this.deps.repo.shape();
      const outcome =
        kind === 'quick' && shape
          ? await quickPass(
              this.deps.repo,
              () => fullPass({ ...io, workers: ORDER_LIMITS.concurrency }),
              shape,
              fetchPage,
              save,
              note,
              flush,
            )
          : await fullPass(io);
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
      batches.end();
    }
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
