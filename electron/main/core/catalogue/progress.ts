/**
 * What a catalogue pass tells as it goes and keeps for its outcome: the live part of the status (pages done and
 * known, rate, time left, records skipped), the facts its outcome will carry (the service's total, the last page
 * moving, empty and failed pages, where the end was not seen), and the records it skipped with why (the first
 * MAX_SKIPPED_KEPT). catalogue:progress goes out at most every SYNC_LIMITS.progressEveryMs, or at once when forced.
 */
import {
  IDLE_CATALOGUE,
  MAX_SKIPPED_KEPT,
  type CatalogueOutcome,
  type CatalogueStatus,
  type SkippedRecord,
} from '../../../../shared/domain';
import type { Clock } from '../clock';
import type { SkippedReject } from '../http/fields';
import { SYNC_LIMITS } from '../limits';
import { nextRevision } from '../revision';

/** The part of the status a pass tracks itself (the rest is read from the cache). */
export type LiveProgress = Omit<CatalogueStatus, 'cachedProducts' | 'serviceTotal' | 'completeAt' | 'updatedAt'>;
const progressOf = ({
  cachedProducts: _c,
  serviceTotal: _s,
  completeAt: _a,
  updatedAt: _u,
  ...live
}: CatalogueStatus): LiveProgress => live;

/** What a pass counts on its way, for its outcome. */
export type PassFacts = Pick<
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

export class PassProgress {
  live: LiveProgress = { ...progressOf(IDLE_CATALOGUE), revision: nextRevision() };
  facts: PassFacts = { ...NO_FACTS };
  /** The records the pass under way skipped, with why. */
  skipped: SkippedRecord[] = [];
  private lastEmit = 0;

  constructor(
    private readonly clock: Clock,
    /** Sends catalogue:progress with the status now. */
    private readonly publish: () => void,
  ) {}

  /** A pass starts: running, nothing counted yet. */
  begin(): void {
    this.live = { ...progressOf(IDLE_CATALOGUE), state: 'running', revision: nextRevision() };
    this.facts = { ...NO_FACTS };
    this.skipped = [];
    this.emit(true);
  }

  emit(force = false): void {
    const now = this.clock.now();
    if (!force && now - this.lastEmit < SYNC_LIMITS.progressEveryMs) return;
    this.lastEmit = now;
    this.live.revision = nextRevision();
    this.publish();
  }

  /** Progress after a page: its rate this run and, when the pages left are known (`left`), the time left. */
  noteRate(startedAt: number, fetchedThisRun: number, left: number | null): void {
    const seconds = (this.clock.now() - startedAt) / 1000;
    this.live.pagesPerSecond = seconds > 0 ? Math.round((fetchedThisRun / seconds) * 10) / 10 : null;
    // a list walked page by page does not say how many pages are left
    this.live.etaSeconds =
      left !== null && this.live.pagesPerSecond ? Math.ceil(left / this.live.pagesPerSecond) : null;
    this.emit();
  }

  /** A page's records that could not be read: counted, and the first MAX_SKIPPED_KEPT kept with why. */
  noteRejects(page: number, rejects: readonly SkippedReject[]): void {
    this.live.skippedRecords += rejects.length;
    for (const reject of rejects)
      if (this.skipped.length < MAX_SKIPPED_KEPT) this.skipped.push({ ...reject, page, at: Date.now() });
  }

  /** Pages that failed for good so far. */
  noteFailed(count: number): void {
    this.live.failedPages = count;
    this.facts.failedPages = count;
  }
}
