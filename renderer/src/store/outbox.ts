/** Outbox slice: every order entered here that has not been discarded, with its state; refreshed when main says so. */
import type { StateCreator } from 'zustand';
import type { OutboxEntry } from '../../../shared/domain';
import { latestWins } from '../../../shared/latest';
import { call } from '../bridge';

export interface OutboxSlice {
  outbox: OutboxEntry[];
  /** True once the list has been read from main (before that, an empty list means nothing). */
  outboxLoaded: boolean;
  unsent: number;
  /** Outbox or drafts files set aside at start (damage or a lost key): kept, and shown on the Outbox screen. */
  setAside: { store: 'outbox' | 'drafts'; file: string }[];
  loadOutbox(): Promise<void>;
}

/**
 * The outbox slice. Reads overlap (every change main announces starts one) and their answers can come back in any
 * order: only the read started last is kept, so an older list cannot bring back an entry staff just discarded (or the
 * paused bar for it).
 */
export const outboxSlice: StateCreator<OutboxSlice, [], [], OutboxSlice> = (set) => ({
  outbox: [],
  outboxLoaded: false,
  unsent: 0,
  setAside: [],
  loadOutbox: latestWins(
    () => call('outbox:list', {}),
    ({ entries, unsent, setAside }) => set({ outbox: entries, unsent, setAside, outboxLoaded: true }),
  ),
});
