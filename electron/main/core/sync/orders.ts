/**
 * Order book refresh: GET /api/order in whatever envelope it comes, every page of a paginator, into the cache.
 * Pages are counted from meta.last_page; links are never followed (no other host ever gets the token).
 */
import type { DateOrder } from '../../../../shared/dates';
import { MAX_SKIPPED_KEPT, type OrdersOutcome, type SkippedRecord } from '../../../../shared/domain';
import { ApiFailure, type ServiceConnection, type ServiceHttp } from '../api/http';
import { JsonListStream } from '../api/list-stream';
import { parseOrderList, type ParsedOrderList } from '../api/orders';
import type { OrderRepository } from '../db/orders';
import { ORDER_LIMITS } from '../limits';
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
}

export interface RefreshResult {
  state: 'complete' | 'failed';
  summary: string;
  outcome: OrdersOutcome;
}

/** What a refresh counted on its way, for its outcome. */
interface Tally {
  failedPages: number;
  skipped: SkippedRecord[];
}

const fmt = (n: number): string => n.toLocaleString('en');

export class OrdersRefresh {
  private running: Promise<RefreshResult> | null = null;
  private controller: AbortController | null = null;

  constructor(private readonly deps: OrdersRefreshDeps) {}

  isRunning(): boolean {
    return this.running !== null;
  }

  start(): Promise<RefreshResult> {
    this.running ??= this.run().finally(() => {
      this.running = null;
      this.controller = null;
      this.deps.onChange?.();
    });
    this.deps.onChange?.();
    return this.running;
  }

  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  cancel(): void {
    this.controller?.abort();
  }

  private async run(): Promise<RefreshResult> {
    const controller = (this.controller = new AbortController());
    const signal = controller.signal;
    const tally: Tally = { failedPages: 0, skipped: [] };
    const conn = await this.deps.target();
    if (!conn)
      return this.end('failed', 'No service is set up; the order book cannot be fetched.', 'not_configured', tally);
    let stop: string | null = null;
    let stopCode: OrdersOutcome['code'] = 'unreachable';
    // every answer is parsed as it streams, record by record (api/list-stream.ts): no page's whole text is held; the
    // first answer may be a whole unpaginated list, any later one is one page and capped at a size a page can have
    const read = (page: number) => async () => {
      const stream = new JsonListStream();
      await this.deps.http.json(conn, page === 1 ? '/api/order' : `/api/order?page=${page}`, {
        signal,
        maxBytes: page === 1 ? ORDER_LIMITS.maxListBytes : ORDER_LIMITS.maxPageBytes,
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
      return list;
    };
    const onFailure = (error: ApiFailure): void => {
      if (error.code === 'unauthorized' || error.code === 'forbidden') {
        this.deps.onUnauthorized?.();
        stop = 'The service refused the API token; the order book was not refreshed. Fix the token in Settings.';
        stopCode = 'unauthorized';
        throw error;
      }
      if (error.code === 'unreachable' && !error.detail.maybeDelivered) {
        this.deps.onUnreachable?.();
        stop = 'The service cannot be reached; showing the cached order book.';
        stopCode = 'unreachable';
        throw error;
      }
    };
    const fetchPage = async (page: number): Promise<ParsedOrderList | null> =>
      withRetries(read(page), { signal, sleep: this.deps.sleep ?? abortableSleep, onFailure });
    // Pages are written in batches: one small commit per page costs FTS5 a segment merge each.
    let pending: ParsedOrderList['orders'] = [];
    let timer: NodeJS.Timeout | undefined;
    let lastChange = 0;
    const flush = (): void => {
      clearTimeout(timer);
      timer = undefined;
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      this.deps.repo.saveOrders(batch, this.deps.dateOrder());
      if (Date.now() - lastChange > 250) {
        lastChange = Date.now();
        this.deps.onChange?.();
      }
    };
    const save = (list: ParsedOrderList): void => {
      pending = pending.concat(list.orders);
      if (pending.length >= ORDER_LIMITS.writeBatchOrders) flush();
      else timer ??= setTimeout(flush, 100);
    };
    try {
      const first = await fetchPage(1);
      if (!first)
        return this.end(
          'failed',
          'The order list could not be fetched; the cached order book is shown.',
          'unreadable_list',
          tally,
        );
      save(first);
      let failed = 0;
      let skipped = first.skipped;
      keepSkipped(tally, first, first.lastPage === null ? null : 1);
      const lastPage = first.lastPage ?? 1;
      const queue = Array.from({ length: Math.max(0, lastPage - 1) }, (_, i) => i + 2);
      const worker = async (): Promise<void> => {
        for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
          const list = await fetchPage(page);
          if (!list) failed += 1;
          else {
            skipped += list.skipped;
            keepSkipped(tally, list, page);
            save(list);
          }
        }
      };
      await Promise.all(Array.from({ length: ORDER_LIMITS.concurrency }, worker));
      flush();
      const now = Date.now();
      const time = new Date(now).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
      let summary = failed
        ? `Order book partly refreshed: ${fmt(failed)} page${failed === 1 ? '' : 's'} failed — retry.`
        : `Order book up to date: ${fmt(this.deps.repo.count())} orders as of ${time}.`;
      if (skipped) summary += ` ${fmt(skipped)} unreadable record${skipped === 1 ? ' was' : 's were'} skipped.`;
      tally.failedPages = failed;
      return this.end(failed ? 'failed' : 'complete', summary, failed ? 'partial' : 'complete', tally, skipped);
    } catch (error) {
      flush(); // what arrived is kept
      if (error instanceof Cancelled) return this.end('failed', 'Order refresh cancelled.', 'cancelled', tally);
      if (stop) return this.end('failed', stop, stopCode, tally);
      throw error;
    }
  }

  private end(
    state: RefreshResult['state'],
    summary: string,
    code: OrdersOutcome['code'],
    tally: Tally,
    skippedCount = tally.skipped.length,
  ): RefreshResult {
    const outcome: OrdersOutcome = {
      code,
      at: Date.now(),
      orders: this.deps.repo.count(),
      failedPages: tally.failedPages,
      skippedRecords: skippedCount,
    };
    this.deps.repo.setSummary(summary);
    this.deps.repo.setOutcome(outcome, tally.skipped);
    if (state === 'complete') this.deps.repo.markComplete();
    return { state, summary, outcome };
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
