/**
 * The screen preferences are saved one at a time, the newest last (the favourites e2e read [b, a] after c was pinned:
 * a save still on its way). The browser host may handle two requests in any order, so two saves in flight could leave
 * the older one kept; now a change made while one is on its way waits, and only the newest of those is sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import type { UiPrefs } from '../../../shared/contract';
import { DEFAULT_UI } from '../../../shared/ui-defaults';

const sent: UiPrefs[] = [];
const answers: { resolve: () => void; reject: (e: Error) => void }[] = [];
/** Reads of main's copy (ui:get) on their way: answered by the test. */
const reads: ((ui: UiPrefs) => void)[] = [];
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn((channel: string, request: UiPrefs) => {
    if (channel === 'ui:get') return new Promise<UiPrefs>((resolve) => reads.push(resolve));
    sent.push(request);
    return new Promise<UiPrefs>((resolve, reject) => {
      answers.push({ resolve: () => resolve(request), reject });
    });
  }),
}));
const { uiSlice } = await import('../../../renderer/src/store/ui');

const store = () => create(uiSlice);
const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  sent.length = 0;
  answers.length = 0;
  reads.length = 0;
});

describe('saving the screen preferences', () => {
  it('shows a change at once and saves it', async () => {
    const s = store();
    s.getState().setUi({ favourites: [2] });
    expect(s.getState().ui.favourites).toEqual([2]);
    expect(sent.map((u) => u.favourites)).toEqual([[2]]);
    answers[0]!.resolve();
    await tick();
    expect(sent).toHaveLength(1);
  });

  it('sends a change made during a save after it, and only the newest of several', async () => {
    const s = store();
    s.getState().setUi({ favourites: [2] });
    s.getState().setUi({ favourites: [2, 1] });
    s.getState().setUi({ favourites: [2, 1, 4] });
    expect(s.getState().ui.favourites).toEqual([2, 1, 4]);
    expect(sent.map((u) => u.favourites)).toEqual([[2]]); // one on its way at a time
    answers[0]!.resolve();
    await tick();
    expect(sent.map((u) => u.favourites)).toEqual([[2], [2, 1, 4]]);
    answers[1]!.resolve();
    await tick();
    expect(sent).toHaveLength(2);
  });

  it('a read of main’s copy answered after a change made meanwhile does not take the change back (a reconnect’s read)', async () => {
    const s = store();
    const before = { ...DEFAULT_UI, favourites: [1] };
    const load = s.getState().loadUi(); // the browser host's events reconnected: everything is read again
    s.getState().setUi({ favourites: [1, 9] }); // staff change something while that read is on its way
    reads[0]!(before); // main answers with its copy from before the change (handled before the save)
    await load;
    expect(s.getState().ui.favourites).toEqual([1, 9]);
    expect(s.getState().uiLoaded).toBe(true);
    // and nothing sends the older copy to main afterwards: the next change carries the newest whole
    answers[0]!.resolve();
    await tick();
    s.getState().setUi({ sidebarCollapsed: !DEFAULT_UI.sidebarCollapsed });
    expect(sent.at(-1)).toMatchObject({ favourites: [1, 9] });
    // a read with no change meanwhile is taken as it comes
    const again = s.getState().loadUi();
    reads[1]!({ ...DEFAULT_UI, favourites: [3] });
    await again;
    expect(s.getState().ui.favourites).toEqual([3]);
  });

  it('goes on with the newest change after a failed save, and saves again at the next change', async () => {
    const s = store();
    s.getState().setUi({ favourites: [7] });
    s.getState().setUi({ sidebarCollapsed: !DEFAULT_UI.sidebarCollapsed });
    answers[0]!.reject(new Error('host gone'));
    await tick();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ favourites: [7], sidebarCollapsed: !DEFAULT_UI.sidebarCollapsed });
    answers[1]!.reject(new Error('host gone'));
    await tick();
    s.getState().setUi({ favourites: [7, 8] });
    expect(sent).toHaveLength(3);
    expect(sent[2]!.favourites).toEqual([7, 8]);
  });
});
