/**
 * How many requests a pass keeps in flight, adapted to the service: it starts low, grows by one while answers stay as
 * fast as usual, and halves at once on a slower answer, a 429 or a 5xx (or no answer in time), never above its cap.
 * A background pass is capped low so the shop's own site keeps its workers; "Sync now" may use more.
 */
import { performance } from 'node:perf_hooks';

/** Where a pass starts and the most it may use. */
export interface ConcurrencyRange {
  start: number;
  max: number;
}

/** Background passes: start at 2, never above 4. */
export const BACKGROUND_CONCURRENCY: ConcurrencyRange = { start: 2, max: 4 };
/** A pass a person asked for ("Sync now"): up to 8. */
export const MANUAL_CONCURRENCY: ConcurrencyRange = { start: 4, max: 8 };

/** An answer counts as slower than usual above usual × SLOWER + SLOWER_SLACK_MS (small jitter is not a signal). */
const SLOWER = 1.5;
const SLOWER_SLACK_MS = 50;
/** Answers at the usual speed, per request in flight, before one more is allowed. */
const GOOD_PER_STEP = 4;

export type AnswerKind = 'ok' | 'busy' | 'error';

export class AdaptiveConcurrency {
  private limit: number;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** The usual answer time (ms), smoothed; null until the first answer. */
  private usual: number | null = null;
  private good = 0;
  /** The most requests in flight at once so far. */
  peak = 0;
  /** Every limit it has had, in order (tests, benchmarks). */
  readonly history: number[];

  constructor(private range: ConcurrencyRange) {
    this.limit = Math.max(1, Math.min(range.start, range.max));
    this.history = [this.limit];
  }

  current(): number {
    return this.limit;
  }

  /** A person asked for this pass: it may grow up to `max` (never shrinks the cap). */
  widen(max: number): void {
    if (max > this.range.max) this.range = { ...this.range, max };
  }

  /** Waits for a free slot. */
  async acquire(signal?: AbortSignal): Promise<void> {
    while (this.inFlight >= this.limit) {
      if (signal?.aborted) return;
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
  }

  /** Frees the slot, saying how the answer went and how long it took. */
  release(kind: AnswerKind, ms: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (kind !== 'ok') this.halve();
    else if (this.usual !== null && ms > this.usual * SLOWER + SLOWER_SLACK_MS) {
      this.halve();
      // a service that stays slower becomes the usual one, slowly
      this.usual = this.usual * 0.9 + ms * 0.1;
    } else {
      this.usual = this.usual === null ? ms : this.usual * 0.8 + ms * 0.2;
      this.good += 1;
      if (this.good >= this.limit * GOOD_PER_STEP && this.limit < this.range.max) this.set(this.limit + 1);
    }
    this.wake();
  }

  private halve(): void {
    this.set(Math.max(1, Math.floor(this.limit / 2)));
  }

  private set(limit: number): void {
    this.good = 0;
    if (limit === this.limit) return;
    this.limit = limit;
    this.history.push(limit);
  }

  /** Lets as many waiting requests go as there are free slots. */
  private wake(): void {
    for (let free = this.limit - this.inFlight; free > 0 && this.waiting.length > 0; free--) this.waiting.shift()!();
  }
}

/**
 * Times an answer as the service took it: from sending to the answer, less the time this process's event loop was busy
 * meanwhile (writing a batch of pages, parsing other answers). An answer that waited for our own work is no sign of a
 * slower service; counted as one, a manual refresh of 100,000 orders halved its own limit some 600 times (4 → 2 → 1
 * and back, between the writes of its batches). Call at sending; the function it returns gives the milliseconds.
 */
export function answerTimer(): () => number {
  const sent = performance.now();
  const loop = performance.eventLoopUtilization();
  return () => Math.max(0, performance.now() - sent - performance.eventLoopUtilization(loop).active);
}

/** The kind of an answer for the limiter: a 429 says busy; a 5xx, a time-out or a lost connection say error. */
export function answerKind(error: unknown): AnswerKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'rate_limited') return 'busy';
  if (code === 'server_error' || code === 'timeout' || code === 'unreachable' || code === 'bad_response')
    return 'error';
  return 'ok';
}
