/**
 * What the per-service features (catalogue, orders, outbox) share: which service the app is pointed at, its
 * connection, and the life cycle of a cache per service.
 */
import { createHash } from 'node:crypto';
import { AppFailure } from '../../../../shared/errors';
import type { ServiceConnection } from '../http/client';
import type { ConnectionTarget } from '../connection/state';

const READY: Promise<void> = Promise.resolve();

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

/** What a per-service cache gives its life cycle: stop its work, wait for it to unwind, close its files. */
export interface ServiceCache {
  /** Tells work under way (a pass, a refresh) to stop. */
  stop(): void;
  /** Resolves once no work of the cache is under way. */
  idle(): Promise<void>;
  /** Closes its files (only once idle). */
  close(): void;
}

/**
 * The caches of one feature, one per service: the cache of the service now configured is opened on first use; one of a
 * service no longer configured is retired (its work stopped, then closed once that has unwound); after close() nothing
 * opens again, and close() resolves only when every cache, retired ones included, is closed.
 */
export class ServiceCaches<T extends ServiceCache> {
  private current: { key: string; cache: T } | null = null;
  private closed = false;
  /** Caches being retired, closing once their work has unwound. */
  private retiring: Promise<unknown> = Promise.resolve();
  /** The service each cache is for. */
  private readonly keys = new WeakMap<T, string>();
  /** Retirements under way, by service: that service's cache opens again only once its old one has let go. */
  private readonly leaving = new Map<string, Promise<void>>();

  /** Services whose files have been made ready to open (prepare), and those being made ready now. */
  private readonly prepared = new Map<string, Promise<void>>();

  constructor(
    private readonly target: () => Promise<ConnectionTarget>,
    /** Opens the cache of the service `key`. */
    private readonly openFor: (key: string) => T,
    /**
     * Makes the files of the service `key` ready before its cache first opens (an earlier version's cache upgraded on
     * another thread); once per service and run, never failing. close() and release() wait for one under way.
     */
    private readonly prepare?: (key: string) => Promise<void>,
  ) {}

  /** The cache of the service now configured (opened on first use); null with no service, or once closed. */
  async open(): Promise<T | null> {
    const key = cacheKey(await this.target());
    if (key === null || this.closed) return null;
    if (this.current?.key === key) return this.current.cache;
    // its old cache is still closing (a damaged one, to be moved aside): opening the file meanwhile would hold the very
    // file that is about to move, and its data would go with it
    const leaving = this.leaving.get(key);
    if (leaving) {
      await leaving;
      return this.open();
    }
    const preparing = this.prepareFor(key);
    if (preparing) {
      await preparing;
      return this.open();
    }
    if (this.current) void this.retire(this.current.cache);
    const cache = this.openFor(key);
    this.current = { key, cache };
    this.keys.set(cache, key);
    return cache;
  }

  /** What is left to wait for before the cache of `key` may open (null: nothing; it is ready). */
  private prepareFor(key: string): Promise<void> | null {
    if (!this.prepare) return null;
    const started = this.prepared.get(key);
    if (started === READY) return null;
    if (started) return started;
    const done = this.prepare(key)
      .catch(() => undefined)
      .then(() => void this.prepared.set(key, READY));
    this.prepared.set(key, done);
    // the files are in use until it ends: closing or releasing (to erase them) waits for it, as for a closing cache
    this.retiring = Promise.all([this.retiring, done]);
    return done;
  }

  /** The cache open now, if any (never opens one). */
  peek(): T | null {
    return this.current?.cache ?? null;
  }

  isClosed(): boolean {
    return this.closed;
  }

  /**
   * Stops `cache` and closes it once its work has unwound; the next open() opens afresh. `then` runs after it is closed
   * (moving a damaged file aside, say). Resolves when all that is done.
   */
  retire(cache: T, then?: () => void): Promise<void> {
    if (this.current?.cache === cache) this.current = null;
    cache.stop();
    const done = cache.idle().then(() => {
      cache.close();
      then?.();
    });
    const settled = done.catch(() => undefined);
    this.retiring = Promise.all([this.retiring, settled]);
    const key = this.keys.get(cache);
    if (key !== undefined) {
      const before = this.leaving.get(key);
      const all = before ? Promise.all([before, settled]).then(() => undefined) : settled;
      this.leaving.set(key, all);
      void all.then(() => {
        if (this.leaving.get(key) === all) this.leaving.delete(key);
      });
    }
    return done;
  }

  /**
   * Closes the cache open now and waits for those of other services still being retired (their work stopped and
   * unwound first), so the files of every service can go; resolves once all are closed. Opens again on the next open().
   */
  async release(): Promise<void> {
    if (this.current) void this.retire(this.current.cache);
    for (let waited: unknown = null; waited !== this.retiring;) {
      waited = this.retiring;
      await waited;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.current) void this.retire(this.current.cache);
    // a cache retired meanwhile (a damaged one, say) is waited for too
    for (let waited: unknown = null; waited !== this.retiring;) {
      waited = this.retiring;
      await waited;
    }
  }
}

/** The error of every action that needs a service when none is set up. */
export const notConfigured = (): AppFailure => new AppFailure('not_configured', 'Set up the service connection first.');
