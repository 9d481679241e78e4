// @vitest-environment jsdom
/**
 * The chunks the first screen does not need (#31.2) are fetched only once that screen is shown — its list's first
 * answer has come (firstScreenShown) and painted — so their download and compiling never hold up the rows staff opened
 * the app for. A first screen without a list (welcome, settings) is waited for FIRST_SCREEN_WAIT_MS after the page's
 * load, then they come anyway.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ChunksModule from '../../../renderer/src/chunks';

type Chunks = typeof ChunksModule;

vi.mock('../../../renderer/src/i18n', () => ({
  laterWords: () => Promise.resolve(),
  t: (key: string) => key,
}));

/** A fresh copy of chunks.tsx (its prefetch starts on import) with one chunk whose loader is watched. */
async function freshChunks(): Promise<{ chunks: Chunks; load: ReturnType<typeof vi.fn> }> {
  vi.resetModules();
  const chunks = await import('../../../renderer/src/chunks');
  const load = vi.fn(() => Promise.resolve(() => null));
  chunks.chunk(load);
  return { chunks, load };
}

describe('chunks after the first screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches nothing while the first screen waits for its rows, then everything once they are shown', async () => {
    const { chunks, load } = await freshChunks();
    expect(document.readyState).toBe('complete'); // the page has loaded: only the first screen is waited for
    await vi.advanceTimersByTimeAsync(chunks.FIRST_SCREEN_WAIT_MS - 100);
    expect(load).not.toHaveBeenCalled();

    chunks.firstScreenShown();
    chunks.firstScreenShown(); // said again by a second list: no harm
    await vi.advanceTimersByTimeAsync(200); // its paint (a frame), then the idle moment
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches them anyway once the wait is over when no list says it is shown', async () => {
    const { chunks, load } = await freshChunks();
    await vi.advanceTimersByTimeAsync(chunks.FIRST_SCREEN_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
