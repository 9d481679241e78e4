import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/main/core/clock';
import { BACKOFF_MS, Scheduler, type RunOutcome } from '../../../electron/main/core/scheduler';

const MIN = 60_000;

/** A scheduler over a manual clock, a switch for whether the service can be used, and a job that records its runs. */
function setup(every: number | null = MIN, first: RunOutcome['kind'] | RunOutcome = 'done') {
  const clock = new ManualClock();
  let usable = true;
  const scheduler = new Scheduler({ clock, usable: () => usable });
  const runs: number[] = [];
  let next: RunOutcome['kind'] | RunOutcome = first;
  const job = scheduler.add({
    name: 'refresh',
    every: () => every,
    run: async () => {
      runs.push(clock.now());
      return typeof next === 'string' ? ({ kind: next } as RunOutcome) : next;
    },
  });
  const start = clock.now();
  return {
    clock,
    scheduler,
    job,
    runs,
    /** Runs as offsets from the start, in seconds. */
    at: () => runs.map((t) => (t - start) / 1000),
    setUsable: (value: boolean) => (usable = value),
    answer: (outcome: RunOutcome['kind'] | RunOutcome) => (next = outcome),
  };
}

describe('scheduler', () => {
  it('runs a job when due, then one interval after each good run (no fixed phase, no skipped tick)', async () => {
    const t = setup();
    await t.clock.advance(0);
    expect(t.at()).toEqual([0]);
    await t.clock.advance(3 * MIN);
    expect(t.at()).toEqual([0, 60, 120, 180]);
  });

  it('work due while the service cannot be used waits, and runs as soon as it can', async () => {
    const t = setup();
    await t.clock.advance(0);
    t.setUsable(false);
    await t.clock.advance(5 * MIN); // two intervals fall due meanwhile
    expect(t.at()).toEqual([0]);
    t.setUsable(true);
    t.scheduler.wake({ reconnected: true });
    await t.clock.advance(0);
    expect(t.at()).toEqual([0, 300]); // at once, and once
    await t.clock.advance(MIN);
    expect(t.at()).toEqual([0, 300, 360]);
  });

  it('a failed run is retried with backoff (seconds, then minutes), and the interval resumes after a good one', async () => {
    const t = setup(60 * MIN, 'failed');
    await t.clock.advance(10 * MIN);
    // 0, then 5 s, 15 s, 45 s, 2 min, 5 min after each failure
    const gaps = t.runs.slice(1).map((r, i) => (r - t.runs[i]!) / 1000);
    expect(gaps).toEqual([5, 15, 45, 120, 300]);
    expect(BACKOFF_MS.map((ms) => ms / 1000)).toEqual(gaps);
    t.answer('done');
    await t.clock.advance(10 * MIN); // the next retry (at most 10 min later) succeeds
    const good = t.runs.at(-1)!;
    expect(t.job.state().failures).toBe(0);
    expect(t.job.state().dueAt).toBe(good + 60 * MIN);
  });

  it('coming back after failures tries the failed work at once instead of waiting out its backoff', async () => {
    const t = setup(60 * MIN, 'failed');
    await t.clock.advance(3 * MIN); // 4 failures: the next try is 2 minutes off
    const tries = t.runs.length;
    t.setUsable(false);
    t.scheduler.wake();
    await t.clock.advance(10_000);
    t.setUsable(true);
    t.answer('done');
    t.scheduler.wake({ reconnected: true });
    await t.clock.advance(0);
    expect(t.runs.length).toBe(tries + 1);
    expect(t.job.state().failures).toBe(0);
  });

  it('the service coming back during a run that then fails tries it again at once, not after the backoff', async () => {
    // the reconcile test's red under load: a look that failed while the service was away ended after the reconnect,
    // and its backoff (5 s, then 15 s) replaced the "due now" the reconnect had set
    const clock = new ManualClock();
    const scheduler = new Scheduler({ clock, usable: () => true });
    const runs: number[] = [];
    let end: (outcome: RunOutcome) => void = () => undefined;
    const job = scheduler.add({
      name: 'reconcile',
      every: () => null,
      onReconnect: true,
      run: () => {
        runs.push(clock.now());
        return new Promise<RunOutcome>((resolve) => (end = resolve));
      },
    });
    job.trigger(); // at start
    await clock.advance(0);
    expect(runs).toHaveLength(1);
    scheduler.wake({ reconnected: true }); // during the run
    end({ kind: 'failed' });
    await clock.advance(0);
    expect(runs).toHaveLength(2); // at once
    end({ kind: 'unusable' });
    await clock.advance(0);
    expect(runs).toHaveLength(2); // no reconnect this time: it waits
    await clock.advance(BACKOFF_MS[0]);
    expect(runs).toHaveLength(3);
    // a run that went well is not run again for a reconnect during it
    scheduler.wake({ reconnected: true });
    end({ kind: 'done' });
    await clock.advance(10 * MIN);
    expect(runs).toHaveLength(3);
  });

  it('a service that could not be used holds the job (no tight loop) until it can', async () => {
    const t = setup(MIN, 'unusable');
    await t.clock.advance(0);
    t.setUsable(false);
    await t.clock.advance(10 * MIN);
    expect(t.runs).toHaveLength(1);
    t.setUsable(true);
    t.answer('done');
    t.scheduler.wake({ reconnected: true });
    await t.clock.advance(0);
    expect(t.runs).toHaveLength(2);
  });

  it('a wait the service asked for (429) is kept; a job not due yet waits for its time', async () => {
    const t = setup(MIN, { kind: 'wait', until: new ManualClock().now() + 90_000 });
    await t.clock.advance(0);
    await t.clock.advance(89_000);
    expect(t.runs).toHaveLength(1);
    t.answer('done');
    await t.clock.advance(1_000);
    expect(t.runs).toHaveLength(2);
  });

  it('"only when I ask": never on its own; asked, it runs; a trigger or a reconnect runs jobs that want it', async () => {
    const t = setup(null);
    await t.clock.advance(60 * MIN);
    expect(t.runs).toHaveLength(0);
    await t.job.runNow();
    expect(t.runs).toHaveLength(1);
    t.answer('failed');
    await t.job.runNow(); // asked for and failed: not tried again on its own
    await t.clock.advance(60 * MIN);
    expect(t.runs).toHaveLength(2);
    t.answer('done');
    t.job.trigger();
    await t.clock.advance(0);
    expect(t.runs).toHaveLength(3);

    const reconciled: number[] = [];
    t.scheduler.add({
      name: 'reconcile',
      every: () => null,
      onReconnect: true,
      run: async () => (reconciled.push(t.clock.now()), { kind: 'done' }),
    });
    await t.clock.advance(MIN);
    expect(reconciled).toHaveLength(0);
    t.scheduler.wake({ reconnected: true });
    await t.clock.advance(0);
    expect(reconciled).toHaveLength(1);
  });

  it('runs a job once at a time, and work started outside it sets its next due time', async () => {
    const clock = new ManualClock();
    const scheduler = new Scheduler({ clock, usable: () => true });
    let release = (): void => undefined;
    let runs = 0;
    const job = scheduler.add({
      name: 'slow',
      every: () => MIN,
      run: () => {
        runs += 1;
        return new Promise<RunOutcome>((r) => (release = () => r({ kind: 'done' })));
      },
    });
    await clock.advance(0);
    await clock.advance(5 * MIN); // still running: not started again
    expect(runs).toBe(1);
    expect(job.runNow()).toBe(job.runNow()); // joins the run under way
    release();
    await clock.advance(0);
    expect(job.state().dueAt).toBe(clock.now() + MIN);
    job.after(Promise.resolve({ kind: 'done' }));
    await clock.advance(30_000);
    expect(job.state().dueAt).toBe(clock.now() + 30_000);
  });
});
