/**
 * Order book refresh: GET /api/order in whatever envelope it comes, into the cache. A full pass reads every page (and
 * learns from the data which end of the list holds the newest orders); a quick refresh reads from the newest end only,
 * page by page, and stops at the first page that holds only orders already in the book, unchanged. An order list that
 * is not paginated is one read either way. Pages are counted from meta.last_page where the service gives it, else
 * walked by its next link or page size (api/pager.ts); links are never followed (no other host ever gets the token),
 * and "complete" is said only when the end was seen.
 */
import { readDate, type DateOrder } from '../../../../shared/dates';
import { MAX_SKIPPED_KEPT, type EndNotSeen, type OrdersOutcome, type SkippedRecord } from '../../../../shared/domain';
import { ApiFailure, type ServiceConnection, type ServiceHttp } from '../http/client';
import { JsonListStream } from '../http/list-stream';
import { parseOrderList, type ParsedOrder, type ParsedOrderList } from './api';
import { endNotSeenOf, readSignals, signalsPaging, verdictOf, walkPages } from '../http/pager';
import { systemClock, type Clock } from '../clock';
import type { ListShape, OrderRepository, PageVersion } from './db';
import { ORDER_LIMITS } from '../limits';
import { AdaptiveConcurrency, answerKind, answerTimer, type ConcurrencyRange } from '../http/concurrency';
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

export type RefreshKind = 'quick' | 'full';

export interface RefreshResult {
  state: 'complete' | 'failed';
  /** What ran (a quick refresh of a list whose shape is not known yet is a full pass). */
  kind: RefreshKind;
  /** Why it failed, for the scheduler: the service could not be used, refused the token, or failed otherwise. */
  end: 'complete' | 'failed' | 'unreachable' | 'refused' | 'cancelled';
  /** Pages read. */
  pages: number;
  outcome: OrdersOutcome;
}

/** What a refresh counted on its way, for its outcome. */
interface Tally {
  failedPages: number;
  /** The records skipped, all counted; the first MAX_SKIPPED_KEPT kept with why. */
  skippedCount: number;
  skipped: SkippedRecord[];
  endNotSeen: EndNotSeen | null;
}

/** How a read of the pages went. */
interface PagesOutcome {
  failed: number;
  /** A quick refresh that read the list whole (its shape changed). */
  whole?: boolean;
  /** Set when the pages were read but the service's end was not seen. */
  endNotSeen?: EndNotSeen | null;
}

/** How a list shape stored before `paging` existed says where it ends. */
const pagingOf = (shape: ListShape | null): ListShape['paging'] | null =>
  shape === null ? null : (shape.paging ?? (shape.paginated && shape.lastPage !== null ? 'count' : 'none'));

/** Pages of the order list read at once by a pass nobody waits for, and by one a person asked for. */
export const ORDER_BACKGROUND_CONCURRENCY: ConcurrencyRange = { start: 2, max: ORDER_LIMITS.concurrency };
export const ORDER_MANUAL_CONCURRENCY: ConcurrencyRange = {
  start: ORDER_LIMITS.concurrency,
  max: ORDER_LIMITS.concurrency,
};

/**
 * Which end of the list holds the newest orders, from the first and the last page (or from the one page there is):
 * by id when the ids rise or fall from one end to the other, else by order date when the dates do. Null when neither
 * says (the list is in some other order).
 */
export function detectNewest(
  first: ParsedOrder[],
  last: ParsedOrder[],
  dateOrder: DateOrder,
): Pick<ListShape, 'newest' | 'newestBy'> {
  const none = { newest: null, newestBy: null };
  const samePage = first === last;
  const byKey = (key: (o: ParsedOrder) => number | null): ListShape['newest'] => {
    const a = first.map(key).filter((k): k is number => k !== null);
    const b = last.map(key).filter((k): k is number => k !== null);
    if (samePage) {
      if (a.length < 2) return null;
      const rising = a.every((k, i) => i === 0 || k >= a[i - 1]!);
      const falling = a.every((k, i) => i === 0 || k <= a[i - 1]!);
      if (rising === falling) return null; // all equal, or no order
      return rising ? 'last' : 'first';
    }
    if (a.length === 0 || b.length === 0) return null;
    if (Math.max(...a) < Math.min(...b)) return 'last';
    if (Math.min(...a) > Math.max(...b)) return 'first';
    return null;
  };
  const byId = byKey((o) => o.id);
  if (byId) return { newest: byId, newestBy: 'id' };
  const byDate = byKey((o) => {
    const read = readDate(o.orderDate, dateOrder);
    return read.kind === 'date' ? Date.parse(read.iso) : null;
  });
  return byDate ? { newest: byDate, newestBy: 'date' } : none;
}

/** A page as read: its orders and version, or `unchanged` when the service said it is as last read (304). */
type PageRead = ParsedOrderList & { page: number; unchanged: boolean; version: PageVersion | null };
type FetchPage = (page: number, options?: { whole?: boolean }) => Promise<PageRead | null>;

class Stop extends Error {
  constructor(
    readonly end: RefreshResult['end'],
    readonly code: OrdersOutcome['code'],
  ) {
    super(`order refresh stopped: ${code}`);
  }
}

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
    // every answer is parsed as it streams, record by record (api/list-stream.ts): no page's whole text is held; the
    // first answer may be a whole unpaginated list, any later one is one page and capped at a size a page can have
    const read = (page: number, whole: boolean) => async (): Promise<PageRead> => {
      await limiter.acquire(signal);
      const took = answerTimer();
      const stream = new JsonListStream();
      let response: Awaited<ReturnType<ServiceHttp['json']>>;
      try {
        response = await this.deps.http.json(conn, page === 1 ? '/api/order' : `/api/order?page=${page}`, {
          signal,
          maxBytes: page === 1 || whole ? ORDER_LIMITS.maxListBytes : ORDER_LIMITS.maxPageBytes,
          validators: conditional && !(walked && page === 1) ? this.deps.repo.pageVersion(page) : null,
          sink: (chunk) => {
            try {
              stream.push(chunk);
            } catch (error) {
              throw new ApiFailure('bad_response', `The order list could not be read (${(error as Error).message}).`, {
                maybeDelivered: true,
              });
            }
          },
        });
      } catch (error) {
        limiter.release(answerKind(error), took());
        throw error;
      }
      limiter.release('ok', took());
      pagesRead += 1;
      if (response.notModified) {
        const signals = readSignals(null, []);
        return {
          orders: [],
          skipped: 0,
          rejects: [],
          lastPage: null,
          total: null,
          signals,
          page,
          unchanged: true,
          version: null,
        };
      }
      let body: unknown;
      try {
        body = stream.end();
      } catch {
        body = null;
      }
      const list = parseOrderList(body);
      if (!list)
        throw new ApiFailure('bad_response', 'The service answered with something that is not an order list.', {
          maybeDelivered: true,
        });
      const { etag, lastModified } = response.validators;
      return { ...list, page, unchanged: false, version: etag || lastModified ? { page, etag, lastModified } : null };
    };
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
          ? await this.quick(shape, fetchPage, save, note, flush)
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

  /**
   * From the newest end, page by page, until a page holds only orders a read of the list brought before, unchanged (new
   * orders can only be newer than every order the list has shown; one known from this desk's POST answer or a live read
   * may be newer than another desk's order not read yet); the list's last page is followed as it grows.
   */
  private async quick(
    shape: ListShape,
    fetchPage: FetchPage,
    save: (list: PageRead) => void,
    note: (list: PageRead) => void,
    flush: () => void,
  ): Promise<PagesOutcome> {
    const failedRead = (): never => {
      throw new Stop('failed', 'unreadable_list');
    };
    /** Saves a page unless it holds nothing new; returns whether to go on to the next older page. */
    const take = (list: PageRead): boolean => {
      if (list.unchanged || list.orders.length === 0 || this.deps.repo.allKnownUnchanged(list.orders)) {
        if (!list.unchanged) note(list);
        return false;
      }
      save(list);
      return true;
    };
    const walked = pagingOf(shape) === 'walk';
    const fullSize = shape.pageSize ?? null;
    if (shape.newest === 'first') {
      let lastPage = shape.lastPage ?? 1;
      let previous: PageRead | null = null;
      for (let page = 1; page <= (walked ? ORDER_LIMITS.maxPages : lastPage); page++) {
        const list = (await fetchPage(page)) ?? failedRead();
        if (list.lastPage !== null) lastPage = list.lastPage;
        if (!take(list)) break;
        if (walked) {
          const verdict = verdictOf(page, list.signals, { previous: previous?.signals ?? null, fullSize });
          if (verdict === 'repeat') return { failed: 0, endNotSeen: { reason: 'repeated_page', page } };
          if (verdict === 'end') break;
          previous = list;
        }
      }
      flush();
      this.deps.repo.setShape({ ...shape, lastPage });
      return { failed: 0 };
    }
    // newest at the end: the last page known, then any pages the list grew by, then older ones as long as they hold
    // something new
    const known = shape.lastPage!;
    const top = (await fetchPage(known)) ?? failedRead();
    if (top.unchanged) return { failed: 0 }; // the newest page as last read: nothing new
    let lastPage = top.lastPage ?? known;
    /** The pages the list grew by, oldest first (a walked list: read forward until one says it is the last). */
    const grown: PageRead[] = [];
    if (walked && top.lastPage === null && top.signals.records > 0) {
      let previous = top;
      while (verdictOf(known + grown.length, previous.signals, { previous: null, fullSize }) === 'more') {
        const page = known + grown.length + 1;
        if (page > ORDER_LIMITS.maxPages) return { failed: 0, endNotSeen: { reason: 'page_cap', page } };
        const list = (await fetchPage(page)) ?? failedRead();
        const verdict = verdictOf(page, list.signals, { previous: previous.signals, fullSize });
        if (verdict === 'repeat') return { failed: 0, endNotSeen: { reason: 'repeated_page', page } };
        if (list.unchanged || list.signals.records === 0) break;
        grown.push(list);
        previous = list;
      }
      lastPage = known + grown.length;
    } else if (top.lastPage === null || lastPage < known) {
      // the list is no longer the paginator it was (or shrank): read whole
      return { ...(await this.full(fetchPage, save, flush, ORDER_LIMITS.concurrency)), whole: true };
    }
    let goOn = true;
    if (walked) for (const list of grown.reverse()) goOn = goOn && take(list);
    else for (let page = lastPage; page > known && goOn; page--) goOn = take((await fetchPage(page)) ?? failedRead());
    if (goOn) {
      goOn = take(top);
      for (let page = known - 1; page >= 1 && goOn; page--) goOn = take((await fetchPage(page)) ?? failedRead());
    }
    flush();
    this.deps.repo.setShape({ ...shape, lastPage });
    return { failed: 0 };
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
    return { state: end === 'complete' ? 'complete' : 'failed', kind, end, pages, outcome };
  }
}

/** The records of a page the service sent that could not be read, with their page, kept for the details view. */
function keepSkipped(tally: Tally, list: ParsedOrderList, page: number | null): void {
  const at = Date.now();
  tally.skippedCount += list.rejects.length;
  for (const reject of list.rejects) {
    if (tally.skipped.length >= MAX_SKIPPED_KEPT) return;
    tally.skipped.push({ ...reject, page, at });
  }
}
