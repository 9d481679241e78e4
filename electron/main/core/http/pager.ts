/**
 * Pages by what the service says, whatever the paginator: Laravel's full paginator (`meta.last_page`, or `last_page` at
 * the top level), its simple one (`links.next` or `next_page_url`, no total), `{data}` or a bare array paged by
 * `?page=n` with no word of the pages after, or a list that is not paged at all. Links are only signals: the next
 * request always goes to our own address with `?page=n+1`, never to the link's host.
 *
 * "Complete" may be said only when the end was seen: a page that says it is the last, a short or empty page, or — for
 * a list that gave no sign of paging — page 2 answering page 1 again (the service ignores `?page`: the whole list came).
 * A page that repeats the one before on a paged list, or a walk that reaches the page cap, has not seen the end.
 */
import type { EndNotSeen } from '../../../../shared/domain';
import { toCount } from './fields';

/** What one page says of the pages after it. */
export interface PageSignals {
  /** `meta.last_page` (or `last_page` beside `data`). */
  lastPage: number | null;
  /** A next link: true when it names a page, false when it is null; null when the answer has no such link. */
  next: boolean | null;
  /** `meta.per_page` (or `per_page` beside `data`). */
  perPage: number | null;
  /** Records on the page, read or skipped. */
  records: number;
  /** The page's record ids in order (or their text when they have none), to tell a page that repeats the one before. */
  ids: string;
}

/** Whether a page gave any sign of being one page of several. */
export const signalsPaging = (s: PageSignals): boolean => s.lastPage !== null || s.next !== null || s.perPage !== null;

const idOf = (record: unknown): string => {
  if (record && typeof record === 'object' && !Array.isArray(record)) {
    const id = (record as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return JSON.stringify(record)?.slice(0, 200) ?? '';
};

/**
 * The signals of a list answer: `body` is the whole answer (bare array, `{data}`, or a paginator with `meta`/`links`
 * or with its fields at the top level), `records` its list.
 */
export function readSignals(body: unknown, records: readonly unknown[]): PageSignals {
  const ids = records.map(idOf).join('\u0001');
  const none: PageSignals = { lastPage: null, next: null, perPage: null, records: records.length, ids };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return none;
  const b = body as Record<string, unknown>;
  const meta = b.meta && typeof b.meta === 'object' && !Array.isArray(b.meta) ? (b.meta as Record<string, unknown>) : b;
  const links =
    b.links && typeof b.links === 'object' && !Array.isArray(b.links) ? (b.links as Record<string, unknown>) : null;
  let next: boolean | null = null;
  const link = (value: unknown): boolean | null =>
    typeof value === 'string' ? value.length > 0 : value === null ? false : null;
  if (links && 'next' in links) next = link(links.next);
  else if ('next_page_url' in b) next = link(b.next_page_url);
  else if ('next_page_url' in meta) next = link(meta.next_page_url);
  return { ...none, lastPage: toCount(meta.last_page), perPage: toCount(meta.per_page), next };
}

export type PageVerdict = 'more' | 'end' | 'repeat';

/**
 * Whether to read the page after `page`: by `last_page` where the service gives it, else by its next link, else by
 * size (a page as full as `per_page`, or as the first page, may have one after it). An empty page is the end; a page
 * whose records are the previous page's is a repeat.
 */
export function verdictOf(
  page: number,
  s: PageSignals,
  context: { previous: PageSignals | null; fullSize: number | null },
): PageVerdict {
  if (s.records > 0 && context.previous && context.previous.records > 0 && s.ids === context.previous.ids)
    return 'repeat';
  if (s.records === 0) return 'end';
  if (s.lastPage !== null) return page < s.lastPage ? 'more' : 'end';
  if (s.next !== null) return s.next ? 'more' : 'end';
  const full = s.perPage ?? context.fullSize;
  return full !== null && full > 0 && s.records >= full ? 'more' : 'end';
}

/** How a walk through the pages ended. */
export interface WalkEnd {
  /**
   * `seen`: a page said it was the last (or was short or empty); `unpaged`: the list gave no sign of paging and page 2
   * answered page 1 again (the whole list came with page 1); `repeat`: a page of a paged list repeated the one before
   * (the service does not follow `?page`), the end not seen; `cap`: the page cap was reached, the end not seen.
   */
  end: 'seen' | 'unpaged' | 'repeat' | 'cap';
  /** The last page that held records (1 when the list is one page). */
  lastPage: number;
  /** The page that repeated the one before, when one did. */
  repeatedPage: number | null;
}

/** A page as the walk saw it: its signals, or `unchanged` (a 304: as last read, its verdict as last time). */
export type WalkPage = PageSignals | 'unchanged';

export interface WalkOptions<T> {
  /** The first page's signals (page 1 is read before the walk: it says what kind of list this is). */
  first: PageSignals;
  /** Pages read at once, at most (read ahead of the page whose verdict is known). */
  workers: number;
  /** The highest page number asked for. */
  cap: number;
  /** The last page of the previous complete walk: the verdict of a page the service says is unchanged. */
  knownLastPage: number | null;
  fetch: (page: number) => Promise<T | null>;
  signals: (result: T) => WalkPage;
  /** Called in page order for each page up to the end (never for a page past it). */
  accept: (page: number, result: T) => void;
  /** A page that failed for good: its verdict is not known, so the walk reads on. */
  failed: (page: number) => void;
  /** After each page is fetched (backpressure: waits while the writer catches up). */
  after?: () => Promise<void>;
}

/** Reads pages 2, 3, … until the end is seen, up to `workers` at once; pages past the end are read but not accepted. */
export async function walkPages<T>(options: WalkOptions<T>): Promise<WalkEnd> {
  const { first } = options;
  const fullSize = first.perPage ?? (first.records > 0 ? first.records : null);
  const firstVerdict = verdictOf(1, first, { previous: null, fullSize });
  if (firstVerdict !== 'more') return { end: 'seen', lastPage: 1, repeatedPage: null };
  const results = new Map<number, T | null>();
  let next = 2;
  let endAt = Infinity;
  let end: WalkEnd = { end: 'cap', lastPage: 1, repeatedPage: null };
  /** The last page whose verdict is known, and its signals (null when it failed or was unchanged). */
  let checked = 1;
  let previous: PageSignals | null = first;
  const advance = (): void => {
    while (results.has(checked + 1) && checked + 1 <= endAt) {
      const page = checked + 1;
      const result = results.get(page)!;
      results.delete(page);
      checked = page;
      if (result === null) {
        options.failed(page);
        previous = null;
        continue;
      }
      const s = options.signals(result);
      let verdict: PageVerdict;
      if (s === 'unchanged') {
        verdict = options.knownLastPage !== null && page >= options.knownLastPage ? 'end' : 'more';
        previous = null;
      } else {
        verdict = verdictOf(page, s, { previous, fullSize });
        previous = s;
      }
      if (verdict === 'repeat') {
        endAt = page - 1;
        const unpaged = page === 2 && !signalsPaging(first);
        end = { end: unpaged ? 'unpaged' : 'repeat', lastPage: page - 1, repeatedPage: unpaged ? null : page };
        return;
      }
      const empty = s !== 'unchanged' && s.records === 0;
      if (!empty) options.accept(page, result);
      if (verdict === 'end') {
        endAt = page;
        end = { end: 'seen', lastPage: empty ? page - 1 : page, repeatedPage: null };
        return;
      }
      end = { end: 'cap', lastPage: page, repeatedPage: null };
    }
  };
  const worker = async (): Promise<void> => {
    while (next <= endAt && next <= options.cap) {
      const page = next++;
      const result = await options.fetch(page);
      if (page > endAt) continue;
      results.set(page, result);
      advance();
      await options.after?.();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers) }, worker));
  return end;
}

/** The facts of a walk that did not see the end, for an outcome (null when it did). */
export const endNotSeenOf = (walk: WalkEnd): EndNotSeen | null =>
  walk.end === 'repeat'
    ? { reason: 'repeated_page', page: walk.repeatedPage ?? walk.lastPage + 1 }
    : walk.end === 'cap'
      ? { reason: 'page_cap', page: walk.lastPage }
      : null;
