/** What the screens remember between runs (sidebar, summary, columns, saved views): kept by main, applied here at once. */
import type { StateCreator } from 'zustand';
import type { UiPrefs } from '../../../shared/contract';
import { DEFAULT_UI } from '../../../shared/ui-defaults';
import { call } from '../bridge';

export interface UiSlice {
  ui: UiPrefs;
  /** False until main's copy has been read (the defaults show meanwhile). */
  uiLoaded: boolean;
  /** True once the first read of main's copy has answered or failed: the language can be chosen then. */
  uiRead: boolean;
  loadUi(): Promise<void>;
  /**
   * Applies the change at once and keeps it; a failed save is retried with the next change. Saves go one at a time,
   * the newest last: the browser host's requests may be handled in any order, and an older save handled after a newer
   * one would have put back a pin or a column staff had just changed.
   */
  setUi(patch: Partial<UiPrefs>): void;
}

export const uiSlice: StateCreator<UiSlice, [], [], UiSlice> = (set, get) => {
  /** The newest preferences not yet handed to main, and whether a save is on its way. */
  let waiting: UiPrefs | null = null;
  let saving = false;
  /**
   * Changes made here so far. A read of main's copy answered after a change made while it was on its way (a reconnect
   * reads everything again) is older than what is shown: taken, it put back what staff had just changed, and the next
   * change would have saved that older copy. The change's own save carries the newest whole, so such a read is dropped.
   */
  let changes = 0;
  const save = async (): Promise<void> => {
    saving = true;
    while (waiting) {
      const ui = waiting;
      waiting = null;
      await call('ui:set', ui).catch(() => undefined);
    }
    saving = false;
  };
  return {
    ui: DEFAULT_UI,
    uiLoaded: false,
    uiRead: false,
    loadUi: async () => {
      const asked = changes;
      try {
        const ui = await call('ui:get', {});
        set(changes === asked ? { ui, uiLoaded: true, uiRead: true } : { uiLoaded: true, uiRead: true });
      } catch (error) {
        set({ uiRead: true });
        throw error;
      }
    },
    setUi: (patch) => {
      const ui = { ...get().ui, ...patch };
      changes += 1;
      set({ ui });
      waiting = ui;
      if (!saving) void save();
    },
  };
};

/**
 * Searching lists matches in the index's own order (instant at any size) until a column is chosen; clearing the
 * search brings back the order the list had before. Shared by the order and stock lists.
 */
export function searchSortPatch<Q extends { text: string; sort: string; dir: 'asc' | 'desc' }>(
  query: Q,
  browse: Pick<Q, 'sort' | 'dir'>,
  text: string,
  searchOrder: Pick<Q, 'sort' | 'dir'>,
): { query: Q; browse: Pick<Q, 'sort' | 'dir'> } | null {
  if (query.text === text) return null;
  if (!query.text.trim() && text.trim())
    return { browse: { sort: query.sort, dir: query.dir }, query: { ...query, text, ...searchOrder } };
  if (query.text.trim() && !text.trim()) return { browse, query: { ...query, text, ...browse } };
  return { browse, query: { ...query, text } };
}
