/** One record read fresh from the service when it can be; otherwise why the cached copy is shown instead. */
import type { ConnectionMonitor, ConnectionTarget } from '../connection';
import { LIMITS } from '../limits';
import { ApiFailure, type ServiceHttp } from './http';
import { unwrapRecord } from './products';

export type LiveRead<T> = { kind: 'live'; value: T } | { kind: 'cache'; note: string | null; notFound: boolean };

export async function readLive<T>(opts: {
  http: ServiceHttp;
  connection: ConnectionMonitor;
  target: ConnectionTarget;
  path: string;
  /** The record from the (unwrapped) body, or null when it is not the one asked for. */
  parse: (record: unknown) => T | null;
}): Promise<LiveRead<T>> {
  const { target } = opts;
  const state = opts.connection.current();
  if (state.state === 'offline') return { kind: 'cache', note: 'Offline: showing the cached copy.', notFound: false };
  // the service asked Shopdesk to wait: it is not asked again before then
  if (state.state === 'busy')
    return { kind: 'cache', note: 'The service asked Shopdesk to wait; showing the cached copy.', notFound: false };
  if (!target.baseUrl || !target.token) return { kind: 'cache', note: null, notFound: false };
  try {
    const { body } = await opts.http.json({ baseUrl: target.baseUrl, token: target.token }, opts.path, {
      deadlineMs: LIMITS.testDeadlineMs,
    });
    const value = opts.parse(unwrapRecord(body));
    if (value !== null) return { kind: 'live', value };
    return { kind: 'cache', note: 'The service’s answer could not be read; showing the cached copy.', notFound: false };
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    if (error.code === 'unreachable' || error.code === 'timeout') void opts.connection.check();
    if (error.code === 'not_found')
      return { kind: 'cache', note: 'The service no longer knows this record.', notFound: true };
    return { kind: 'cache', note: `${error.message} Showing the cached copy.`, notFound: false };
  }
}
