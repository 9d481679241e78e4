import { describe, expect, it } from 'vitest';
import {
  AdaptiveConcurrency,
  answerKind,
  answerTimer,
  BACKGROUND_CONCURRENCY,
  MANUAL_CONCURRENCY,
} from '../../../electron/main/core/http/concurrency';

/** `n` answers at `ms` each, one slot at a time. */
async function answers(limiter: AdaptiveConcurrency, n: number, ms: number, kind: 'ok' | 'busy' | 'error' = 'ok') {
  for (let i = 0; i < n; i++) {
    await limiter.acquire();
    limiter.release(kind, ms);
  }
}

describe('adaptive concurrency', () => {
  it('starts at 2 in the background, grows while answers stay as fast, and never above 4', async () => {
    const limiter = new AdaptiveConcurrency(BACKGROUND_CONCURRENCY);
    expect(limiter.current()).toBe(2);
    await answers(limiter, 8, 100);
    expect(limiter.current()).toBe(3);
    await answers(limiter, 500, 100);
    expect(limiter.current()).toBe(4);
    expect(limiter.history).toEqual([2, 3, 4]);
  });

  it('"Sync now" may use up to 8', async () => {
    const limiter = new AdaptiveConcurrency(MANUAL_CONCURRENCY);
    await answers(limiter, 1_000, 100);
    expect(limiter.current()).toBe(8);
  });

  it('halves on a 429, on a 5xx or time-out, and on a slower answer; never below 1', async () => {
    const limiter = new AdaptiveConcurrency({ start: 8, max: 8 });
    await answers(limiter, 1, 100);
    await answers(limiter, 1, 100, 'busy');
    expect(limiter.current()).toBe(4);
    await answers(limiter, 1, 100, 'error');
    expect(limiter.current()).toBe(2);
    await answers(limiter, 1, 400); // much slower than the usual 100 ms
    expect(limiter.current()).toBe(1);
    await answers(limiter, 1, 100, 'busy');
    expect(limiter.current()).toBe(1);
    // a little jitter is no signal
    const steady = new AdaptiveConcurrency({ start: 4, max: 4 });
    await answers(steady, 20, 100);
    await answers(steady, 1, 130);
    expect(steady.current()).toBe(4);
  });

  it('never lets more requests go than its limit, and a widened pass may grow further', async () => {
    const limiter = new AdaptiveConcurrency({ start: 2, max: 4 });
    let inFlight = 0;
    let most = 0;
    const request = async (): Promise<void> => {
      await limiter.acquire();
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight -= 1;
      limiter.release('ok', 10);
    };
    await Promise.all(Array.from({ length: 200 }, request));
    expect(most).toBeLessThanOrEqual(4);
    expect(limiter.peak).toBe(most);
    limiter.widen(8);
    await answers(limiter, 1_000, 10);
    expect(limiter.current()).toBe(8);
  });

  it('reads the answer from the service client’s error codes', () => {
    expect(answerKind({ code: 'rate_limited' })).toBe('busy');
    for (const code of ['server_error', 'timeout', 'unreachable', 'bad_response'])
      expect(answerKind({ code })).toBe('error');
    expect(answerKind({ code: 'not_found' })).toBe('ok');
  });

  it('times an answer without the time this process was busy meanwhile (its own writes are no slower service)', async () => {
    const busy = (ms: number): void => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // the answer came while a batch of pages was being written: 300 ms of our own work, 30 ms of waiting
    const stalled = answerTimer();
    const started = performance.now();
    busy(300);
    await wait(30);
    const elapsed = performance.now() - started;
    const took = stalled();
    expect(elapsed).toBeGreaterThanOrEqual(320);
    expect(took).toBeLessThan(150);
    // a service that is slow while we sit idle is measured as slow
    const slow = answerTimer();
    await wait(300);
    expect(slow()).toBeGreaterThanOrEqual(250);
    // so the limiter keeps its width through our own stalls, and halves on a slow service
    const limiter = new AdaptiveConcurrency({ start: 4, max: 4 });
    await answers(limiter, 20, 30);
    limiter.release('ok', took);
    expect(limiter.current()).toBe(4);
  });
});
