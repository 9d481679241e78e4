/**
 * A pass's pages on their way to the writer: committed in batches (each page whole; small commits cost FTS5 a segment
 * merge each), handed over once enough are waiting or after a short while, with backpressure on fetching while too
 * many fetched pages are unwritten.
 */
import { SYNC_LIMITS } from '../limits';
import { PagesLost, type BatchPage } from './page-read';
import type { PageWriter } from './writer';

export interface PageBatchOptions {
  writer: PageWriter;
  pass: number;
  /** A first download into an empty cache (plain inserts). */
  fresh: boolean;
  now: () => number;
  /** A batch was not written (its pages are not done): PagesLost, or why it failed (the pass then stops). */
  failed: (pages: number[], error: unknown) => void;
}

export class PageBatches {
  /** The first write that failed (disk full, say), which stops the pass instead of going unnoticed. */
  error: string | null = null;
  private pending: BatchPage[] = [];
  /** Pages handed to the writer and not yet committed. */
  private writing = 0;
  private readonly writes = new Set<Promise<void>>();
  private readonly waiting: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PageBatchOptions) {}

  /** A page to write: handed over with the batch it completes, or after SYNC_LIMITS.writeBatchMs. */
  add(page: BatchPage): void {
    this.pending.push(page);
    if (this.pending.length >= SYNC_LIMITS.writeBatchPages) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), SYNC_LIMITS.writeBatchMs);
  }

  /** Hands the waiting pages to the writer as one batch. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || this.error) return;
    const batch = this.pending.splice(0);
    this.writing += batch.length;
    const { writer, pass, fresh, now, failed } = this.options;
    const write = writer
      .write({ pass, pages: batch, fetchedAt: now(), fresh })
      .catch((error: unknown) => {
        if (!(error instanceof PagesLost)) this.error ??= error instanceof Error ? error.message : String(error);
        failed(
          batch.map(({ page }) => page),
          error,
        );
      })
      .finally(() => {
        this.writing -= batch.length;
        this.writes.delete(write);
        for (const wake of this.waiting.splice(0)) wake();
      });
    this.writes.add(write);
  }

  /** Every batch handed over has been committed (or has failed). */
  async drain(): Promise<void> {
    this.flush();
    while (this.writes.size > 0) await Promise.all(this.writes);
  }

  /** Backpressure: fetching waits while the writer has more than a few batches to catch up on. */
  async room(): Promise<void> {
    while (this.writing + this.pending.length >= SYNC_LIMITS.maxUnwrittenPages && !this.error)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}
