/** One record read fresh from the service when it can be; otherwise why the cached copy is shown instead. */
import type { ReadWhy } from '../../../../shared/contract';
import type { ConnectionMonitor, ConnectionTarget } from '../connection';
import { LIMITS } from '../limits';
import { ApiFailure, type ServiceHttp } from './http';
import { unwrapRecord } from './products';

export type LiveRead<T> =
  | { kind: 'live'; value: T }
  /** note: English, for the log; why: the same as a code for the screen (issue #18). */
  | { kind: 'cache'; note: string | null; why: ReadWhy | null; notFound: boolean };

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
  if (state.state === 'offline')
    return { kind: 'cache', note: 'Offline: showing the cached copy.', why: { code: 'offline' }, notFound: false };
  // the service asked Shopdesk to wait: it is not asked again before then
  if (state.state === 'busy')
    return {
      kind: 'cache',
      note: 'The service asked Shopdesk to wait; showing the cached copy.',
      why: { code: 'busy' },
      notFound: false,
    };
  if (!target.baseUrl || !target.token) return { kind: 'cache', note: null, why: null, notFound: false };
  try {
    const { body } = await opts.http.json({ baseUrl: target.baseUrl, token: target.token }, opts.path, {
      deadlineMs: LIMITS.testDeadlineMs,
    });
    const value = opts.parse(unwrapRecord(body));
    if (value !== null) return { kind: 'live', value };
    return {
      kind: 'cache',
      note: 'The service’s answer could not be read; showing the cached copy.',
      why: { code: 'unreadable' },
      notFound: false,
    };
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    if (error.code === 'unreachable' || error.code === 'timeout') void opts.connection.check();
    if (error.code === 'not_found')
      return { kind: 'cache', note: 'The service no longer knows this record.', why: { code: 'gone' }, notFound: true };
    const { code, facts } = error.toError();
    return {
      kind: 'cache',
      note: `${error.message} Showing the cached copy.`,
      why: { code: 'failed', error: { code, ...(facts ? { facts } : {}) } },
      notFound: false,
    };
  }
}
