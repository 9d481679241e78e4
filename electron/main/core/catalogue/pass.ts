/**
 * One catalogue pass, step by step: the first page (it says how the list is paged: counted by meta.last_page, or
 * walked page after page to its end), the other pages of a counted list, the pages lost with a writer thread that died
 * fetched again, and the end — complete only when every page is in and the list's end was seen (then what the pass did
 * not see is delisted), incomplete with the facts that say why, or stopped (cancelled, refused, a write that failed).
 * The pass's lifecycle around it (one at a time, resuming, index building, the outcome kept) is CatalogueSync's.
 */
import type { CatalogueOutcome, CatalogueStatus } from '../../../../shared/domain';
import type { Clock } from '../clock';
import type { ServiceConnection, ServiceHttp, Validators } from '../http/client';
import { MANUAL_CONCURRENCY, type AdaptiveConcurrency, type ConcurrencyRange } from '../http/concurrency';
import { endNotSeenOf, signalsPaging, walkPages, type WalkEnd } from '../http/pager';
import type { Sleep } from '../http/retry';
import { SYNC_LIMITS } from '../limits';
import type { CatalogueRepository } from './db';
import { pageFetcher, StopPass, type FetchedPage } from './page-fetch';
import { PageBatches } from './page-batches';
import { PagesLost, toBatch } from './page-read';
import type { PassProgress } from './progress';
import type { PageWriter } from './writer';

/** How a pass ended; made visible by CatalogueSync once the pass's last work (index building) is done. */
export interface Outcome {
  state: CatalogueStatus['state'];
  code: CatalogueOutcome['code'];
  detail: string | null;
}

export const ended = (
  state: CatalogueStatus['state'],
  code: CatalogueOutcome['code'],
  detail: string | null = null,
): Outcome => ({ state, code, detail });

/** A write failed (disk full, say): the pass stops and says so; what was committed stays. */
export const notSaved = (reason: string): Outcome => ended('failed', 'not_saved', reason);

export interface PassContext {
  repo: CatalogueRepository;
  http: ServiceHttp;
  conn: ServiceConnection;
  writer: PageWriter;
  /** The pass (its number: when it started), and the cache's state for it (resumed, or new). */
  pass: number;
  state: ReturnType<CatalogueRepository['state']>;
  startedAt: number;
  /** The pages this pass has already (a pass resumed). */
  done: Set<number>;
  /** Each page as last read: asked for conditionally, a page the service says is unchanged costs no parse, no write. */
  held: Map<number, Validators>;
  /** A first download into an empty cache (plain inserts). */
  firstDownload: boolean;
  controller: AbortController;
  limiter: AdaptiveConcurrency;
  range: ConcurrencyRange;
  progress: PassProgress;
  clock: Clock;
  sleep: Sleep;
  onUnauthorized?: () => void;
  onUnreachable?: () => void;
}

export class CataloguePass {
  private readonly done: Set<number>;
  /** Pages the service said are as last read (304): kept listed at the end. */
  private readonly unchanged: number[] = [];
  private readonly failed = new Set<number>();
  /** Pages whose rows went with a writer thread that died before committing them: fetched again at the end. */
  private readonly lost = new Set<number>();
  private lastPage: number | null;
  /** How a walk through a list without a page count ended (null: the pages were counted by meta.last_page). */
  private walked: WalkEnd | null = null;
  private total: number | null;
  private fetchedThisRun = 0;
  private readonly batches: PageBatches;
  /** Fetches one page with retries (its bytes parsed by the writer); null when it failed for good. */
  private readonly fetchPage: (page: number) => Promise<FetchedPage | null>;

  constructor(private readonly context: PassContext) {
    const { state, done, progress, clock, controller } = context;
    this.done = done;
    this.lastPage = state.passLastPage;
    this.total = state.passTotal;
    // a batch not written is not done (lost: fetched again; else the pass stops)
    this.batches = new PageBatches({
      writer: context.writer,
      pass: context.pass,
      fresh: context.firstDownload,
      now: () => clock.now(),
      failed: (pages, error) => {
        for (const page of pages) done.delete(page);
        if (error instanceof PagesLost) for (const page of pages) this.lost.add(page);
        else controller.abort();
      },
    });
    this.fetchPage = pageFetcher({
      ...{ http: context.http, conn: context.conn, writer: context.writer, limiter: context.limiter },
      ...{ held: context.held, sleep: context.sleep, signal: controller.signal },
      // a page read again (lost with a writer thread) had its records counted the first time
      onRead: (page, facts) => (this.lost.has(page) ? undefined : progress.noteRejects(page, facts.rejects)),
      onUnauthorized: () => context.onUnauthorized?.(),
      onUnreachable: () => context.onUnreachable?.(),
    });
  }

  async run(): Promise<Outcome> {
    const { live, facts } = this.context.progress;
    let lastPage: number;
    try {
      lastPage = this.lastPage !== null && this.done.has(1) ? this.lastPage : await this.readFirstPage();
      live.pagesTotal = lastPage;
      facts.pagesTotal = lastPage;
      facts.serviceTotal = this.total;
      live.pagesDone = this.done.size;
      // a walked list was read as it was walked (its failed pages counted there)
      if (!this.walked) await this.readCounted(lastPage);
      await this.readLost();
    } catch (error) {
      return this.stopped(error);
    }
    // every page is in: what is left is saving the last batches and, after a first download, building the indexes
    live.finishing = true;
    live.etaSeconds = null;
    this.context.progress.emit(true);
    await this.batches.drain();
    if (this.batches.error) return notSaved(this.batches.error);
    return this.conclude(lastPage);
  }

  /** The first page: the service's total, and how the list is paged; returns its last page. */
  private async readFirstPage(): Promise<number> {
    const first = await this.fetchPage(1);
    if (!first) throw new StopPass('failed', 'first_page_failed');
    this.total = first.total;
    if (first.lastPage === null && first.products === 0 && first.signals.records === 0 && !signalsPaging(first.signals))
      // an empty list that says nothing of itself is no proof the catalogue is empty: nothing is delisted on it
      throw new StopPass('failed', 'no_page_count');
    if (first.lastPage === null) return this.walk(first);
    this.lastPage = first.lastPage;
    this.context.repo.setState({ passLastPage: this.lastPage, passTotal: this.total });
    this.handle(1, first);
    return this.lastPage;
  }

  /** No page count: walked page after page until a page says it is the last, is short or empty (http/pager.ts). */
  private async walk(first: FetchedPage): Promise<number> {
    this.handle(1, first);
    this.context.progress.facts.serviceTotal = this.total;
    this.walked = await walkPages({
      first: first.signals,
      workers: this.context.range.max,
      cap: SYNC_LIMITS.maxPages,
      knownLastPage: this.context.state.completePages,
      fetch: this.fetchPage,
      signals: (result) => (result.validators === null ? 'unchanged' : result.signals),
      accept: (page, result) => this.handle(page, result),
      failed: (page) => this.handle(page, null),
      after: () => this.batches.room(),
    });
    this.lastPage = this.walked.lastPage;
    return this.lastPage;
  }

  /** Every page of a counted list not yet done, fetched by workers (as many as the limiter may ever allow). */
  private async readCounted(lastPage: number): Promise<void> {
    const queue: number[] = [];
    for (let page = 2; page <= lastPage; page++) if (!this.done.has(page)) queue.push(page);
    const worker = async (): Promise<void> => {
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
        this.handle(page, await this.fetchPage(page));
        await this.batches.room();
      }
    };
    // the limiter lets only its current limit of the workers fetch at once; an adaptive pass has workers enough to be
    // widened to a manual one's cap (staff press "Sync now" while it runs)
    const { start, max } = this.context.range;
    const workers = start === max ? max : Math.max(max, MANUAL_CONCURRENCY.max);
    await Promise.all(Array.from({ length: workers }, worker));
  }

  /**
   * Pages whose rows went with a writer thread that died before committing them are fetched again (the writer is this
   * thread's now: nothing more is lost), until every batch handed over is committed.
   */
  private async readLost(): Promise<void> {
    await this.batches.drain();
    while (this.lost.size > 0) {
      for (const page of [...this.lost]) {
        const result = await this.fetchPage(page);
        if (result) this.keep(page, result);
        else this.handle(page, null);
        this.lost.delete(page);
      }
      await this.batches.drain();
    }
  }

  /** A page fetched (or failed for good): what it says of the list, then its rows on their way to the writer. */
  private handle(page: number, result: FetchedPage | null): void {
    const { progress } = this.context;
    if (!result) {
      this.failed.add(page);
      progress.noteFailed(this.failed.size);
      return;
    }
    const { facts, live } = progress;
    const lastPage = this.lastPage;
    // the service's catalogue changed during the pass: its last page moved (the first move is the one kept)
    if (result.lastPage !== null && lastPage !== null && result.lastPage !== lastPage && !facts.drift)
      facts.drift = { from: lastPage, to: result.lastPage };
    if (result.products === 0 && result.validators !== null && lastPage !== null && page <= lastPage)
      facts.emptyPages += 1;
    this.keep(page, result);
    live.pagesDone = this.done.size;
    live.productsSeen += result.products;
    const left = lastPage === null ? null : Math.max(0, lastPage - this.done.size);
    progress.noteRate(this.context.startedAt, ++this.fetchedThisRun, left);
  }

  /** A page's rows to the writer (or, unchanged, kept as they are), and the page done. */
  private keep(page: number, { ticket, validators }: FetchedPage): void {
    if (validators === null) this.unchanged.push(page);
    else this.batches.add(toBatch(page, ticket, validators));
    this.done.add(page);
  }

  /** A pass that stopped before the end: cancelled (where it stopped), refused, or a write that failed. */
  private async stopped(error: unknown): Promise<Outcome> {
    await this.batches.drain();
    if (this.batches.error) return notSaved(this.batches.error);
    if (!(error instanceof StopPass)) throw error;
    if (error.state === 'failed') return ended('failed', error.code);
    // where it stopped: the pages this pass (and the run it resumes) has, of the pages it knows of
    this.context.progress.live.pagesDone = this.done.size;
    this.context.progress.facts.pagesTotal = this.lastPage;
    return ended('cancelled', 'cancelled');
  }

  /** How a pass that read every page it could ends: complete only when the end was seen and every page is in. */
  private async conclude(lastPage: number): Promise<Outcome> {
    const { repo, writer, clock, progress } = this.context;
    const { facts } = progress;
    const endNotSeen = this.walked ? endNotSeenOf(this.walked) : null;
    if (endNotSeen) {
      // every page was read, but where the list ends was never seen: nothing is delisted, and the pass is not complete
      facts.endNotSeen = endNotSeen;
      repo.setState({ pass: null, passLastPage: null });
      return ended('incomplete', 'end_not_seen');
    }
    // pages failed, the last page moved or pages were empty that should not be (the facts say which): not complete
    const drifted = facts.drift !== null;
    if (this.failed.size > 0 || drifted || facts.emptyPages > 0) {
      // A drifted pass cannot be completed by retrying pages: start the next run afresh.
      if (drifted || facts.emptyPages > 0) repo.setState({ pass: null, passLastPage: null });
      return ended('incomplete', 'incomplete');
    }
    let delisted: number;
    try {
      delisted = await writer.finishPass(this.context.pass, { pages: this.unchanged, at: clock.now() });
    } catch (error) {
      return notSaved(error instanceof Error ? error.message : String(error));
    }
    // every product this pass saw is listed, every other one was just delisted: no count over the table needed
    const seen = repo.listedCount();
    facts.delisted = delisted;
    repo.setState({
      pass: null,
      passLastPage: null,
      completeAt: clock.now(),
      completeTotal: this.total ?? seen,
      completePages: lastPage,
    });
    // complete: every page read and the end seen; its facts are the products listed, the service's total, the delisted
    return ended('complete', 'complete');
  }
}
