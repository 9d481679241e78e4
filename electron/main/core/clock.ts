/**
 * Time as the core sees it. The app uses the system clock; tests advance a manual one, and the load bench runs a
 * scaled one (an hour of the background schedule in a minute or two).
 */
export interface Clock {
  now(): number;
  /** Calls `fn` once `ms` of this clock's time have passed; returns the cancel function. Never holds the process open. */
  after(ms: number, fn: () => void): () => void;
  /** Resolves once `ms` have passed, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function sleepWith(clock: Pick<Clock, 'after'>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancel = clock.after(ms, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The PC's wall clock and a monotonic one beside it. The wall clock can step back or forward at any moment (NTP, a
 * resumed virtual machine, staff fixing it): durations are measured on the monotonic one, and two wall-clock readings
 * taken at different times are never compared to order events. Tests step `now` to play a clock that jumps.
 */
export interface WallClock {
  now(): number;
  /** Milliseconds on a clock that only moves forward, from an arbitrary start (this process's). */
  mono(): number;
}

export const systemWall: WallClock = { now: () => Date.now(), mono: () => performance.now() };

/** Wall-clock time. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
  sleep(ms, signal) {
    return sleepWith(this, ms, signal);
  },
};

/** Time running `speed` times faster than the wall clock, from `start` (the load bench). */
export function scaledClock(speed: number, start = Date.now()): Clock {
  const origin = performance.now();
  const clock: Clock = {
    now: () => Math.round(start + (performance.now() - origin) * speed),
    after(ms, fn) {
      const timer = setTimeout(fn, Math.max(0, ms) / speed);
      timer.unref();
      return () => clearTimeout(timer);
    },
    sleep: (ms, signal) => sleepWith(clock, ms, signal),
  };
  return clock;
}

/** Time that moves only when told to (unit tests): advance() runs the timers that fall due, in order. */
export class ManualClock implements Clock {
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  constructor(private time = 1_000_000_000_000) {}

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepWith(this, ms, signal);
  }

  /** Timers waiting. */
  pending(): number {
    return this.timers.length;
  }

  /** Moves time on by `ms`, running each timer due on the way (and letting the work it starts settle). */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      await settle();
      const next = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = Math.max(this.time, next.at);
      next.fn();
    }
    this.time = until;
    await settle();
  }
}

/** Lets promise chains and I/O callbacks started by a timer run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};
