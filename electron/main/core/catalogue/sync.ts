/**
 * Catalogue sync: every product page into SQLite with bounded concurrency, resumable across restarts, with
 * progress events, cancel, retries with backoff, 429 Retry-After, and an honest outcome at the end: a code and its
 * facts (the screens word it), `complete` only when every page was read and the list's end was seen. This file keeps a
 * pass's lifecycle (one at a time, the pass to resume, the first download's indexes, the outcome kept); the pass's
 * steps are pass.ts's, what it tells on its way progress.ts's.
 */
import { CatalogueOutcome, SkippedRecord, type CatalogueStatus } from '../../../../shared/domain';
import type { ServiceConnection, ServiceHttp, Validators } from '../http/client';
import type { CatalogueRepository } from './db';
import { CataloguePass, ended, notSaved, type Outcome } from './pass';
import { PassProgress } from './progress';
import { inlineWriter, type PageWriter } from './writer';
import { readJson } from '../storage/open';
import { systemClock, type Clock } from '../clock';
import type { CoreEvents } from '../events';
import { SYNC_LIMITS } from '../limits';
import { AdaptiveConcurrency, type ConcurrencyRange } from '../http/concurrency';
import { abortableSleep, type Sleep } from '../http/retry';

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

export class CatalogueSync {
  private running: Promise<CatalogueStatus> | null = null;
  private controller: AbortController | null = null;
  private readonly clock: Clock;
  /** How the last pass ended (kept in the cache's state). */
  private outcome: CatalogueOutcome | null;
  /** The live progress, facts and skipped records of the pass under way (or the last one). */
  private readonly progress: PassProgress;
  /** The concurrency limit of the pass under way or the last one (tests, benchmarks). */
  limiter: AdaptiveConcurrency | null = null;
  /** Pages in flight for the next pass (set by start()). */
  private range: ConcurrencyRange;

  constructor(private readonly deps: CatalogueSyncDeps) {
    this.clock = deps.clock ?? systemClock;
    this.progress = new PassProgress(this.clock, () => this.deps.events.emit('catalogue:progress', this.status()));
    this.range = CatalogueSync.rangeOf(deps.concurrency);
    const state = deps.repo.state();
    this.outcome = readJson(state.outcome, CatalogueOutcome);
    if (state.completeAt && (!state.pass || state.completeAt >= (state.passStartedAt ?? 0)))
      this.progress.live.state = 'complete';
    else if (state.pass) this.progress.live.state = 'incomplete';
  }

  status(): CatalogueStatus {
    const state = this.deps.repo.state();
    return {
      ...this.progress.live,
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
    if (this.isRunning()) return [...this.progress.skipped];
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
      this.progress.emit(true);
    });
    return this.running;
  }

  cancel(): void {
    this.controller?.abort();
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
      if (outcome && notBuilt !== null && outcome.state !== 'failed') outcome = notSaved(notBuilt);
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

  /** A pass: its start (the pass to resume, a first download's bulk load, the writer), then its steps (pass.ts). */
  private async pass(): Promise<Outcome> {
    const { repo } = this.deps;
    const controller = (this.controller = new AbortController());
    const startedAt = this.clock.now();
    this.progress.begin();

    const conn = await this.deps.target();
    if (!conn) return ended('failed', 'not_configured');

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
    const writer = (this.writer = this.deps.writer?.() ?? inlineWriter(repo));
    this.limiter = new AdaptiveConcurrency(this.range);
    return new CataloguePass({
      ...{ repo, http: this.deps.http, conn, writer, pass, state, startedAt, done, held, firstDownload, controller },
      ...{ limiter: this.limiter, range: this.range, progress: this.progress, clock: this.clock, sleep: this.sleep },
      onUnauthorized: () => this.deps.onUnauthorized?.(),
      onUnreachable: () => this.deps.onUnreachable?.(),
    }).run();
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

  private finish({ state, code, detail }: Outcome): CatalogueStatus {
    const { live, facts, skipped } = this.progress;
    live.state = state;
    live.etaSeconds = null;
    live.finishing = false;
    this.outcome = {
      ...facts,
      code,
      at: this.clock.now(),
      products: this.deps.repo.listedCount(),
      pagesDone: live.pagesDone,
      skippedRecords: live.skippedRecords,
      detail: detail?.slice(0, 500) ?? null,
    };
    this.deps.repo.setState({
      outcome: JSON.stringify(this.outcome),
      skipped: JSON.stringify(skipped),
    });
    return this.status();
  }
}
