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
import { IconPin, IconPinnedFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { call } from '../../bridge';
import { money } from '../../components/format';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { MAX_FAVOURITES } from './favourites';
import { tileSelector, useFavouriteKeys } from './useFavouriteKeys';
import { usePins } from './usePins';
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
  const onKeyDown = useFavouriteKeys({ rows, pinned, pins, move, onAdd, backTo, gridRef });
  const [dragged, setDragged] = useState<number | null>(null);

  if (rows.length === 0) return null;
  const dropOn = (i: number): void => {
    if (dragged === null || dragged === i) return;
    const from = pins.indexOf(rows[dragged]!.id);
    const to = pins.indexOf(rows[i]!.id);
    if (from >= 0 && to >= 0) move(from, to);
    setDragged(null);
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
        {rows.map((row, i) => (
          <FavouriteTile
            key={row.id}
            row={row}
            index={i}
            isPinned={pins.includes(row.id)}
            pinned={pinned}
            dragged={dragged}
            setDragged={setDragged}
            onDrop={dropOn}
            onAdd={onAdd}
            onPin={toggle}
          />
        ))}
      </ul>
    </section>
  );
}

/** One tile: the button that adds its product (1–9 on the first nine), its pin, and, when pinned, dragged to its place. */
function FavouriteTile({
  row,
  index: i,
  isPinned,
  pinned,
  dragged,
  setDragged,
  onDrop,
  onAdd,
  onPin,
}: {
  row: ProductRow;
  index: number;
  isPinned: boolean;
  /** The grid shows the pins (they can be dragged), not the most often ordered. */
  pinned: boolean;
  dragged: number | null;
  setDragged: (index: number | null) => void;
  /** A tile dropped on this one (at `index`). */
  onDrop: (index: number) => void;
  onAdd: (row: ProductRow) => void;
  onPin: (row: ProductRow) => void;
}) {
  const name = row.name || t('wizard.items.noName');
  return (
    <li
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
        onDrop(i);
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
        onClick={() => onPin(row)}
      >
        {isPinned ? <IconPinnedFilled size={14} aria-hidden /> : <IconPin size={14} aria-hidden />}
      </ActionIcon>
    </li>
  );
}
