/**
 * Order book refresh: GET /api/order in whatever envelope it comes, into the cache. A full pass reads every page (and
 * learns from the data which end of the list holds the newest orders); a quick refresh reads from the newest end only,
 * page by page, and stops at the first page that holds only orders already in the book, unchanged. An order list that
 * is not paginated is one read either way. Pages are counted from meta.last_page; links are never followed (no other
 * host ever gets the token).
 */
import { readDate, type DateOrder } from '../../../../shared/dates';
import { MAX_SKIPPED_KEPT, type OrdersOutcome, type SkippedRecord } from '../../../../shared/domain';
import { ApiFailure, type ServiceConnection, type ServiceHttp } from '../api/http';
import { JsonListStream } from '../api/list-stream';
import { parseOrderList, type ParsedOrder, type ParsedOrderList } from '../api/orders';
import { systemClock, type Clock } from '../clock';
import type { ListShape, OrderRepository, PageVersion } from '../db/orders';
import { ORDER_LIMITS } from '../limits';
import { AdaptiveConcurrency, answerKind, answerTimer, type ConcurrencyRange } from './concurrency';
import { abortableSleep, Cancelled, withRetries, type Sleep } from './retry';

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
}

export type RefreshKind = 'quick' | 'full';

export interface RefreshResult {
  state: 'complete' | 'failed';
  summary: string;
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
  skipped: SkippedRecord[];
}

const fmt = (n: number): string => n.toLocaleString('en');

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
type PageRead = ParsedOrderList & { unchanged: boolean; version: PageVersion | null };

class Stop extends Error {
  constructor(
    readonly end: RefreshResult['end'],
    readonly code: OrdersOutcome['code'],
    readonly summary: string,
  ) {
    super(summary);
  }
}

export class OrdersRefresh {
  /** The refreshes under way: at most one of each kind. */
  private readonly runs = new Map<RefreshKind, Promise<RefreshResult>>();
  private readonly controllers = new Set<AbortController>();
  private readonly clock: Clock;
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
    const tally: Tally = { failedPages: 0, skipped: [] };
    const end = (ran: RefreshKind, e: RefreshResult['end'], code: OrdersOutcome['code'], summary: string) =>
      this.end(ran, e, code, summary, pagesRead, tally);
    let pagesRead = 0;
    const conn = await this.deps.target();
    if (!conn) return end(kind, 'failed', 'not_configured', 'No service is set up; the order book cannot be fetched.');
    const limiter = new AdaptiveConcurrency(range);
    if (kind === 'full') this.limiter = limiter;
    // a page is asked for conditionally once the list's shape is known (the first read of all says what it is)
    const conditional = this.deps.repo.shape() !== null;
    // every answer is parsed as it streams, record by record (api/list-stream.ts): no page's whole text is held; the
    // first answer may be a whole unpaginated list, any later one is one page and capped at a size a page can have
    const read = (page: number) => async (): Promise<PageRead> => {
      await limiter.acquire(signal);
      const took = answerTimer();
      const stream = new JsonListStream();
      let response: Awaited<ReturnType<ServiceHttp['json']>>;
      try {
        response = await this.deps.http.json(conn, page === 1 ? '/api/order' : `/api/order?page=${page}`, {
          signal,
          maxBytes: page === 1 ? ORDER_LIMITS.maxListBytes : ORDER_LIMITS.maxPageBytes,
          validators: conditional ? this.deps.repo.pageVersion(page) : null,
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
      if (response.notModified)
        return { orders: [], skipped: 0, rejects: [], lastPage: null, total: null, unchanged: true, version: null };
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
      keepSkipped(tally, list, list.lastPage === null ? null : page);
      const { etag, lastModified } = response.validators;
      return { ...list, unchanged: false, version: etag || lastModified ? { page, etag, lastModified } : null };
    };
    const onFailure = (error: ApiFailure): void => {
      if (error.code === 'unauthorized' || error.code === 'forbidden') {
        this.deps.onUnauthorized?.();
        throw new Stop(
          'refused',
          'unauthorized',
          'The service refused the API token; the order book was not refreshed. Fix the token in Settings.',
        );
      }
      if (error.code === 'unreachable' && !error.detail.maybeDelivered) {
        this.deps.onUnreachable?.();
        throw new Stop('unreachable', 'unreachable', 'The service cannot be reached; showing the cached order book.');
      }
    };
    const fetchPage = async (page: number): Promise<PageRead | null> =>
      withRetries(read(page), {
        signal,
        sleep: this.deps.sleep ?? abortableSleep,
        onFailure,
      });

    // Pages are written in batches: one small commit per page costs FTS5 a segment merge each.
    let pending: ParsedOrder[] = [];
    let versions: PageVersion[] = [];
    let timer: NodeJS.Timeout | undefined;
    let lastChange = 0;
    const flush = (): void => {
      clearTimeout(timer);
      timer = undefined;
      if (pending.length === 0 && versions.length === 0) return;
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
    const save = (list: PageRead): void => {
      if (list.unchanged) return; // as last read: nothing to parse or write
      pending = pending.concat(list.orders);
      if (list.version) versions.push(list.version);
      if (pending.length >= ORDER_LIMITS.writeBatchOrders) flush();
      else timer ??= setTimeout(flush, 100);
    };
    try {
      const shape = this.deps.repo.shape();
      const outcome =
        kind === 'quick' && shape
          ? await this.quick(shape, fetchPage, save, flush)
          : await this.full(fetchPage, save, flush, range.max);
      flush();
      const ran: RefreshKind = outcome.whole ? 'full' : kind;
      if (outcome.failed > 0 && ran === 'full') {
        let summary = `Order book partly refreshed: ${fmt(outcome.failed)} page${outcome.failed === 1 ? '' : 's'} failed — retry.`;
        if (outcome.skipped) summary += this.skippedNote(outcome.skipped);
        tally.failedPages = outcome.failed;
        return end(ran, 'failed', 'partial', summary);
      }
      const now = this.clock.now();
      // a pass that began before a quick refresh beside it ends after it: the later start stands
      this.deps.repo.setState('quickAt', Math.max(startedAt, this.deps.repo.time('quickAt') ?? -Infinity));
      if (ran === 'full') this.deps.repo.setState('fullAt', now);
      const time = new Date(now).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
      let summary = `Order book up to date: ${fmt(this.deps.repo.count())} orders as of ${time}.`;
      if (outcome.skipped) summary += this.skippedNote(outcome.skipped);
      return end(ran, 'complete', 'complete', summary);
    } catch (error) {
      flush(); // what arrived is kept
      if (error instanceof Cancelled) return end(kind, 'cancelled', 'cancelled', 'Order refresh cancelled.');
      if (error instanceof Stop) return end(kind, error.end, error.code, error.summary);
      throw error;
    }
  }

  private skippedNote(skipped: number): string {
    return ` ${fmt(skipped)} unreadable record${skipped === 1 ? ' was' : 's were'} skipped.`;
  }

  /** Every page; learns the list's shape (paginated, last page, newest end) from it. */
  private async full(
    fetchPage: (page: number) => Promise<PageRead | null>,
    save: (list: PageRead) => void,
    flush: () => void,
    workers: number,
  ): Promise<{ failed: number; skipped: number; whole?: boolean }> {
    const first = await fetchPage(1);
    if (!first)
      throw new Stop(
        'failed',
        'unreadable_list',
        'The order list could not be fetched; the cached order book is shown.',
      );
    save(first);
    let failed = 0;
    let skipped = first.skipped;
    const known = this.deps.repo.shape();
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
        skipped += end.skipped;
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
          skipped += list.skipped;
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
      lastPage: first.unchanged ? (known?.lastPage ?? null) : first.lastPage,
      newest: newest.newest ?? known?.newest ?? null,
      newestBy: newest.newestBy ?? known?.newestBy ?? null,
    });
    return { failed, skipped };
  }

  /**
   * From the newest end, page by page, until a page holds only orders a read of the list brought before, unchanged (new
   * orders can only be newer than every order the list has shown; one known from this desk's POST answer or a live read
   * may be newer than another desk's order not read yet); the list's last page is followed as it grows.
   */
  private async quick(
    shape: ListShape,
    fetchPage: (page: number) => Promise<PageRead | null>,
    save: (list: PageRead) => void,
    flush: () => void,
  ): Promise<{ failed: number; skipped: number; whole?: boolean }> {
    const failedRead = (): never => {
      throw new Stop(
        'failed',
        'unreadable_list',
        'The newest orders could not be fetched; the cached order book is shown.',
      );
    };
    let skipped = 0;
    /** Saves a page unless it holds nothing new; returns whether to go on to the next older page. */
    const take = (list: PageRead): boolean => {
      skipped += list.skipped;
      if (list.unchanged || list.orders.length === 0 || this.deps.repo.allKnownUnchanged(list.orders)) return false;
      save(list);
      return true;
    };
    if (shape.newest === 'first') {
      let lastPage = shape.lastPage ?? 1;
      for (let page = 1; page <= lastPage; page++) {
        const list = (await fetchPage(page)) ?? failedRead();
        if (list.lastPage !== null) lastPage = list.lastPage;
        if (!take(list)) break;
      }
      flush();
      this.deps.repo.setShape({ ...shape, lastPage });
      return { failed: 0, skipped };
    }
    // newest at the end: the last page known, then any pages the list grew by, then older ones as long as they hold
    // something new
    const known = shape.lastPage!;
    const top = (await fetchPage(known)) ?? failedRead();
    if (top.unchanged) return { failed: 0, skipped: 0 }; // the newest page as last read: nothing new
    const lastPage = top.lastPage ?? known;
    if (top.lastPage === null || lastPage < known) {
      // the list is no longer the paginator it was (or shrank): read whole
      return { ...(await this.full(fetchPage, save, flush, ORDER_LIMITS.concurrency)), whole: true };
    }
    let goOn = true;
    for (let page = lastPage; page > known && goOn; page--) goOn = take((await fetchPage(page)) ?? failedRead());
    if (goOn) {
      goOn = take(top);
      for (let page = known - 1; page >= 1 && goOn; page--) goOn = take((await fetchPage(page)) ?? failedRead());
    }
    flush();
    this.deps.repo.setShape({ ...shape, lastPage });
    return { failed: 0, skipped };
  }

  private end(
    kind: RefreshKind,
    end: RefreshResult['end'],
    code: OrdersOutcome['code'],
    summary: string,
    pages: number,
    tally: Tally,
  ): RefreshResult {
    const outcome: OrdersOutcome = {
      code,
      at: this.clock.now(),
      orders: this.deps.repo.count(),
      failedPages: tally.failedPages,
      skippedRecords: tally.skipped.length,
    };
    this.deps.repo.setSummary(summary);
    this.deps.repo.setOutcome(outcome, tally.skipped);
    // the book is whole again (for finding an order whose answer was lost) once a full pass has ever completed: a
    // quick refresh brings every order since
    if (end === 'complete' && (kind === 'full' || this.deps.repo.time('fullAt') !== null))
      this.deps.repo.markComplete();
    return { state: end === 'complete' ? 'complete' : 'failed', summary, kind, end, pages, outcome };
  }
}

/** The records of a page the service sent that could not be read, with their page, kept for the details view. */
function keepSkipped(tally: Tally, list: ParsedOrderList, page: number | null): void {
  const at = Date.now();
  for (const reject of list.rejects) {
    if (tally.skipped.length >= MAX_SKIPPED_KEPT) return;
    tally.skipped.push({ ...reject, page, at });
  }
}
