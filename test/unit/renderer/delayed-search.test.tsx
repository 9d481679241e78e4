// @vitest-environment jsdom
/**
 * useDelayedSearch, the wizard's search as you type (customer search, product picker), with fake timers: nothing goes
 * out before the pause, typing within it starts the pause again, the text goes out trimmed and blank text not at all,
 * a new revision searches again, and an answer or a failure for text that has since changed is dropped. Its options
 * (as the palette sets them): a pause of its own, and a shortest text that is searched.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, useDelayedSearch } from '../../../renderer/src/components/useDelayedSearch';

/** A search whose answers the test hands back, one by one, in any order. */
function searches() {
  const pending = new Map<string, { resolve: (answer: string) => void; reject: (e: unknown) => void }>();
  const search = vi.fn(
    (query: string) =>
      new Promise<string>((resolve, reject) => {
        pending.set(query, { resolve, reject });
      }),
  );
  return { search, pending };
}

function setup(text: string, revision = 0, options: { delayMs?: number; minLength?: number } = {}) {
  const { search, pending } = searches();
  const onAnswer = vi.fn();
  const onError = vi.fn();
  const hook = renderHook(
    (props: { text: string; revision: number }) =>
      useDelayedSearch({ ...props, search, onAnswer, onError, ...options }),
    { initialProps: { text, revision } },
  );
  return { hook, search, pending, onAnswer, onError };
}

const wait = (ms: number): void =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDelayedSearch', () => {
  it('searches the trimmed text once typing has paused for the delay, not before', async () => {
    const { search, pending, onAnswer } = setup('  Ann ');
    wait(SEARCH_DELAY_MS - 1);
    expect(search).not.toHaveBeenCalled();
    wait(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('Ann');
    await act(async () => pending.get('Ann')!.resolve('answer for Ann'));
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('Ann', 'answer for Ann');
  });

  it('typing again within the delay starts it again: one search, for the last text', () => {
    const { hook, search } = setup('A');
    wait(SEARCH_DELAY_MS - 10);
    hook.rerender({ text: 'An', revision: 0 });
    wait(SEARCH_DELAY_MS - 10);
    hook.rerender({ text: 'Ann', revision: 0 });
    wait(SEARCH_DELAY_MS - 1);
    expect(search).not.toHaveBeenCalled();
    wait(1);
    expect(search.mock.calls).toEqual([['Ann']]);
  });

  it('blank text is not searched', () => {
    const { search } = setup('   ');
    wait(SEARCH_DELAY_MS * 10);
    expect(search).not.toHaveBeenCalled();
  });

  it('an answer that comes back after the text changed is dropped; the one for the new text is kept', async () => {
    const { hook, search, pending, onAnswer } = setup('An');
    wait(SEARCH_DELAY_MS);
    hook.rerender({ text: 'Ann', revision: 0 });
    wait(SEARCH_DELAY_MS);
    expect(search.mock.calls).toEqual([['An'], ['Ann']]);
    // the newer answer first, then the older one late
    await act(async () => pending.get('Ann')!.resolve('answer for Ann'));
    await act(async () => pending.get('An')!.resolve('answer for An'));
    expect(onAnswer.mock.calls).toEqual([['Ann', 'answer for Ann']]);
  });

  it('an answer still in flight when the text is cleared is dropped', async () => {
    const { hook, pending, onAnswer } = setup('Ann');
    wait(SEARCH_DELAY_MS);
    hook.rerender({ text: '', revision: 0 });
    await act(async () => pending.get('Ann')!.resolve('answer for Ann'));
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('a failure is told while its text is current, dropped once it is not', async () => {
    const { hook, pending, onError } = setup('An');
    wait(SEARCH_DELAY_MS);
    hook.rerender({ text: 'Ann', revision: 0 });
    wait(SEARCH_DELAY_MS);
    await act(async () => pending.get('An')!.reject(new Error('late')));
    expect(onError).not.toHaveBeenCalled();
    const failure = new Error('now');
    await act(async () => pending.get('Ann')!.reject(failure));
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);
  });

  it('a new revision searches the same text again, after the delay', () => {
    const { hook, search } = setup('Ann', 1);
    wait(SEARCH_DELAY_MS);
    hook.rerender({ text: 'Ann', revision: 2 });
    wait(SEARCH_DELAY_MS - 1);
    expect(search).toHaveBeenCalledTimes(1);
    wait(1);
    expect(search.mock.calls).toEqual([['Ann'], ['Ann']]);
  });
});

describe('useDelayedSearch’s options', () => {
  it('delayMs: the search goes out once typing has paused that long, not after the default pause', () => {
    const { hook, search } = setup('Ann', 0, { delayMs: 100 });
    wait(SEARCH_DELAY_MS);
    expect(search).not.toHaveBeenCalled();
    hook.rerender({ text: 'Anna', revision: 0 });
    wait(99);
    expect(search).not.toHaveBeenCalled();
    wait(1);
    expect(search.mock.calls).toEqual([['Anna']]);
  });

  it('minLength: trimmed text shorter than it is not searched; text as long is', () => {
    const { hook, search } = setup(' A ', 0, { minLength: 2 });
    wait(SEARCH_DELAY_MS * 10);
    expect(search).not.toHaveBeenCalled();
    hook.rerender({ text: ' An ', revision: 0 });
    wait(SEARCH_DELAY_MS);
    expect(search.mock.calls).toEqual([['An']]);
  });

  it('minLength: an answer in flight when the text is cut below it is dropped', async () => {
    const { hook, search, pending, onAnswer } = setup('An', 0, { minLength: 2 });
    wait(SEARCH_DELAY_MS);
    hook.rerender({ text: 'A', revision: 0 });
    await act(async () => pending.get('An')!.resolve('answer for An'));
    wait(SEARCH_DELAY_MS * 10);
    expect(search.mock.calls).toEqual([['An']]);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
