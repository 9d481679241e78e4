/**
 * What the order refresh's passes share (refresh.ts): a page of the list as read and how to read one, how a read of
 * the pages went, which end of the list holds the newest orders, and the stop of a refresh that cannot go on.
 */
import { readDate, type DateOrder } from '../../../../shared/dates';
import { MAX_SKIPPED_KEPT, type EndNotSeen, type OrdersOutcome, type SkippedRecord } from '../../../../shared/domain';
import { ApiFailure, type ServiceConnection, type ServiceHttp } from '../http/client';
import { JsonListStream } from '../http/list-stream';
import { parseOrderList, type ParsedOrder, type ParsedOrderList } from './api';
import { readSignals } from '../http/pager';
import type { ListShape, PageVersion } from './db';
import { ORDER_LIMITS } from '../limits';
import { answerKind, answerTimer, type AdaptiveConcurrency } from '../http/concurrency';

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
export interface Tally {
  failedPages: number;
  /** The records skipped, all counted; the first MAX_SKIPPED_KEPT kept with why. */
  skippedCount: number;
  skipped: SkippedRecord[];
  endNotSeen: EndNotSeen | null;
}

/** How a read of the pages went. */
export interface PagesOutcome {
  failed: number;
  /** A quick refresh that read the list whole (its shape changed). */
  whole?: boolean;
  /** Set when the pages were read but the service's end was not seen. */
  endNotSeen?: EndNotSeen | null;
}

/** How a list shape stored before `paging` existed says where it ends. */
export const pagingOf = (shape: ListShape | null): ListShape['paging'] | null =>
  shape === null ? null : (shape.paging ?? (shape.paginated && shape.lastPage !== null ? 'count' : 'none'));

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
export type PageRead = ParsedOrderList & { page: number; unchanged: boolean; version: PageVersion | null };
export type FetchPage = (page: number, options?: { whole?: boolean }) => Promise<PageRead | null>;

export class Stop extends Error {
  constructor(
    readonly end: RefreshResult['end'],
    readonly code: OrdersOutcome['code'],
  ) {
    super(`order refresh stopped: ${code}`);
  }
}

/** The records of a page the service sent that could not be read, with their page, kept for the details view. */
export function keepSkipped(tally: Tally, list: ParsedOrderList, page: number | null): void {
  const at = Date.now();
  tally.skippedCount += list.rejects.length;
  for (const reject of list.rejects) {
    if (tally.skipped.length >= MAX_SKIPPED_KEPT) return;
    tally.skipped.push({ ...reject, page, at });
  }
}

/**
 * Reads a page of the order list, within the concurrency limit. The first answer may be a whole unpaginated list (as
 * may a page of a list that gave no sign of paging): it is parsed as it streams, record by record
 * (http/list-stream.ts), so no such list's whole text is held. Any other is one page, capped at a size a page can have
 * (ORDER_LIMITS.maxPageBytes), and parsed whole: JSON.parse reads a page of 15 orders in a fraction of the streaming
 * parser's time (a first refresh of 100,000 orders: 10.6–10.7 → 9.5–10.3 CPU seconds; see the README, #31.4).
 */
export function pageReader({
  http,
  conn,
  limiter,
  signal,
  validators,
  onRead,
}: {
  http: ServiceHttp;
  conn: ServiceConnection;
  limiter: AdaptiveConcurrency;
  signal: AbortSignal;
  /** What identifies the page as last read, when it is asked for conditionally. */
  validators: (page: number) => { etag: string | null; lastModified: string | null } | null;
  onRead: () => void;
}): (page: number, whole: boolean) => () => Promise<PageRead> {
  return (page, whole) => async () => {
    await limiter.acquire(signal);
    const took = answerTimer();
    const streamed = page === 1 || whole;
    const stream = new JsonListStream();
    let response: Awaited<ReturnType<ServiceHttp['json']>>;
    try {
      response = await http.json(conn, page === 1 ? '/api/order' : `/api/order?page=${page}`, {
        signal,
        maxBytes: streamed ? ORDER_LIMITS.maxListBytes : ORDER_LIMITS.maxPageBytes,
        validators: validators(page),
        sink: !streamed
          ? undefined
          : (chunk) => {
              try {
                stream.push(chunk);
              } catch (error) {
                throw new ApiFailure(
                  'bad_response',
                  `The order list could not be read (${(error as Error).message}).`,
                  {
                    maybeDelivered: true,
                  },
                );
              }
            },
      });
    } catch (error) {
      limiter.release(answerKind(error), took());
      throw error;
    }
    limiter.release('ok', took());
    onRead();
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
    let body: unknown = response.body;
    if (streamed)
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
}
