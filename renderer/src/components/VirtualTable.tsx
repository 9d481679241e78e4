/**
 * A virtual table: only visible rows exist in the DOM; rows come from getRow(index) and may still be loading.
 * Keyboard: arrows, Page Up/Down, Home/End move the selection; Enter opens it. Dumb: state lives with the caller.
 */
import { Box, Skeleton, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

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
            const isSelected = item.index === selected;
            const tone = row ? props.rowTone?.(row) : undefined;
            return (
              <Box
                key={row ? props.rowKey(row) : `loading-${item.index}`}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                data-index={item.index}
                onClick={() => onSelect(item.index)}
                onDoubleClick={() => row && onActivate(row, item.index)}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: rowHeight,
                  transform: `translateY(${item.start}px)`,
                  display: 'grid',
                  gridTemplateColumns: template,
                  alignItems: 'center',
                  cursor: 'default',
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                  background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
                  color: tone === 'muted' ? 'var(--mantine-color-dimmed)' : undefined,
                }}
              >
                {columns.map((c) => (
                  <Box
                    key={c.key}
                    role="gridcell"
                    px="xs"
                    style={{
                      textAlign: c.align ?? 'left',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                      fontSize: 'var(--mantine-font-size-sm)',
                    }}
                  >
                    {row ? c.render(row) : <Skeleton height={10} width="70%" />}
                  </Box>
                ))}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
