/**
 * Issue #30.2, the favourites grid on the Items step, after the lines (so it never pushes them out of view): up to 24
 * tiles with name, price and stock, of the products staff pinned (from the picker with Ctrl/Cmd+D, the product panel,
 * the palette, or a tile's pin), in their order, or until any are pinned, the most often ordered (out of stock last).
 * A click adds one. No tile is a stop for Tab: ↓ in the empty "Find a product" field goes into the grid; there the
 * arrows move, Enter adds, 1–9 add the first nine, Alt+←/→ move a pinned tile (a pinned tile can also be dragged),
 * Escape goes back to the field. A digit that is the start of a scanner's code is never taken for a tile: a tile key
 * counts only when no other key follows it within the scanner's pace.
 */
import { ActionIcon, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPin, IconPinnedFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { call } from '../../bridge';
import { scanKeyMayBeTaken } from '../../components/useScanner';
import { money } from '../../components/format';
import { MAC } from '../../components/platform';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { MAX_FAVOURITES, movePin, tileOfKey, togglePin } from './favourites';
import classes from './wizard.module.css';

export const outOfStock = (row: ProductRow): boolean => row.available !== null && row.available <= 0;

export function StockFigure({ row, size = 'sm' }: { row: ProductRow; size?: 'sm' | 'xs' }) {
  return (
    <Text size={size} c={outOfStock(row) ? 'red' : undefined} className={classes.numeric} span>
      {row.available === null
        ? t('wizard.items.stockUnknown')
        : outOfStock(row)
          ? t('wizard.stock.out')
          : t('wizard.items.inStock', { count: row.available })}
    </Text>
  );
}

/** Ctrl/Cmd+D: pin (or unpin) the product chosen in a list. */
export const pinShortcut = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean =>
  event.key.toLowerCase() === 'd' && !event.altKey && (MAC ? event.metaKey : event.ctrlKey);

/** The pins of this computer and what changes them; each change is said in a notice. */
export function usePins() {
  const pins = useStore((s) => s.ui.favourites);
  const setUi = useStore((s) => s.setUi);
  const toggle = useCallback(
    (row: Pick<ProductRow, 'id' | 'name' | 'sku'>): void => {
      const now = useStore.getState().ui.favourites;
      const { pins: next, outcome } = togglePin(now, row.id);
      const name = row.name || row.sku;
      if (outcome !== 'full') setUi({ favourites: next });
      notifications.show({
        id: `favourite-${row.id}`,
        color: outcome === 'full' ? 'orange' : 'blue',
        message:
          outcome === 'pinned'
            ? t('favourites.pinned', { name })
            : outcome === 'unpinned'
              ? t('favourites.unpinned', { name })
              : t('favourites.full', { max: MAX_FAVOURITES }),
        autoClose: 5000,
      });
    },
    [setUi],
  );
  const move = useCallback(
    (from: number, to: number): void => setUi({ favourites: movePin(useStore.getState().ui.favourites, from, to) }),
    [setUi],
  );
  return { pins, toggle, move };
}

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

const tileSelector = (i: number): string => `[data-fav-index="${i}"]`;

/** ↓ from the empty "Find a product" field: the first tile gets the focus (false when there is none). */
export function focusFirstTile(): boolean {
  const tile = document.querySelector<HTMLElement>(tileSelector(0));
  tile?.focus();
  return tile !== null;
}

/** The tiles: the pinned products as the cache has them (those gone from it left out), or the most often ordered. */
function useTiles(pins: number[]): { rows: ProductRow[]; pinned: boolean } {
  const version = useStore((s) => s.catalogueVersion);
  const ordersRevision = useStore((s) => s.orders?.revision ?? 0);
  const [tiles, setTiles] = useState<{ rows: ProductRow[]; pinned: boolean }>({ rows: [], pinned: false });
  // read again when a product is pinned or unpinned; a new order of the same pins is drawn at once from what was read
  const key = [...pins].sort((x, y) => x - y).join(',');
  useEffect(() => {
    let stale = false;
    const ids = key ? key.split(',').map(Number) : [];
    const read: Promise<{ rows: ProductRow[]; pinned: boolean }> =
      ids.length > 0
        ? Promise.all(
            ids.map((id) =>
              call('catalogue:product', { id, cacheOnly: true }).then(
                (r): ProductRow | null => (r.missing ? null : r.product),
                (): ProductRow | null => null,
              ),
            ),
          ).then((rows) => ({ rows: rows.filter((r): r is ProductRow => r !== null), pinned: true }))
        : call('orders:often-ordered', { limit: MAX_FAVOURITES }).then(
            // the ones that cannot be had now after the others, each group as often ordered
            (answer) => ({
              rows: [...answer.rows.filter((r) => !outOfStock(r)), ...answer.rows.filter(outOfStock)],
              pinned: false,
            }),
            () => ({ rows: [], pinned: false }), // a help; without it the search and scans still work
          );
    void read.then((next) => !stale && setTiles(next));
    return () => {
      stale = true;
    };
  }, [key, version, ordersRevision]);
  return useMemo(() => {
    if (!tiles.pinned) return tiles;
    const byId = new Map(tiles.rows.map((r) => [r.id, r]));
    return { rows: pins.flatMap((id) => byId.get(id) ?? []), pinned: true };
  }, [tiles, pins]);
}

export function FavouritesGrid({
  onAdd,
  backTo,
}: {
  onAdd: (row: ProductRow) => void;
  /** Where Escape (or ↑ from the first row) goes: "Find a product". */
  backTo: RefObject<HTMLInputElement | null>;
}) {
  const { pins, toggle, move } = usePins();
  const { rows, pinned } = useTiles(pins);
  const gridRef = useRef<HTMLUListElement>(null);
  /** A tile key waiting to be sure it is not the first digit of a scan (`add` adds its tile). */
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; at: number; add: () => void } | null>(null);
  /**
   * When the character key before the one being handled was pressed (a scanner's keys come a few milliseconds apart);
   * -Infinity after a key no scanner sends inside a code.
   */
  const keyBefore = useRef(0);
  const lastKeyAt = useRef(0);
  const [dragged, setDragged] = useState<number | null>(null);

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

  if (rows.length === 0) return null;

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

  return (
    <section aria-labelledby="favourites-title" className={classes.favourites}>
      <div className={classes.favHead}>
        <Text size="xs" c="dimmed" id="favourites-title" component="h3" fw={400} m={0}>
          {pinned ? t('favourites.title') : t('favourites.often')}
        </Text>
        <Text size="xs" c="dimmed" id="favourites-help">
          {pinned ? t('favourites.helpPinned') : t('favourites.help')}
        </Text>
      </div>
      <ul
        ref={gridRef}
        className={classes.favGrid}
        aria-labelledby="favourites-title"
        aria-describedby="favourites-help"
        onKeyDown={onKeyDown}
      >
        {rows.map((row, i) => {
          const name = row.name || t('wizard.items.noName');
          const isPinned = pins.includes(row.id);
          return (
            <li
              key={row.id}
              data-fav-tile={i}
              data-out={outOfStock(row) || undefined}
              data-dragged={dragged === i || undefined}
              className={classes.favTile}
              draggable={pinned}
              onDragStart={(e) => {
                setDragged(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged === null || dragged === i) return;
                const from = pins.indexOf(rows[dragged]!.id);
                const to = pins.indexOf(row.id);
                if (from >= 0 && to >= 0) move(from, to);
                setDragged(null);
              }}
            >
              <button
                type="button"
                tabIndex={-1}
                data-fav-index={i}
                data-fav-id={row.id}
                className={classes.favAdd}
                data-testid="favourite"
                // named by what it shows (the product, its price and stock); what a click does is the grid's help
                aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                aria-describedby="favourites-help"
                onClick={() => onAdd(row)}
              >
                {i < 9 && (
                  <span className={classes.favKey} aria-hidden="true">
                    {i + 1}
                  </span>
                )}
                <span className={classes.favName}>{name}</span>
                <span className={classes.favFacts}>
                  <span className={classes.numeric}>{money(row.price)}</span> · <StockFigure row={row} size="xs" />
                </span>
              </button>
              <ActionIcon
                variant="subtle"
                size="sm"
                tabIndex={-1}
                className={classes.favPin}
                aria-label={isPinned ? t('favourites.unpin', { name }) : t('favourites.pin', { name })}
                aria-pressed={isPinned}
                onClick={() => toggle(row)}
              >
                {isPinned ? <IconPinnedFilled size={14} aria-hidden /> : <IconPin size={14} aria-hidden />}
              </ActionIcon>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
