/** The retry rules every background read shares: 429 waits as told (bounded), transient failures back off. */
import { ApiFailure } from './client';
import { SYNC_LIMITS } from '../limits';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Runs `read` until it succeeds; returns null once the attempts are spent (or for a response too large to ever
 * fit). `onFailure` sees every service failure first and may throw to stop everything (a refused token, say).
 * Throws Cancelled when the signal aborts.
 */
export async function withRetries<T>(
  read: () => Promise<T>,
  opts: { signal: AbortSignal; sleep: Sleep; onFailure?: (error: ApiFailure) => void },
): Promise<T | null> {
  let attempts = 0;
  let waits = 0;
  for (;;) {
    if (opts.signal.aborted) throw new Cancelled();
    try {
      return await read();
    } catch (error) {
      if (opts.signal.aborted) throw new Cancelled();
      if (!(error instanceof ApiFailure)) throw error;
      opts.onFailure?.(error);
      if (error.code === 'rate_limited' && waits < SYNC_LIMITS.rateLimitWaitsPerPage) {
        waits += 1;
        await opts.sleep(error.detail.retryAfterMs ?? SYNC_LIMITS.defaultRetryAfterMs, opts.signal);
        continue;
      }
      attempts += 1;
      if (attempts >= SYNC_LIMITS.attemptsPerPage || error.code === 'too_large') return null;
      const backoff = SYNC_LIMITS.backoffMs * 2 ** (attempts - 1);
      await opts.sleep(backoff + Math.random() * backoff * 0.3, opts.signal);
    }
  }
}
