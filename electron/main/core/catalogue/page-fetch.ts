/**
 * One product page of a catalogue pass: fetched with retries (429 Retry-After, backoff, the adaptive limit), its bytes
 * handed to the writer to parse (page-read.ts), and what the pass needs of it returned: the page's facts, the ticket
 * its rows are kept under, its validators. The fetching thread never parses a page.
 */
import type { CatalogueOutcome } from '../../../../shared/domain';
import { ApiFailure, type ServiceConnection, type ServiceHttp, type Validators } from '../http/client';
import { answerKind, answerTimer, type AdaptiveConcurrency } from '../http/concurrency';
import { readSignals, type PageSignals } from '../http/pager';
import { Cancelled, withRetries, type Sleep } from '../http/retry';
import { redact } from '../redact';
import { SYNC_LIMITS } from '../limits';
import { PagesLost, type PageAnswer, type PageFacts, type PageUnread } from './page-read';
import type { PageWriter } from './writer';

/** Ends a pass from inside a page's fetch (the token refused, the service out of reach, cancelled). */
export class StopPass extends Error {
  constructor(
    readonly state: 'failed' | 'cancelled',
    readonly code: CatalogueOutcome['code'],
  ) {
    super(`catalogue pass stopped: ${code}`);
  }
}

/** A page as the pass sees it. */
export interface FetchedPage {
  /** The ticket of the page's rows, kept by the writer; null when there are none (a 404 past the end, a 304). */
  ticket: number | null;
  products: number;
  lastPage: number | null;
  total: number | null;
  /** Null: the service said the page is as last read (304). */
  validators: Validators | null;
  signals: PageSignals;
}

export interface PageFetchContext {
  http: ServiceHttp;
  conn: ServiceConnection;
  writer: PageWriter;
  limiter: AdaptiveConcurrency;
  signal: AbortSignal;
  /** Each page as last read (asked for conditionally). */
  held: Map<number, Validators>;
  sleep: Sleep;
  /** A page was read: its unreadable records (as codes) are the pass's to count and keep. */
  onRead: (page: number, facts: PageFacts) => void;
  onUnauthorized?: () => void;
  onUnreachable?: () => void;
}

const NONE: Validators = { etag: null, lastModified: null };
const nothing = (validators: Validators | null): FetchedPage => ({
  ticket: null,
  products: 0,
  lastPage: null,
  total: null,
  validators,
  signals: readSignals(null, []),
});

/** The failure a successful answer that is not a product page stands for (as the client said it when it parsed). */
function unreadFailure(status: number, unread: PageUnread, token: string): ApiFailure {
  if (unread.reason === 'not_a_page')
    return new ApiFailure('bad_response', 'The service answered with something that is not a product page.', {
      maybeDelivered: true,
    });
  const what = unread.reason === 'web_page' ? 'a web page instead of data' : 'data that could not be read';
  return new ApiFailure('bad_response', `The service answered with ${what}.`, {
    status,
    maybeDelivered: true,
    facts: { reason: unread.reason },
    // kept in the log and shown: a proxy that echoes the Authorization header must not put the token on disk
    excerpt: redact(unread.excerpt, [token]),
  });
}

/** Fetches pages of a pass: each with retries; null when it failed for good. */
export function pageFetcher(ctx: PageFetchContext): (page: number) => Promise<FetchedPage | null> {
  let unreachable = 0;
  const read = async (page: number): Promise<FetchedPage> => {
    const { limiter, signal } = ctx;
    await limiter.acquire(signal);
    const took = answerTimer();
    let response: Awaited<ReturnType<ServiceHttp['json']>>;
    try {
      // the first page is always read whole: it says how many pages there are
      response = await ctx.http.json(ctx.conn, `/api/product?page=${page}`, {
        signal,
        validators: page === 1 ? null : (ctx.held.get(page) ?? null),
        asBytes: true,
      });
    } catch (error) {
      limiter.release(answerKind(error), took());
      // a page the service does not know (past the end) is an empty page
      if (error instanceof ApiFailure && error.code === 'not_found') return nothing(NONE);
      throw error;
    }
    const ms = took();
    unreachable = 0;
    if (response.notModified) {
      limiter.release('ok', ms);
      return nothing(null);
    }
    let answer: PageAnswer;
    try {
      answer = await ctx.writer.readPage(response.raw!, response.contentType ?? '');
    } catch (error) {
      limiter.release('ok', ms);
      // the bytes went with a writer thread that died: the page is fetched again (the writer is this thread's now)
      if (error instanceof PagesLost) return read(page);
      throw error;
    }
    if (!answer.ok) {
      const failure = unreadFailure(response.status, answer, ctx.conn.token);
      limiter.release(answerKind(failure), ms);
      if (answer.reason !== 'not_a_page') ctx.http.unreadable(ctx.conn, failure);
      throw failure;
    }
    limiter.release('ok', ms);
    ctx.onRead(page, answer.facts);
    const { facts } = answer;
    return {
      ticket: answer.ticket,
      products: facts.products,
      lastPage: facts.lastPage,
      total: facts.total,
      validators: response.validators,
      signals: facts.signals,
    };
  };
  const onFailure = (error: ApiFailure): void => {
    if (error.code === 'unauthorized' || error.code === 'forbidden') {
      ctx.onUnauthorized?.();
      throw new StopPass('failed', 'unauthorized');
    }
    if (error.code === 'unreachable' && !error.detail.maybeDelivered) {
      unreachable += 1;
      if (unreachable === 1) ctx.onUnreachable?.();
      if (unreachable >= SYNC_LIMITS.unreachableStreak) throw new StopPass('failed', 'unreachable');
    }
  };
  return async (page) => {
    try {
      return await withRetries(() => read(page), { signal: ctx.signal, sleep: ctx.sleep, onFailure });
    } catch (error) {
      if (error instanceof Cancelled) throw new StopPass('cancelled', 'cancelled');
      throw error;
    }
  };
}
