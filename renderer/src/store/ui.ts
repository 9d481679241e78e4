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
  /** Applies the change at once and keeps it; a failed save is retried with the next change. */
  setUi(patch: Partial<UiPrefs>): void;
}

export const uiSlice: StateCreator<UiSlice, [], [], UiSlice> = (set, get) => ({
  ui: DEFAULT_UI,
  uiLoaded: false,
  uiRead: false,
  loadUi: async () => {
    try {
      set({ ui: await call('ui:get', {}), uiLoaded: true, uiRead: true });
    } catch (error) {
      set({ uiRead: true });
      throw error;
    }
  },
  setUi: (patch) => {
    const ui = { ...get().ui, ...patch };
    set({ ui });
    void call('ui:set', ui).catch(() => undefined);
  },
});

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
