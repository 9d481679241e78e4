/**
 * The one scheduler of background work (order refresh, catalogue pass, outbox retry, reconciliation). Each job has a
 * due time, not a fixed-phase timer: work that falls due while the service cannot be used waits and runs as soon as it
 * can; a failed run is tried again with backoff (seconds, then minutes) instead of a whole interval later; a run the
 * service asked to postpone (429) waits as told. The intervals live here, read from the settings at every turn.
 */
import type { Clock } from './clock';

/** How a run ended, which says when the job is due next. */
export type RunOutcome =
  /** Done: due again one interval later. */
  | { kind: 'done' }
  /** Failed: tried again with backoff. */
  | { kind: 'failed' }
  /** The service could not be used (unreachable, failing, busy): due as soon as it can be. */
  | { kind: 'unusable' }
  /** Not due before `until` (the service asked to wait; or the work is not due yet); null: until triggered. */
  | { kind: 'wait'; until: number | null };

export interface RunContext {
  /** A person asked for this run ("Sync now", "Refresh"): it may use more of the service. */
  manual: boolean;
}

export interface JobSpec {
  name: string;
  /** Time between successful runs; null: only when asked (or triggered). */
  every(): number | null;
  /** When it last ended well (stored by the feature), so a restart keeps the rhythm; null: never, due at once. */
  lastDone?(): number | null;
  /** Runs whenever the service can be used again after it could not (reconciliation, the outbox). */
  onReconnect?: boolean;
  /** Jobs of one group never run at the same time (the full passes: the service sees one at a time). */
  group?: string;
  run(context: RunContext): Promise<RunOutcome>;
}

/** Backoff of failed runs: seconds first, then minutes, never more than BACKOFF_MAX_MS. */
export const BACKOFF_MS = [5_000, 15_000, 45_000, 2 * 60_000, 5 * 60_000] as const;
export const BACKOFF_MAX_MS = 10 * 60_000;

export function backoffAfter(failures: number): number {
  return failures <= 0 ? 0 : (BACKOFF_MS[failures - 1] ?? BACKOFF_MAX_MS);
}

export interface JobState {
  name: string;
  /** When it runs next (once the service can be used); null: only when asked. */
  dueAt: number | null;
  running: boolean;
  /** Failed runs in a row. */
  failures: number;
  lastRunAt: number | null;
  lastOutcome: RunOutcome['kind'] | null;
}

export class Job {
  private dueAt: number | null;
  private running: Promise<RunOutcome> | null = null;
  private failures = 0;
  /** The service came back while a run was under way: a run that then failed or could not use it is tried again now. */
  private reconnectedWhileRunning = false;
  private lastRunAt: number | null = null;
  private lastOutcome: RunOutcome['kind'] | null = null;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    readonly spec: JobSpec,
  ) {
    this.dueAt = this.regularDue(spec.lastDone?.() ?? null);
  }

  /** When it is due after a good run at `doneAt` (null `doneAt`: never ran, due now). */
  private regularDue(doneAt: number | null): number | null {
    const every = this.spec.every();
    if (every === null) return null;
    return doneAt === null ? this.clock.now() : doneAt + every;
  }

  state(): JobState {
    return {
      name: this.spec.name,
      dueAt: this.dueAt,
      running: this.running !== null,
      failures: this.failures,
      lastRunAt: this.lastRunAt,
      lastOutcome: this.lastOutcome,
    };
  }

  isRunning(): boolean {
    return this.running !== null;
  }

  /** Due now: runs as soon as the service can be used (an event says there is work: an order queued, a reconnect). */
  trigger(): void {
    this.dueAt = Math.min(this.dueAt ?? Infinity, this.clock.now());
    this.scheduler.arm();
  }

  /**
   * The interval setting changed: a job that runs only when asked now is not due; any other is due at once, and its run
   * works out from what it keeps (when it last read the service) whether it is due yet.
   */
  reschedule(): void {
    if (this.spec.every() === null) {
      if (!this.running) this.dueAt = null;
      this.scheduler.arm();
    } else this.trigger();
  }

  /** Runs now, whatever the due time (a person asked), or joins the run under way. */
  runNow(): Promise<RunOutcome> {
    return this.running ?? this.start(true);
  }

  /**
   * Work of this job started outside the schedule (a person asked, and it had to start at once): when it ends, the
   * schedule follows its outcome, as if the job had run (unless the job's own run is under way: that one decides).
   */
  after(work: Promise<RunOutcome>, manual = true): void {
    void work.then(
      (outcome) => this.running === null && this.finish(outcome, manual),
      () => this.running === null && this.finish({ kind: 'failed' }, manual),
    );
  }

  /** The service can be used again: a job that failed, or runs on every reconnect, is due now. */
  reconnected(): void {
    if (this.failures > 0 || this.spec.onReconnect) this.dueAt = Math.min(this.dueAt ?? Infinity, this.clock.now());
    if (this.running) this.reconnectedWhileRunning = true;
  }

  isDue(now: number): boolean {
    return this.running === null && this.dueAt !== null && this.dueAt <= now;
  }

  nextDue(): number | null {
    return this.running ? null : this.dueAt;
  }

  /** Starts a run (the scheduler calls this for a due job). */
  start(manual = false): Promise<RunOutcome> {
    if (this.running) return this.running;
    let settle: (outcome: RunOutcome) => void = () => undefined;
    // set before the job's code runs: what it triggers meanwhile must not start it a second time
    const running = (this.running = new Promise<RunOutcome>((resolve) => (settle = resolve)));
    void (async () => {
      let outcome: RunOutcome;
      try {
        outcome = await this.spec.run({ manual });
      } catch {
        outcome = { kind: 'failed' };
      }
      this.finish(outcome, manual);
      settle(outcome);
    })();
    return running;
  }

  private finish(outcome: RunOutcome, manual: boolean): void {
    const now = this.clock.now();
    this.running = null;
    const cameBack = this.reconnectedWhileRunning;
    this.reconnectedWhileRunning = false;
    // the app is closing: what the job keeps (its database) may be closed already
    if (this.scheduler.isStopped()) return;
    this.lastRunAt = now;
    this.lastOutcome = outcome.kind;
    switch (outcome.kind) {
      case 'done':
        this.failures = 0;
        this.dueAt = this.regularDue(now);
        break;
      case 'failed':
        this.failures += 1;
        // what a person asked for of a job that runs only when asked is not tried again on its own
        this.dueAt = manual && this.spec.every() === null ? null : now + backoffAfter(this.failures);
        // the service came back during the run (which may have failed because it was away then): tried again now, not
        // after the backoff; a reconnect needs a disconnect first, so this never loops
        if (cameBack && (this.failures > 0 || this.spec.onReconnect) && this.dueAt !== null) this.dueAt = now;
        break;
      case 'unusable':
        // due as soon as the service can be used again: the scheduler holds it until then (a few seconds at least, in
        // case the connection state has not caught up yet)
        this.dueAt = cameBack ? now : now + BACKOFF_MS[0];
        break;
      case 'wait':
        this.dueAt = outcome.until === null ? null : Math.max(outcome.until, now);
        break;
    }
    this.scheduler.arm();
  }
}

export interface SchedulerOptions {
  clock: Clock;
  /** Whether the service can be used now (online with a working token). */
  usable: () => boolean;
}

export class Scheduler {
  private readonly jobs: Job[] = [];
  private cancelTimer: (() => void) | null = null;
  private timerAt: number | null = null;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  get clock(): Clock {
    return this.options.clock;
  }

  add(spec: JobSpec): Job {
    const job = new Job(this, this.options.clock, spec);
    this.jobs.push(job);
    this.arm();
    return job;
  }

  job(name: string): Job | undefined {
    return this.jobs.find((j) => j.spec.name === name);
  }

  states(): JobState[] {
    return this.jobs.map((j) => j.state());
  }

  /** The service can be used (again): due work runs now; after a time it could not, failed work is tried again at once. */
  wake(options: { reconnected?: boolean } = {}): void {
    if (options.reconnected) for (const job of this.jobs) job.reconnected();
    this.arm();
  }

  isStopped(): boolean {
    return this.stopped;
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** Runs what is due and sets one timer for the next due time; nothing runs, and no timer is set, while the service cannot be used. */
  arm(): void {
    if (this.stopped) return;
    const now = this.options.clock.now();
    if (!this.options.usable()) {
      this.clearTimer();
      return;
    }
    for (const job of this.jobs) {
      if (!job.isDue(now)) continue;
      // one of its group under way: it stays due, and starts when that one ends
      const { group } = job.spec;
      if (group && this.jobs.some((other) => other !== job && other.spec.group === group && other.isRunning()))
        continue;
      void job.start();
    }
    let next: number | null = null;
    for (const job of this.jobs) {
      const due = job.nextDue();
      if (due !== null && due <= now) continue; // waiting for its group
      if (due !== null && (next === null || due < next)) next = due;
    }
    if (next === this.timerAt) return;
    this.clearTimer();
    if (next === null) return;
    this.timerAt = next;
    this.cancelTimer = this.options.clock.after(next - now, () => {
      this.cancelTimer = null;
      this.timerAt = null;
      this.arm();
    });
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.timerAt = null;
  }
}
