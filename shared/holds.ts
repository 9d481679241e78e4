/**
 * Issue #30.1, orders on hold: drafts parked under a name while the next customer is served. Which drafts are on hold
 * and in what order, the Alt+1…9 key a new one gets, and the limit. Read by the wizard, the frame and the quit guard.
 */
import type { Draft, DraftData } from './domain';

/** How many orders may wait on hold at once; holding one more says so instead. */
export const MAX_HELD = 100;
/** Keys Alt+1 … Alt+9. */
export const HOLD_KEYS = 9;

export type HeldDraft = Draft & { data: DraftData & { onHold: NonNullable<DraftData['onHold']> } };

export const isHeld = (draft: Draft): draft is HeldDraft => draft.data.onHold !== undefined;

/** The drafts on hold: those with a key first, by key, then the others oldest first. */
export function heldOrders(drafts: readonly Draft[]): HeldDraft[] {
  return drafts.filter(isHeld).sort((a, b) => {
    const sa = a.data.onHold.slot ?? Infinity;
    const sb = b.data.onHold.slot ?? Infinity;
    return sa !== sb ? sa - sb : a.data.onHold.at - b.data.onHold.at;
  });
}

/** The lowest key 1…9 no order on hold has (a key stays with its order while it waits); null when all nine are taken. */
export function freeSlot(held: readonly Draft[]): number | null {
  const taken = new Set(held.flatMap((d) => (d.data.onHold?.slot ? [d.data.onHold.slot] : [])));
  for (let slot = 1; slot <= HOLD_KEYS; slot++) if (!taken.has(slot)) return slot;
  return null;
}

/** The held order Alt+`slot` brings back. */
export const heldBySlot = (drafts: readonly Draft[], slot: number): HeldDraft | undefined =>
  drafts.filter(isHeld).find((d) => d.data.onHold.slot === slot);

/**
 * A name no order on hold has yet: the suggestion itself, or it with " (2)", " (3)" … (two orders put on hold in the
 * same minute without a customer were both offered "Order of 14:05", and their chips could not be told apart).
 */
export function unusedHoldName(suggestion: string, held: readonly Draft[]): string {
  const taken = new Set(held.flatMap((d) => (d.data.onHold ? [d.data.onHold.name.trim().toLocaleLowerCase()] : [])));
  if (!taken.has(suggestion.toLocaleLowerCase())) return suggestion;
  for (let n = 2; ; n++) {
    const name = `${suggestion} (${n})`;
    if (!taken.has(name.toLocaleLowerCase())) return name;
  }
}
