/** Outbox slice: every order entered here that has not been discarded, with its state; refreshed when main says so. */
import type { StateCreator } from 'zustand';
import type { OutboxEntry } from '../../../shared/domain';
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

export const outboxSlice: StateCreator<OutboxSlice, [], [], OutboxSlice> = (set) => ({
  outbox: [],
  outboxLoaded: false,
  unsent: 0,
  setAside: [],
  loadOutbox: async () => {
    const { entries, unsent, setAside } = await call('outbox:list', {});
    set({ outbox: entries, unsent, setAside, outboxLoaded: true });
  },
});
