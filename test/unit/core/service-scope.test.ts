import { describe, expect, it } from 'vitest';
import type { ConnectionTarget } from '../../../electron/main/core/connection/state';
import { ServiceCaches, type ServiceCache } from '../../../electron/main/core/storage/service-scope';

/** A cache whose work ends when told to: what it was told, in order. */
function fakeCache(key: string, log: string[]): ServiceCache & { finish(): void } {
  let finish = (): void => undefined;
  const work = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    stop: () => log.push(`stop ${key}`),
    idle: () => work.then(() => void log.push(`idle ${key}`)),
    close: () => log.push(`close ${key}`),
  };
}

describe('ServiceCaches', () => {
  it('opens the current service’s cache once, retires it on a switch after its work unwound, and close waits', async () => {
    let target: ConnectionTarget = { mode: 'service', baseUrl: 'https://a.example', token: 't' };
    const log: string[] = [];
    const made = new Map<string, ReturnType<typeof fakeCache>>();
    const caches = new ServiceCaches(
      async () => target,
      (key) => {
        const cache = fakeCache(target.baseUrl!.includes('//a.') ? 'a' : 'b', log);
        made.set(key, cache);
        return cache;
      },
    );
    const a = await caches.open();
    expect(await caches.open()).toBe(a);
    expect(made.size).toBe(1);

    target = { mode: 'service', baseUrl: 'https://b.example', token: 't' };
    const b = await caches.open();
    expect(b).not.toBe(a);
    expect(log).toEqual(['stop a']); // a's work is still unwinding: not closed yet
    [...made.values()][0]!.finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['stop a', 'idle a', 'close a']);

    let closed = false;
    const closing = caches.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(closed).toBe(false); // b's work has not ended
    expect(await caches.open()).toBeNull(); // nothing opens once closing
    [...made.values()][1]!.finish();
    await closing;
    expect(log.slice(3)).toEqual(['stop b', 'idle b', 'close b']);
  });

  it('a cache retired and reopened for the same service: the new one opens only after the old one closed and its `then` ran (a damaged file moved aside first)', async () => {
    const target: ConnectionTarget = { mode: 'service', baseUrl: 'https://a.example', token: 't' };
    const log: string[] = [];
    const made: ReturnType<typeof fakeCache>[] = [];
    const caches = new ServiceCaches(
      async () => target,
      () => {
        const cache = fakeCache(`a${made.length + 1}`, log);
        made.push(cache);
        log.push(`open a${made.length}`);
        return cache;
      },
    );
    const first = (await caches.open())!;
    const retired = caches.retire(first, () => log.push('moved aside'));
    const reopening = caches.open(); // e.g. a status read while the check's verdict is carried out
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['open a1', 'stop a1']); // not opened on the file about to move
    made[0]!.finish();
    await retired;
    const second = await reopening;
    expect(second).not.toBe(first);
    expect(log).toEqual(['open a1', 'stop a1', 'idle a1', 'close a1', 'moved aside', 'open a2']);
    expect(await caches.open()).toBe(second);
  });

  it('no service set up: no cache', async () => {
    const caches = new ServiceCaches(
      async () => ({ mode: 'unconfigured', baseUrl: null, token: null }),
      () => {
        throw new Error('not opened');
      },
    );
    expect(await caches.open()).toBeNull();
    await caches.close();
  });

  it('a cache retired by its feature (damaged) runs the follow-up once closed, and close waits for it', async () => {
    const log: string[] = [];
    let cache: ReturnType<typeof fakeCache> | null = null;
    const caches = new ServiceCaches(
      async () => ({ mode: 'demo', baseUrl: 'http://127.0.0.1:1', token: 't' }),
      (key) => (cache = fakeCache(key, log)),
    );
    const opened = (await caches.open())!;
    const retired = caches.retire(opened, () => log.push('moved aside'));
    const closing = caches.close();
    cache!.finish();
    await Promise.all([retired, closing]);
    expect(log).toEqual(['stop demo', 'idle demo', 'close demo', 'moved aside']);
  });
});
