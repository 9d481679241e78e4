/**
 * Issue #30.2: the products pinned to the Items step's favourites grid, kept per computer in the screen preferences
 * (ui:set favourites), in the order staff put them. Pure list changes here; the grid and the pin buttons call them.
 */
export const MAX_FAVOURITES = 24;
/** Keys 1…9 on the grid add the first nine. */
export const FAVOURITE_KEYS = 9;

export type PinOutcome = 'pinned' | 'unpinned' | 'full';

/** Pins a product at the end, or unpins it; a 25th is refused (the list is unchanged). */
export function togglePin(pins: readonly number[], id: number): { pins: number[]; outcome: PinOutcome } {
  if (pins.includes(id)) return { pins: pins.filter((p) => p !== id), outcome: 'unpinned' };
  if (pins.length >= MAX_FAVOURITES) return { pins: [...pins], outcome: 'full' };
  return { pins: [...pins, id], outcome: 'pinned' };
}

/** Moves the pin at `from` to `to` (clamped), the others keeping their order. */
export function movePin(pins: readonly number[], from: number, to: number): number[] {
  const out = [...pins];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [moved] = out.splice(from, 1);
  out.splice(target, 0, moved!);
  return out;
}

/** The tile keys 1…9 stand for, or null for any other key. */
export function tileOfKey(key: string): number | null {
  return /^[1-9]$/.test(key) && Number(key) <= FAVOURITE_KEYS ? Number(key) - 1 : null;
}
