/**
 * The full pass of the order refresh (refresh.ts): every page of the list, learning its shape from it — whether it is
 * paginated, how it says where it ends (meta.last_page, or page after page until the end shows: api/pager.ts) and
 * which end holds the newest orders, read first.
 */
import type { DateOrder } from '../../../../shared/dates';
import { endNotSeenOf, signalsPaging, walkPages } from '../http/pager';
import { ORDER_LIMITS } from '../limits';
import type { ListShape, OrderRepository } from './db';
import { detectNewest, pagingOf, Stop, type FetchPage, type PageRead, type PagesOutcome } from './list-pages';

/** What a pass reads and writes with (refresh.ts gives it). */
export interface PassIo {
  repo: OrderRepository;
  /** The day/month order in use (which end is newest may be told by the order dates). */
  dateOrder: () => DateOrder;
  fetchPage: FetchPage;
  /** Keeps a page's orders for the next batch. */
  save: (list: PageRead) => void;
  /** Hands the orders kept so far to be written. */
  flush: () => void;
  /** Pages read at once. */
  workers: number;
}

/** Every page; learns the list's shape (paginated, last page, newest end) from it. */
export async function fullPass(io: PassIo): Promise<PagesOutcome> {
  const { repo, dateOrder, fetchPage, save, flush } = io;
  const first = await fetchPage(1);
  if (!first) throw new Stop('failed', 'unreadable_list');
  save(first);
  const known = repo.shape();
  const knownPaging = pagingOf(known);
  // a list without meta.last_page is walked: by its next link, or by its page size
  if (first.unchanged ? knownPaging !== 'count' : first.lastPage === null) return walkPass(io, first, known);
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
      if (!end.unchanged) newestEnd = detectNewest(first.orders, end.orders, dateOrder()).newest;
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
  await Promise.all(Array.from({ length: io.workers }, worker));
  flush();
  const found = last as PageRead | null;
  const newest =
    found && !found.unchanged && !first.unchanged
      ? detectNewest(first.orders, found.orders, dateOrder())
      : { newest: null, newestBy: null };
  // one page of a paginator cannot show its order when it holds fewer than two orders: what was learnt stays
  repo.setShape({
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
async function walkPass(io: PassIo, first: PageRead, known: ListShape | null): Promise<PagesOutcome> {
  const { repo, dateOrder, fetchPage, save, flush, workers } = io;
  const none = { newest: null, newestBy: null };
  // the whole list as last read, or a whole list again: nothing after it to ask for
  if (first.unchanged || (pagingOf(known) === 'none' && !signalsPaging(first.signals))) {
    if (!first.unchanged)
      setWalkedShape(repo, known, first, 'none', null, detectNewest(first.orders, first.orders, dateOrder()));
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
      ? detectNewest(first.orders, first.orders, dateOrder())
      : detectNewest(first.orders, last.orders, dateOrder());
  const paging = walk.end === 'unpaged' ? 'none' : 'walk';
  setWalkedShape(repo, known, first, paging, walk.end === 'seen' ? walk.lastPage : null, newest ?? none);
  return { failed, endNotSeen: endNotSeenOf(walk) };
}

function setWalkedShape(
  repo: OrderRepository,
  known: ListShape | null,
  first: PageRead,
  paging: 'walk' | 'none',
  lastPage: number | null,
  newest: Pick<ListShape, 'newest' | 'newestBy'>,
): void {
  repo.setShape({
    paginated: paging === 'walk',
    paging,
    pageSize: first.signals.perPage ?? first.signals.records,
    lastPage: paging === 'walk' ? (lastPage ?? known?.lastPage ?? null) : null,
    newest: newest.newest ?? known?.newest ?? null,
    newestBy: newest.newestBy ?? known?.newestBy ?? null,
  });
}
