/**
 * A virtual table: only visible rows exist in the DOM; rows come from getRow(index) and may still be loading.
 * Keyboard: arrows, Page Up/Down, Home/End move the selection; Enter opens it. Dumb: state lives with the caller.
 */
import { Alert, Box, Skeleton, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

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
export function NoMatches({ what, text }: { what: string; text: string }) {
  return (
    <Alert color="gray" title={`No ${what} match`}>
      Nothing matches {text ? `“${text}”` : 'these filters'}. Clear the search or a filter to see more.
    </Alert>
  );
}

export interface Column<Row> {
  key: string;
  header: string;
  width: number | string;
  align?: 'left' | 'right';
  sortable?: boolean;
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
}

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { columns, rowCount, getRow, onRangeChange, selected, onSelect, onActivate } = props;
  const rowHeight = props.rowHeight ?? 36;
  const scrollRef = useRef<HTMLDivElement>(null);
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

  const move = (index: number): void => {
    const next = Math.max(0, Math.min(rowCount - 1, index));
    onSelect(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(selected + 1),
      ArrowUp: () => move(selected - 1),
      PageDown: () => move(selected + page),
      PageUp: () => move(selected - page),
      Home: () => move(0),
      End: () => move(rowCount - 1),
      Enter: () => {
        const row = getRow(selected);
        if (row) onActivate(row, selected);
      },
    };
    const action = keys[event.key];
    if (action && rowCount > 0) {
      event.preventDefault();
      action();
    }
  };

  return (
    <Box
      role="grid"
      aria-label={props.label}
      aria-rowcount={rowCount + 1}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <Box
        role="row"
        aria-rowindex={1}
        style={{
          display: 'grid',
          gridTemplateColumns: template,
          borderBottom: '1px solid var(--mantine-color-default-border)',
        }}
      >
        {columns.map((c) => {
          const sorted = props.sort?.key === c.key ? props.sort.dir : undefined;
          return (
            <Box
              key={c.key}
              role="columnheader"
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
              px="xs"
              py={6}
              style={{ textAlign: c.align ?? 'left', fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}
            >
              {c.sortable && props.onSort ? (
                <UnstyledButton
                  onClick={() => props.onSort?.(c.key)}
                  aria-label={`Sort by ${c.header}`}
                  fw={600}
                  fz="sm"
                >
                  {c.header} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                </UnstyledButton>
              ) : (
                c.header
              )}
            </Box>
          );
        })}
      </Box>
      <Box
        ref={scrollRef}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label={`${props.label} rows`}
        data-testid="virtual-scroll"
        style={{ overflowY: 'auto', flex: 1, minHeight: 200, outline: 'none' }}
      >
        <Box role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = getRow(item.index);
            return (
              <RowView
                key={row ? props.rowKey(row) : `loading-${item.index}`}
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
        </Box>
      </Box>
    </Box>
  );
}

interface RowViewProps<Row> {
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

const CELL_STYLE = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 'var(--mantine-font-size-sm)',
} as const;

/** One row; drawn again only when its own data, position or selection changes. */
const RowView = memo(function RowView<Row>({
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
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      onClick={() => onSelect(index)}
      onDoubleClick={() => row && onActivate(row, index)}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height,
        transform: `translateY(${start}px)`,
        display: 'grid',
        gridTemplateColumns: template,
        alignItems: 'center',
        cursor: 'default',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        color: tone === 'muted' ? 'var(--mantine-color-dimmed)' : undefined,
      }}
    >
      {columns.map((c) => (
        <div
          key={c.key}
          role="gridcell"
          style={{ ...CELL_STYLE, textAlign: c.align ?? 'left', padding: '0 var(--mantine-spacing-xs)' }}
        >
          {row ? c.render(row) : <Skeleton height={10} width="70%" animate={false} />}
        </div>
      ))}
    </div>
  );
}) as <Row>(props: RowViewProps<Row>) => ReactNode;
