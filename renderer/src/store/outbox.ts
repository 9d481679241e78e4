/** Outbox slice: every order entered here that has not been discarded, with its state; refreshed when main says so. */
import type { StateCreator } from 'zustand';
import type { OutboxEntry } from '../../../shared/domain';
import { call } from '../bridge';

export interface OutboxSlice {
  outbox: OutboxEntry[];
  /** True once the list has been read from main (before that, an empty list means nothing). */
  outboxLoaded: boolean;
  unsent: number;
  loadOutbox(): Promise<void>;
}

export const outboxSlice: StateCreator<OutboxSlice, [], [], OutboxSlice> = (set) => ({
  outbox: [],
  outboxLoaded: false,
  unsent: 0,
  loadOutbox: async () => {
    const { entries, unsent } = await call('outbox:list', {});
    set({ outbox: entries, unsent, outboxLoaded: true });
  },
});
