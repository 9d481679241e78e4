/**
 * A virtual table: only visible rows exist in the DOM; rows come from getRow(index) and may still be loading.
 * Keyboard: arrows, Page Up/Down, Home/End move the selection; Enter opens it. Dumb: state lives with the caller.
 * Columns that do not fit give way by priority (lowest first); a column without a priority always stays, so the
 * table never scrolls sideways.
 */
import { Alert, Skeleton, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../i18n';

/** From a search box: ArrowDown moves into the table below it (returns whether it did). */
export function moveIntoTable(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'ArrowDown') return false;
  const rows = document.querySelector<HTMLElement>('[data-testid="virtual-scroll"]');
  if (!rows) return false;
  event.preventDefault();
  rows.focus();
  return true;
}

/** What a filtered list shows when nothing matches. */
export function NoMatches({
  what,
  text,
  onClear,
}: {
  what: 'orders' | 'products';
  text: string;
  onClear?: () => void;
}) {
  return (
    <Alert color="gray" title={t('list.noMatchTitle', { what })}>
      {text ? t('list.noMatchText', { text }) : t('list.noMatchFilters')}{' '}
      {onClear ? (
        <UnstyledButton onClick={onClear} td="underline" fz="sm">
          {t('list.clearAll')}
        </UnstyledButton>
      ) : (
        t('list.clearHint')
      )}
    </Alert>
  );
}

export interface Column<Row> {
  key: string;
  header: string;
  /** Pixels, or a CSS grid track such as 'minmax(180px, 1fr)' (its minimum counts when fitting). */
  width: number | string;
  align?: 'left' | 'right';
  sortable?: boolean;
  /** Columns with a lower priority give way first when the table is too narrow; none: never hidden. */
  priority?: number;
  render(row: Row): ReactNode;
}

export interface VirtualTableProps<Row> {
  label: string;
  columns: Column<Row>[];
  rowCount: number;
  getRow(index: number): Row | undefined;
  rowKey(row: Row): string | number;
  onRangeChange(start: number, end: number): void;
  sort?: { key: string; dir: 'asc' | 'desc' };
  onSort?(key: string): void;
  selected: number;
  onSelect(index: number): void;
  onActivate(row: Row, index: number): void;
  rowTone?(row: Row): 'muted' | 'warning' | undefined;
  rowHeight?: number;
  /**
   * The rows are still on their way (rowCount may be 0 only because none have come yet): keys pressed meanwhile are
   * kept, so ↓ Enter straight after arriving opens the first row when it comes.
   */
  loading?: boolean;
}

const minWidth = (width: number | string): number =>
  typeof width === 'number' ? width : Number(/(\d+)px/.exec(width)?.[1] ?? 120);

/** The columns that fit `available` pixels: the lowest priorities are dropped first, unprioritised ones never. */
export function fitColumns<C extends { width: number | string; priority?: number }>(
  columns: C[],
  available: number,
): C[] {
  if (available <= 0) return columns;
  const shown = [...columns];
  const total = () => shown.reduce((sum, c) => sum + minWidth(c.width), 0);
  while (total() > available) {
    let drop = -1;
    shown.forEach((c, i) => {
      if (c.priority !== undefined && (drop < 0 || c.priority < shown[drop]!.priority!)) drop = i;
    });
    if (drop < 0) break;
    shown.splice(drop, 1);
  }
  return shown;
}

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { rowCount, getRow, onRangeChange, selected, onSelect, onActivate, loading = false } = props;
  const rowHeight = props.rowHeight ?? 36;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { ref: sizeRef, width } = useElementSize();
  const idBase = useId();
  // a scrollbar takes some pixels; the columns fit what is left
  const columns = useMemo(() => fitColumns(props.columns, width - 16), [props.columns, width]);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (last >= first) onRangeChange(first, last);
  }, [first, last, onRangeChange]);

  // A stable handler, so rows that did not change are not drawn again while the list scrolls.
  const activateRef = useRef(onActivate);
  useEffect(() => {
    activateRef.current = onActivate;
  }, [onActivate]);
  const activate = useCallback((row: Row, index: number) => activateRef.current(row, index), []);

  const template = columns.map((c) => (typeof c.width === 'number' ? `${c.width}px` : c.width)).join(' ');

  // Enter on a row still on its way (a fast typist's ↓ Enter right after a search, or right after arriving before
  // the list has come): opened when it arrives, unless the selection moved meanwhile or the list came without it
  const pendingOpen = useRef<number | null>(null);
  useEffect(() => {
    const index = pendingOpen.current;
    if (index === null) return;
    if (index !== selected || (index >= rowCount && !loading)) {
      pendingOpen.current = null;
      return;
    }
    const row = index < rowCount ? getRow(index) : undefined;
    if (row) {
      pendingOpen.current = null;
      activate(row, index);
    }
  }, [getRow, selected, rowCount, loading, activate]);

  const move = (index: number): void => {
    pendingOpen.current = null;
    const next = Math.max(0, Math.min(rowCount - 1, index));
    onSelect(next);
    if (rowCount > 0) virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 2);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(selected + 1),
      ArrowUp: () => move(selected - 1),
      PageDown: () => move(selected + page),
      PageUp: () => move(selected - page),
      Home: () => move(0),
      End: () => move(rowCount - 1),
      Enter: () => {
        const row = selected < rowCount ? getRow(selected) : undefined;
        if (row) onActivate(row, selected);
        else pendingOpen.current = selected;
      },
    };
    const action = keys[event.key];
    if (action && (rowCount > 0 || loading)) {
      event.preventDefault();
      action();
    }
  };
  const selectedShown = items.some((item) => item.index === selected);

  return (
    <div ref={sizeRef} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, minWidth: 0 }}>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={props.label}
        aria-rowcount={rowCount + 1}
        aria-busy={loading || undefined}
        aria-colcount={columns.length}
        aria-activedescendant={selectedShown ? `${idBase}-row-${selected}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="virtual-scroll"
        className="virtual-table"
        style={{ overflowY: 'auto', overflowX: 'hidden', flex: 1, minHeight: 160 }}
      >
        <div role="rowgroup" className="virtual-table-head">
          <div role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: template }}>
            {columns.map((c) => {
              const sorted = props.sort?.key === c.key ? props.sort.dir : undefined;
              return (
                <div
                  key={c.key}
                  role="columnheader"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  className="virtual-table-header"
                  style={{ textAlign: c.align ?? 'left' }}
                >
                  {c.sortable && props.onSort ? (
                    <UnstyledButton
                      onClick={() => props.onSort?.(c.key)}
                      aria-label={t('list.sortBy', { column: c.header })}
                      fw={600}
                      fz="sm"
                    >
                      {c.header} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </UnstyledButton>
                  ) : (
                    c.header
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = getRow(item.index);
            return (
              <RowView
                key={row ? props.rowKey(row) : `loading-${item.index}`}
                id={`${idBase}-row-${item.index}`}
                row={row}
                index={item.index}
                start={item.start}
                height={rowHeight}
                selected={item.index === selected}
                tone={row ? props.rowTone?.(row) : undefined}
                columns={columns}
                template={template}
                onSelect={onSelect}
                onActivate={activate}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface RowViewProps<Row> {
  id: string;
  row: Row | undefined;
  index: number;
  start: number;
  height: number;
  selected: boolean;
  tone: 'muted' | 'warning' | undefined;
  columns: Column<Row>[];
  template: string;
  onSelect(index: number): void;
  onActivate(row: Row, index: number): void;
}

/** One row; drawn again only when its own data, position or selection changes. */
const RowView = memo(function RowView<Row>({
  id,
  row,
  index,
  start,
  height,
  selected,
  tone,
  columns,
  template,
  onSelect,
  onActivate,
}: RowViewProps<Row>) {
  return (
    <div
      id={id}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      data-tone={tone}
      className="virtual-table-row"
      onClick={() => onSelect(index)}
      onDoubleClick={() => row && onActivate(row, index)}
      style={{ height, transform: `translateY(${start}px)`, gridTemplateColumns: template }}
    >
      {columns.map((c) => (
        <div key={c.key} role="gridcell" className="virtual-table-cell" style={{ textAlign: c.align ?? 'left' }}>
          {row ? c.render(row) : <Skeleton height={10} width="70%" animate={false} />}
        </div>
      ))}
    </div>
  );
}) as <Row>(props: RowViewProps<Row>) => ReactNode;
