/**
 * The favourites grid's keys (#30.2): the arrows, Home and End move between tiles, Alt+←/→ move a pinned tile, Escape
 * (or ↑ from the first row) goes back to "Find a product", and 1–9 add the first nine tiles. A digit that is the start
 * of a scanner's code is never taken for a tile: a tile key counts only when no other key follows it within the
 * scanner's pace.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { scanKeyMayBeTaken } from '../../components/useScanner';
import { useStore } from '../../store';
import { tileOfKey } from './favourites';

/**
 * A scanner's pause between two of its keys: the default (100 ms), or the one Settings → Scanner learned for a slower
 * scanner (#29.2), so that scanner's second digit is not taken for a person's next key either.
 */
const scannerGap = (): number => useStore.getState().ui.scanner.gapMs;

/**
 * How long a tile key waits for a scanner's next key before its tile is added: a scanner's pause (told by the keys'
 * own times, as the scanner's reader tells it) and room for a busy computer to hand that key over late (with only the
 * pause of the clock, a scan's second key handed over 100 ms late added the tile of its first digit).
 */
const tileWait = (): number => scannerGap() + 150;

const MODIFIER_KEYS = new Set(['Shift', 'CapsLock', 'NumLock', 'Control', 'Alt', 'AltGraph', 'Meta']);

export const tileSelector = (i: number): string => `[data-fav-index="${i}"]`;

export function useFavouriteKeys({
  rows,
  pinned,
  pins,
  move,
  onAdd,
  backTo,
  gridRef,
}: {
  rows: ProductRow[];
  pinned: boolean;
  pins: number[];
  move: (from: number, to: number) => void;
  onAdd: (row: ProductRow) => void;
  backTo: RefObject<HTMLInputElement | null>;
  gridRef: RefObject<HTMLUListElement | null>;
}): (event: KeyboardEvent<HTMLUListElement>) => void {
  /** A tile key waiting to be sure it is not the first digit of a scan (`add` adds its tile). */
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; at: number; add: () => void } | null>(null);
  /**
   * When the character key before the one being handled was pressed (a scanner's keys come a few milliseconds apart);
   * -Infinity after a key no scanner sends inside a code.
   */
  const keyBefore = useRef(0);
  const lastKeyAt = useRef(0);

  // any key soon after a tile key means a scanner is typing: the tile key is not one
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      const at = event.timeStamp || performance.now();
      const pending = waiting.current;
      if (pending && at !== pending.at) {
        clearTimeout(pending.timer);
        waiting.current = null;
        // by the keys' own times: one within a scanner's pause means the tile key began a scan (no tile), a later one
        // that it was a tile key (added now, before this key is handled)
        if (at - pending.at >= scannerGap()) pending.add();
      }
      // Shift and the like come with a character, a scanner's too: neither one of its keys nor a break in them
      if (MODIFIER_KEYS.has(event.key)) return;
      keyBefore.current = lastKeyAt.current;
      // an arrow or a shortcut (Alt+→ just before 1) is no scanner's key: the key after it starts afresh
      const character = event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey;
      lastKeyAt.current = character ? at : Number.NEGATIVE_INFINITY;
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      if (waiting.current) clearTimeout(waiting.current.timer);
    };
  }, []);

  const focusTile = (i: number): void => {
    const at = Math.max(0, Math.min(rows.length - 1, i));
    gridRef.current?.querySelector<HTMLElement>(tileSelector(at))?.focus();
  };
  const columns = (): number => {
    const grid = gridRef.current;
    if (!grid) return 1;
    return Math.max(1, getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    const target = event.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>('[data-fav-tile]')?.dataset.favTile ?? -1);
    if (index < 0) return;
    const tile = tileOfKey(event.key);
    if (tile !== null && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      const at = event.timeStamp || performance.now();
      if (at - keyBefore.current < scannerGap()) return; // inside a scanner's burst
      const row = rows[tile];
      if (!row) return;
      // the scanner's reader keeps the key from the next code unless a scanner's key follows it at once
      scanKeyMayBeTaken();
      if (waiting.current) clearTimeout(waiting.current.timer);
      waiting.current = {
        at,
        add: () => onAdd(row),
        timer: setTimeout(() => {
          waiting.current = null;
          onAdd(row);
        }, tileWait()),
      };
      return;
    }
    const cols = columns();
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      ArrowDown: index + cols,
      ArrowUp: index - cols,
      Home: 0,
      End: rows.length - 1,
    };
    if (event.altKey && pinned && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      const to = index + (event.key === 'ArrowLeft' ? -1 : 1);
      const id = rows[index]!.id;
      const from = pins.indexOf(id);
      const target = pins.indexOf(rows[Math.max(0, Math.min(rows.length - 1, to))]!.id);
      if (from >= 0 && target >= 0) {
        move(from, target);
        // the moved tile keeps the focus in its new place
        requestAnimationFrame(() => gridRef.current?.querySelector<HTMLElement>(`[data-fav-id="${id}"]`)?.focus());
      }
      return;
    }
    if (event.key === 'Escape' || (event.key === 'ArrowUp' && index < cols)) {
      event.preventDefault();
      backTo.current?.focus();
      return;
    }
    if (event.key in moves && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      focusTile(moves[event.key]!);
    }
  };
  return onKeyDown;
}
