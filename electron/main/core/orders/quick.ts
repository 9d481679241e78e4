/**
 * The quick refresh of the order book (refresh.ts): from the newest end of the list, page by page, until a page holds
 * nothing new.
 */
import { verdictOf } from '../http/pager';
import type { ListShape, OrderRepository } from './db';
import { ORDER_LIMITS } from '../limits';
import { pagingOf, Stop, type FetchPage, type PageRead, type PagesOutcome } from './list-pages';

/**
 * From the newest end, page by page, until a page holds only orders a read of the list brought before, unchanged (new
 * orders can only be newer than every order the list has shown; one known from this desk's POST answer or a live read
 * may be newer than another desk's order not read yet); the list's last page is followed as it grows.
 */
export async function quickPass(
  repo: OrderRepository,
  readWhole: () => Promise<PagesOutcome>,
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
    if (list.unchanged || list.orders.length === 0 || repo.allKnownUnchanged(list.orders)) {
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
    repo.setShape({ ...shape, lastPage });
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
    return { ...(await readWhole()), whole: true };
  }
  let goOn = true;
  if (walked) for (const list of grown.reverse()) goOn = goOn && take(list);
  else for (let page = lastPage; page > known && goOn; page--) goOn = take((await fetchPage(page)) ?? failedRead());
  if (goOn) {
    goOn = take(top);
    for (let page = known - 1; page >= 1 && goOn; page--) goOn = take((await fetchPage(page)) ?? failedRead());
  }
  flush();
  repo.setShape({ ...shape, lastPage });
  return { failed: 0 };
}
