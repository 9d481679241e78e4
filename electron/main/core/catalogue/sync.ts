/**
 * Catalogue sync: every product page into SQLite with bounded concurrency, resumable across restarts, with
 * progress events, cancel, retries with backoff, 429 Retry-After, and an honest outcome at the end: a code and its
 * facts (the screens word it), `complete` only when every page was read and the list's end was seen.
 */
import {
  CatalogueOutcome,
  IDLE_CATALOGUE,
  MAX_SKIPPED_KEPT,
  SkippedRecord,
  type CatalogueStatus,
} from '../../../../shared/domain';
import type { ServiceConnection, ServiceHttp, Validators } from '../http/client';
import { endNotSeenOf, signalsPaging, walkPages, type WalkEnd } from '../http/pager';
import type { CatalogueRepository } from './db';
import { pageFetcher, StopPass, type FetchedPage } from './page-fetch';
import { PageBatches } from './page-batches';
import { PagesLost, toBatch } from './page-read';
import { inlineWriter, type PageWriter } from './writer';
import { readJson } from '../storage/open';
import { systemClock, type Clock } from '../clock';
import type { CoreEvents } from '../events';
import { SYNC_LIMITS } from '../limits';
import { nextRevision } from '../revision';
import { AdaptiveConcurrency, MANUAL_CONCURRENCY, type ConcurrencyRange } from '../http/concurrency';
import { abortableSleep, type Sleep } from '../http/retry';
import type { SkippedReject } from '../http/fields';

export interface CatalogueSyncDeps {
  repo: CatalogueRepository;
  http: ServiceHttp;
  events: CoreEvents;
  /** The service to sync from, or null when none is configured. */
  target: () => Promise<ServiceConnection | null>;
  /** Told when the service refuses the token, so the app frame can say so. */
  onUnauthorized?: () => void;
  /** Told when the service cannot be reached, so the connection state catches up. */
  onUnreachable?: () => void;
  /** Pages in flight: a fixed number, or where the adaptive limit starts and its cap (default: SYNC_LIMITS.concurrency). */
  concurrency?: number | ConcurrencyRange;
  /** Where a pass's pages are committed (a writer thread in the app); on this thread when absent. */
  writer?: () => PageWriter;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The time passes are stamped with (the scheduler's clock). */
  clock?: Clock;
}

/** The part of the status a pass tracks itself (the rest is read from the cache). */
type LiveProgress = Omit<CatalogueStatus, 'cachedProducts' | 'serviceTotal' | 'completeAt' | 'updatedAt'>;
const progressOf = ({
  cachedProducts: _c,
  serviceTotal: _s,
  completeAt: _a,
  updatedAt: _u,
  ...live
}: CatalogueStatus): LiveProgress => live;

interface Outcome {
  state: CatalogueStatus['state'];
  code: CatalogueOutcome['code'];
  detail: string | null;
}

/** What a pass counts on its way, for its outcome. */
type PassFacts = Pick<
  CatalogueOutcome,
  'serviceTotal' | 'delisted' | 'pagesDone' | 'pagesTotal' | 'failedPages' | 'emptyPages' | 'drift' | 'endNotSeen'
>;
const NO_FACTS: PassFacts = {
  serviceTotal: null,
  delisted: 0,
  pagesDone: 0,
  pagesTotal: null,
  failedPages: 0,
  emptyPages: 0,
  drift: null,
  endNotSeen: null,
};

export class CatalogueSync {
  private running: Promise<CatalogueStatus> | null = null;
  private controller: AbortController | null = null;
  private live: LiveProgress = { ...progressOf(IDLE_CATALOGUE), revision: nextRevision() };
  private lastEmit = 0;
  private readonly clock: Clock;
  /** How the last pass ended (kept in the cache's state), and the facts and skipped records of the one under way. */
  private outcome: CatalogueOutcome | null;
  private facts: PassFacts = { ...NO_FACTS };
  private skipped: SkippedRecord[] = [];
  /** The concurrency limit of the pass under way or the last one (tests, benchmarks). */
  limiter: AdaptiveConcurrency | null = null;
  /** Pages in flight for the next pass (set by start()). */
  private range: ConcurrencyRange;

  constructor(private readonly deps: CatalogueSyncDeps) {
    this.clock = deps.clock ?? systemClock;
    this.range = CatalogueSync.rangeOf(deps.concurrency);
    const state = deps.repo.state();
    this.outcome = readJson(state.outcome, CatalogueOutcome);
    if (state.completeAt && (!state.pass || state.completeAt >= (state.passStartedAt ?? 0)))
      this.live.state = 'complete';
    else if (state.pass) this.live.state = 'incomplete';
  }

  status(): CatalogueStatus {
    const state = this.deps.repo.state();
    return {
      ...this.live,
      cachedProducts: this.deps.repo.listedCount(),
      serviceTotal: state.passTotal ?? state.completeTotal,
      completeAt: state.completeAt,
      updatedAt: state.updatedAt,
      outcome: this.outcome,
    };
  }

  /** How the last pass ended (null before any): the scheduler reads whether the service could be used. */
  lastOutcome(): CatalogueOutcome['code'] | null {
    return this.outcome?.code ?? null;
  }

  /** The records the last pass (or the one under way) skipped, with why. */
  skippedRecords(): SkippedRecord[] {
    if (this.isRunning()) return [...this.skipped];
    return readJson(this.deps.repo.state().skipped, SkippedRecord.array()) ?? [];
  }

  isRunning(): boolean {
    return this.running !== null;
  }

  /** Resolves when no pass is under way (never starts one). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private static rangeOf(concurrency: number | ConcurrencyRange | undefined): ConcurrencyRange {
    const fixed = typeof concurrency === 'number' ? concurrency : SYNC_LIMITS.concurrency;
    return typeof concurrency === 'object' ? concurrency : { start: fixed, max: fixed };
  }

  /** Starts a pass (or joins the one under way); resolves when it ends. `concurrency`: its pages in flight. */
  start(options: { concurrency?: ConcurrencyRange } = {}): Promise<CatalogueStatus> {
    if (!this.running) this.range = options.concurrency ?? CatalogueSync.rangeOf(this.deps.concurrency);
    this.running ??= this.run().finally(() => {
      this.running = null;
      this.controller = null;
      this.emit(true);
    });
    return this.running;
  }

  cancel(): void {
    this.controller?.abort();
  }

  private emit(force = false): void {
    const now = this.clock.now();
    if (!force && now - this.lastEmit < SYNC_LIMITS.progressEveryMs) return;
    this.lastEmit = now;
    this.live.revision = nextRevision();
    this.deps.events.emit('catalogue:progress', this.status());
  }

  /** Waits between attempts at one page: real time (the clock paces the schedule, not a request's retries). */
  private readonly sleep: Sleep = (ms, signal) => (this.deps.sleep ?? abortableSleep)(ms, signal);

  /** Set while a first download loads without the secondary indexes; they are built before the pass reports its end. */
  private bulkLoading = false;
  /** Set while a pass owes the indexes an earlier one could not build (its index building met a full disk). */
  private indexesOwed = false;
  /** The pass's writer, released when the pass ends. */
  private writer: PageWriter | null = null;

  private async run(): Promise<CatalogueStatus> {
    let outcome: Outcome | undefined;
    try {
      outcome = await this.pass();
    } finally {
      const notBuilt = await this.buildOwedIndexes(); // never throws: a failed build is its answer
      await this.writer?.close();
      this.writer = null;
      // a pass that went well but whose indexes could not be built (a full disk) says so; they are built next pass
      if (outcome && notBuilt !== null && outcome.state !== 'failed') outcome = this.notSaved(notBuilt);
    }
    return this.finish(outcome!);
  }

  /**
   * The secondary indexes a first download dropped, built before the pass reports its end (it stays "running" until
   * they exist: a sync asked for meanwhile joins it knowingly); also those an earlier pass could not build. Null when
   * built or none were owed, else why not — a failed build (disk full) ends as the pass's outcome, never as a throw
   * out of the sync (it escaped start() before, and the indexes stayed missing until the app was opened again).
   */
  private async buildOwedIndexes(): Promise<string | null> {
    const owed = this.bulkLoading || this.indexesOwed;
    this.bulkLoading = false;
    this.indexesOwed = false;
    if (!owed) return null;
    try {
      await (this.writer ? this.writer.buildIndexes() : this.deps.repo.endBulkLoad());
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private async pass(): Promise<Outcome> {
    const { repo } = this.deps;
    const controller = (this.controller = new AbortController());
    const signal = controller.signal;
    const startedAt = this.clock.now();
    this.live = { ...progressOf(IDLE_CATALOGUE), state: 'running', revision: nextRevision() };
    this.facts = { ...NO_FACTS };
    this.skipped = [];
    this.emit(true);

    const conn = await this.deps.target();
    if (!conn) return this.end('failed', 'not_configured');

    const { state, pass } = this.passToRun(startedAt);
    const done = repo.pagesDone(pass);
    // Into an empty cache every row is new: plain inserts (a duplicate id falls back to upserts for its batch), and
    // the secondary indexes are built once at the end instead of row by row.
    const firstDownload = repo.rowCount() === 0;
    this.bulkLoading = firstDownload && repo.beginBulkLoad();
    // indexes an earlier pass could not build (read here: the writer thread, once open, may hold the file alone)
    this.indexesOwed = !this.bulkLoading && repo.bulkLoadUnfinished();
    // each page as last read: asked for conditionally, a page the service says is unchanged costs no parse and no write
    const held = firstDownload ? new Map<number, Validators>() : repo.pageValidators();
    const unchanged: number[] = [];
    let lastPage = state.passLastPage;
    /** How a walk through a list without a page count ended (null: the pages were counted by meta.last_page). */
    let walked: WalkEnd | null = null;
    let total = state.passTotal;
    let fetchedThisRun = 0;
    const failed = new Set<number>();
    const writer = (this.writer = this.deps.writer?.() ?? inlineWriter(repo));
    /** Pages whose rows went with a writer thread that died before committing them: fetched again at the end. */
    const lost = new Set<number>();
    const batches = this.batchesFor(writer, pass, firstDownload, done, lost);
    const drain = (): Promise<void> => batches.drain();
    const roomToWrite = (): Promise<void> => batches.room();
    const accept = (page: number, result: FetchedPage): void => {
      const { ticket, validators } = result;
      if (validators === null) unchanged.push(page);
      else batches.add(toBatch(page, ticket, validators));
      done.add(page);
      this.live.pagesDone = done.size;
      this.live.productsSeen += result.products;
      this.noteRate(startedAt, ++fetchedThisRun, lastPage === null ? null : Math.max(0, lastPage - done.size));
    };

    const fetchPage = this.fetcherFor(conn, writer, held, signal, lost);

    const handle = (page: number, result: FetchedPage | null): void => {
      if (!result) {
        failed.add(page);
        this.live.failedPages = failed.size;
        this.facts.failedPages = failed.size;
        return;
      }
      // the service's catalogue changed during the pass: its last page moved (the first move is the one kept)
      if (result.lastPage !== null && lastPage !== null && result.lastPage !== lastPage && !this.facts.drift)
        this.facts.drift = { from: lastPage, to: result.lastPage };
      if (result.products === 0 && result.validators !== null && lastPage !== null && page <= lastPage)
        this.facts.emptyPages += 1;
      accept(page, result);
    };

    try {
      if (lastPage === null || !done.has(1)) {
        const first = await fetchPage(1);
        if (!first) throw new StopPass('failed', 'first_page_failed');
        total = first.total;
        if (
          first.lastPage === null &&
          first.products === 0 &&
          first.signals.records === 0 &&
          !signalsPaging(first.signals)
        ) {
          // an empty list that says nothing of itself is no proof the catalogue is empty: nothing is delisted on it
          throw new StopPass('failed', 'no_page_count');
        }
        if (first.lastPage === null) {
          // no page count: walked page after page until a page says it is the last, is short or empty (api/pager.ts)
          handle(1, first);
          this.facts.serviceTotal = total;
          walked = await walkPages({
            first: first.signals,
            workers: this.range.max,
            cap: SYNC_LIMITS.maxPages,
            knownLastPage: state.completePages,
            fetch: fetchPage,
            signals: (result) => (result.validators === null ? 'unchanged' : result.signals),
            accept: (page, result) => handle(page, result),
            failed: (page) => handle(page, null),
            after: roomToWrite,
          });
          lastPage = walked.lastPage;
        } else {
          lastPage = first.lastPage;
          repo.setState({ passLastPage: lastPage, passTotal: total });
          handle(1, first);
        }
      }
      this.live.pagesTotal = lastPage;
      this.facts.pagesTotal = lastPage;
      this.facts.serviceTotal = total;
      this.live.pagesDone = done.size;
      // a walked list was read as it was walked (its failed pages counted there)
      if (!walked) await this.fetchCounted(lastPage, done, fetchPage, handle, roomToWrite);
      await this.fetchLost(lost, drain, fetchPage, (page, result) => {
        if (!result) return handle(page, null);
        if (result.validators === null) unchanged.push(page);
        else batches.add(toBatch(page, result.ticket, result.validators));
        done.add(page);
      });
    } catch (error) {
      await drain();
      if (batches.error) return this.notSaved(batches.error);
      if (error instanceof StopPass) {
        if (error.state === 'cancelled') {
          // where it stopped: the pages this pass (and the run it resumes) has, of the pages it knows of
          this.live.pagesDone = done.size;
          this.facts.pagesTotal = lastPage;
          return this.end('cancelled', 'cancelled');
        }
        return this.end('failed', error.code);
      }
      throw error;
    }
    // every page is in: what is left is saving the last batches and, after a first download, building the indexes
    this.live.finishing = true;
    this.live.etaSeconds = null;
    this.emit(true);
    await drain();
    if (batches.error) return this.notSaved(batches.error);

    return this.conclude({
      pass,
      writer,
      walked,
      failed: failed.size,
      emptyPages: this.facts.emptyPages,
      unchanged,
      total,
      lastPage,
    });
  }

  /** How a pass that read every page it could ends: complete only when the end was seen and every page is in. */
  private async conclude(pass: {
    pass: number;
    writer: PageWriter;
    walked: WalkEnd | null;
    failed: number;
    emptyPages: number;
    unchanged: number[];
    total: number | null;
    lastPage: number;
  }): Promise<Outcome> {
    const { repo } = this.deps;
    const { walked, failed, emptyPages, writer, unchanged, total, lastPage } = pass;
    const endNotSeen = walked ? endNotSeenOf(walked) : null;
    if (endNotSeen) {
      // every page was read, but where the list ends was never seen: nothing is delisted, and the pass is not complete
      this.facts.endNotSeen = endNotSeen;
      repo.setState({ pass: null, passLastPage: null });
      return this.end('incomplete', 'end_not_seen');
    }
    // pages failed, the last page moved or pages were empty that should not be (the facts say which): not complete
    const drifted = this.facts.drift !== null;
    if (failed > 0 || drifted || emptyPages > 0) {
      // A drifted pass cannot be completed by retrying pages: start the next run afresh.
      if (drifted || emptyPages > 0) repo.setState({ pass: null, passLastPage: null });
      return this.end('incomplete', 'incomplete');
    }
    let delisted: number;
    try {
      delisted = await writer.finishPass(pass.pass, { pages: unchanged, at: this.clock.now() });
    } catch (error) {
      return this.notSaved(error instanceof Error ? error.message : String(error));
    }
    // every product this pass saw is listed, every other one was just delisted: no count over the table needed
    const seen = repo.listedCount();
    this.facts.delisted = delisted;
    const finishedAt = this.clock.now();
    repo.setState({
      pass: null,
      passLastPage: null,
      completeAt: finishedAt,
      completeTotal: total ?? seen,
      completePages: lastPage,
    });
    // complete: every page read and the end seen; its facts are the products listed, the service's total, the delisted
    return this.end('complete', 'complete');
  }

  /** Fetches one page with retries (its bytes parsed by the writer); null when it failed for good. */
  private fetcherFor(
    conn: ServiceConnection,
    writer: PageWriter,
    held: Map<number, Validators>,
    signal: AbortSignal,
    lost: Set<number>,
  ): (page: number) => Promise<FetchedPage | null> {
    this.limiter = new AdaptiveConcurrency(this.range);
    return pageFetcher({
      http: this.deps.http,
      conn,
      writer,
      limiter: this.limiter,
      signal,
      held,
      sleep: this.sleep,
      // a page read again (lost with a writer thread) had its records counted the first time
      onRead: (page, facts) => (lost.has(page) ? undefined : this.noteRejects(page, facts.rejects)),
      onUnauthorized: () => this.deps.onUnauthorized?.(),
      onUnreachable: () => this.deps.onUnreachable?.(),
    });
  }

  /** Where the pass's pages wait for the writer; a batch not written is not done (lost: fetched again; else it stops). */
  private batchesFor(
    writer: PageWriter,
    pass: number,
    fresh: boolean,
    done: Set<number>,
    lost: Set<number>,
  ): PageBatches {
    return new PageBatches({
      writer,
      pass,
      fresh,
      now: () => this.clock.now(),
      failed: (pages, error) => {
        for (const page of pages) done.delete(page);
        if (error instanceof PagesLost) for (const page of pages) lost.add(page);
        else this.controller?.abort();
      },
    });
  }

  /** Every page of a counted list not yet done, fetched by workers (as many as the limiter may ever allow). */
  private async fetchCounted(
    lastPage: number,
    done: Set<number>,
    fetchPage: (page: number) => Promise<FetchedPage | null>,
    handle: (page: number, result: FetchedPage | null) => void,
    roomToWrite: () => Promise<void>,
  ): Promise<void> {
    const queue: number[] = [];
    for (let page = 2; page <= lastPage; page++) if (!done.has(page)) queue.push(page);
    const worker = async (): Promise<void> => {
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
        handle(page, await fetchPage(page));
        await roomToWrite();
      }
    };
    // the limiter lets only its current limit of the workers fetch at once; an adaptive pass has workers enough to be
    // widened to a manual one's cap (staff press "Sync now" while it runs)
    const workers =
      this.range.start === this.range.max ? this.range.max : Math.max(this.range.max, MANUAL_CONCURRENCY.max);
    await Promise.all(Array.from({ length: workers }, worker));
  }

  /** Progress after a page: its rate this run and, when the pages left are known (`left`), the time left. */
  private noteRate(startedAt: number, fetchedThisRun: number, left: number | null): void {
    const seconds = (this.clock.now() - startedAt) / 1000;
    this.live.pagesPerSecond = seconds > 0 ? Math.round((fetchedThisRun / seconds) * 10) / 10 : null;
    // a list walked page by page does not say how many pages are left
    this.live.etaSeconds =
      left !== null && this.live.pagesPerSecond ? Math.ceil(left / this.live.pagesPerSecond) : null;
    this.emit();
  }

  /** A page's records that could not be read: counted, and the first MAX_SKIPPED_KEPT kept with why. */
  private noteRejects(page: number, rejects: readonly SkippedReject[]): void {
    this.live.skippedRecords += rejects.length;
    for (const reject of rejects)
      if (this.skipped.length < MAX_SKIPPED_KEPT) this.skipped.push({ ...reject, page, at: Date.now() });
  }

  /** The unfinished pass to resume (started within SYNC_LIMITS.resumeWithinMs), or a new one started now. */
  private passToRun(startedAt: number): { state: ReturnType<CatalogueRepository['state']>; pass: number } {
    const { repo } = this.deps;
    const state = repo.state();
    const resuming =
      state.pass !== null &&
      state.passLastPage !== null &&
      startedAt - (state.passStartedAt ?? 0) < SYNC_LIMITS.resumeWithinMs;
    if (resuming) return { state, pass: state.pass! };
    repo.setState({ pass: startedAt, passStartedAt: startedAt, passLastPage: null, passTotal: null });
    return { state: repo.state(), pass: startedAt };
  }

  /**
   * Pages whose rows went with a writer thread that died before committing them are fetched again (the writer is this
   * thread's now: nothing more is lost), until every batch handed over is committed.
   */
  private async fetchLost(
    lost: Set<number>,
    drain: () => Promise<void>,
    fetchPage: (page: number) => Promise<FetchedPage | null>,
    keep: (page: number, result: FetchedPage | null) => void,
  ): Promise<void> {
    await drain();
    while (lost.size > 0) {
      for (const page of [...lost]) {
        keep(page, await fetchPage(page));
        lost.delete(page);
      }
      await drain();
    }
  }

  /** A write failed (disk full, say): the pass stops and says so; what was committed stays. */
  private notSaved(reason: string): Outcome {
    return this.end('failed', 'not_saved', reason);
  }

  /** How a pass ended; made visible by finish() once the pass's last work (index building) is done. */
  private end(state: CatalogueStatus['state'], code: CatalogueOutcome['code'], detail: string | null = null): Outcome {
    return { state, code, detail };
  }

  private finish({ state, code, detail }: Outcome): CatalogueStatus {
    this.live.state = state;
    this.live.etaSeconds = null;
    this.live.finishing = false;
    this.outcome = {
      ...this.facts,
      code,
      at: this.clock.now(),
      products: this.deps.repo.listedCount(),
      pagesDone: this.live.pagesDone,
      skippedRecords: this.live.skippedRecords,
      detail: detail?.slice(0, 500) ?? null,
    };
    this.deps.repo.setState({
      outcome: JSON.stringify(this.outcome),
      skipped: JSON.stringify(this.skipped),
    });
    return this.status();
  }
}
