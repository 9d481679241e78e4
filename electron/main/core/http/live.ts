/** One record read fresh from the service when it can be; otherwise why the cached copy is shown instead. */
import type { ReadWhy } from '../../../../shared/contract';
import { AppFailure } from '../../../../shared/errors';
import type { ConnectionMonitor, ConnectionTarget } from '../connection/state';
import { LIMITS } from '../limits';
import { redact } from '../redact';
import { ApiFailure, type ServiceHttp } from './client';
import { unwrapRecord } from './fields';

export type LiveRead<T> =
  | { kind: 'live'; value: T }
  /**
   * why: why the cached copy is shown, as a code for the screen (issues #18, #28.5; the log has its own line). refusal: the service answered
   * this read with an error status of its own (401, 403, 404, 410, 422, 429, 5xx), kept to the screen (issue #26)
   * as its own code: shown beside the cached copy, or instead of it when there is none (`refusedRead`).
   */
  | { kind: 'cache'; why: ReadWhy | null; notFound: boolean; refusal: ApiFailure | null };

export type RecordKind = 'order' | 'product';

export interface LiveReadOptions<T> {
  http: ServiceHttp;
  connection: ConnectionMonitor;
  target: ConnectionTarget;
  path: string;
  /** What is read, for the log line and the screen's words. */
  record: RecordKind;
  id: number;
  /** The log (status and the service's message, redacted); a read that fails is written there. */
  warn?: (line: string) => void;
  /** The record from the (unwrapped) body, or null when it is not the one asked for. */
  parse: (record: unknown) => T | null;
}

export async function readLive<T>(opts: LiveReadOptions<T>): Promise<LiveRead<T>> {
  const { target } = opts;
  const state = opts.connection.current();
  if (state.state === 'offline')
    return {
      kind: 'cache',
      why: { code: 'offline' },
      notFound: false,
      refusal: null,
    };
  // the service asked Shopdesk to wait: it is not asked again before then
  if (state.state === 'busy')
    return {
      kind: 'cache',
      why: { code: 'busy' },
      notFound: false,
      refusal: null,
    };
  if (!target.baseUrl || !target.token) return { kind: 'cache', why: null, notFound: false, refusal: null };
  try {
    const { body } = await opts.http.json({ baseUrl: target.baseUrl, token: target.token }, opts.path, {
      deadlineMs: LIMITS.testDeadlineMs,
    });
    const value = opts.parse(unwrapRecord(body));
    if (value !== null) return { kind: 'live', value };
    opts.warn?.(`${opts.record} ${opts.id}: the service's answer could not be read as this ${opts.record}`);
    return {
      kind: 'cache',
      why: { code: 'unreadable' },
      notFound: false,
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    if (error.code === 'unreachable' || error.code === 'timeout') void opts.connection.check();
    opts.warn?.(logLine(opts.record, opts.id, error, target.token));
    const refusal = error.detail.status !== undefined && REFUSALS.has(error.code) ? error : null;
    const { code, facts } = error.toError();
    const failed = { code, ...(facts ? { facts } : {}) };
    if (error.code === 'not_found')
      return {
        kind: 'cache',
        why: { code: 'gone', error: failed },
        notFound: true,
        refusal,
      };
    return {
      kind: 'cache',
      why: { code: 'failed', error: failed },
      // 410: the service says the record was removed; a product is delisted as for a 404
      notFound: error.code === 'gone',
      refusal,
    };
  }
}

/** The codes of an answer with an error status: each keeps its meaning to the screen. */
const REFUSALS: ReadonlySet<string> = new Set([
  'unauthorized',
  'forbidden',
  'not_found',
  'gone',
  'validation',
  'rate_limited',
  'server_error',
  'bad_response',
]);

/** One line for the log: the status, the code and the service's own message, redacted. */
function logLine(record: RecordKind, id: number, error: ApiFailure, token: string | null): string {
  const said = error.detail.facts?.serviceMessage;
  const status = error.detail.status !== undefined ? `the service answered ${error.detail.status}` : 'no answer';
  return redact(
    `${record} ${id} read live failed: ${status} (${error.code})${typeof said === 'string' ? `: “${said}”` : ''}` +
      ` — ${error.message}`,
    [token],
    600,
  );
}

/**
 * The service refused a record there is no copy of on this computer: its refusal, as its own code with the record
 * named (`what`, `where: 'service'`), instead of "not in the local copy".
 */
export function refusedRead(refusal: ApiFailure, record: RecordKind): AppFailure {
  const { code, message, fields, facts } = refusal.toError();
  return new AppFailure(code, message, fields, { ...facts, what: record, where: 'service' });
}

/** One record as a screen gets it: the copy (fresh or cached), where it came from and, for a cached one, why. */
export interface RecordRead<C> {
  copy: C;
  source: 'live' | 'cache';
  why: ReadWhy | null;
  /** The service said it does not have the record (404) or removed it (410): the copy is this computer's only. */
  missing: boolean;
}

/**
 * One record for a screen, the same way for an order and a product (issue #28, D3: each did it by hand): the cached
 * copy alone when only that is asked for; otherwise read fresh from the service and kept, or the cached copy with why
 * it is shown instead. With no copy on this computer: the service's own refusal when it gave one, or "not found"
 * naming the record and where it was looked for.
 */
export async function readThrough<T, C>(
  opts: LiveReadOptions<T> & {
    /** Only this computer's copy (a screen that must not wait for the service). */
    cacheOnly?: boolean;
    /** This computer's copy, or null. */
    cached: () => C | null | Promise<C | null>;
    /** Keeps a record read fresh and gives the copy it became. */
    keep: (fresh: T) => C | Promise<C>;
    /** The service says it does not have the record (before the cached copy is read). */
    gone?: () => void;
  },
): Promise<RecordRead<C>> {
  const missingHere = (where: 'local' | 'service'): AppFailure =>
    new AppFailure(
      'not_found',
      `No ${opts.record} ${opts.id} ${where === 'local' ? 'on this computer' : 'on the service'}`,
      undefined,
      {
        what: opts.record,
        where,
      },
    );
  if (opts.cacheOnly) {
    const copy = await opts.cached();
    if (copy === null) throw missingHere('local');
    return { copy, source: 'cache', why: null, missing: false };
  }
  const read = await readLive(opts);
  if (read.kind === 'live') return { copy: await opts.keep(read.value), source: 'live', why: null, missing: false };
  if (read.notFound) opts.gone?.();
  const copy = await opts.cached();
  if (copy === null) {
    // the service's own refusal (a 403 is "refused access to this order"), not "not on this computer"
    if (read.refusal) throw refusedRead(read.refusal, opts.record);
    throw missingHere(read.notFound ? 'service' : 'local');
  }
  return { copy, source: 'cache', why: read.why, missing: read.notFound };
}
