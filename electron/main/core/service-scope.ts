/**
 * What the per-service features (catalogue, orders, outbox) share: which service the app is pointed at, its
 * connection, and running work in the background whenever the service comes online and on a schedule.
 */
import { createHash } from 'node:crypto';
import { AppFailure } from '../../../shared/errors';
import type { ServiceConnection } from './api/http';
import type { ConnectionTarget } from './connection';
import type { CoreEvents } from './events';

/** One local cache per service: demo data never mixes with a shop's. Null when no service is set up. */
export function cacheKey(target: ConnectionTarget): string | null {
  if (target.mode === 'demo') return 'demo';
  if (target.mode !== 'service' || !target.baseUrl) return null;
  return createHash('sha256').update(target.baseUrl).digest('hex').slice(0, 16);
}

/** The connection to use for work on the cache `key`, or null once the app points elsewhere (or has no token). */
export function connectionFor(target: ConnectionTarget, key: string): ServiceConnection | null {
  return target.baseUrl && target.token && cacheKey(target) === key
    ? { baseUrl: target.baseUrl, token: target.token }
    : null;
}

/** Runs `work` each time the service comes online and every `everyMs` (when `timer`); returns the stop function. */
export function whenOnline(
  events: CoreEvents,
  work: () => void,
  schedule: { everyMs: number; timer: boolean },
): () => void {
  const stopListening = events.on('connection:changed', (state) => {
    if (state.state === 'online') work();
  });
  const timer = schedule.timer ? setInterval(work, schedule.everyMs) : undefined;
  timer?.unref();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}

/** The error of every action that needs a service when none is set up. */
export const notConfigured = (): AppFailure => new AppFailure('not_configured', 'Set up the service connection first.');
