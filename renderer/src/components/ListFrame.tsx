/**
 * The frame the order and stock lists share: title and how the last download ended, search with its filters and
 * one "Clear filters", and the list itself (count, data age, empty and no-match states, the virtual table fed in
 * windows from main). Screens give it their columns, filters and words.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { memo, useCallback, useMemo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { OrderRow, ProductRow } from '../../../shared/domain';
import type { OrdersQuery } from '../store/orders';
import type { StockQuery } from '../store/catalogue';
import { call } from '../bridge';
import { asOf } from './format';
import { textWidth } from './textWidth';
import { t } from '../i18n';
import { firstOrdersCome, takeFirstOrders } from './firstOrders';
import { useWindows, type Window } from './useWindows';
import { NoMatches, VirtualTable, type Column } from './VirtualTable';

export interface ListFrameProps {
  title: string;
  /** How the last download ended, its skipped records, and the screen's actions. */
  status: ReactNode;
  actions: ReactNode;
  /** Above the search: saved views, the summary. */
  above?: ReactNode;
  search: {
    label: string;
    placeholder: string;
    value: string;
    onChange(text: string): void;
    onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
    /** A scanner's code may be typed here (`data-scan-input`: useScanner reads it, whatever the keyboard layout). */
    scanInput?: boolean;
  };
  searchRef?: Ref<HTMLInputElement>;
  filters: ReactNode;
  /**
   * How the search and filters line up: by their tops where a filter may say a problem under itself (Orders' days:
   * the row grows downward, the labels stay on one line), by their bottoms otherwise (Stock's level, a segmented
   * control under a label of its own, lined up by the tops has its label 2 px above the others').
   */
  filtersAlign?: 'flex-start' | 'flex-end';
  notices?: ReactNode;
  children: ReactNode;
}

export function ListFrame({
  title,
  status,
  actions,
  above,
  search,
  searchRef,
  filters,
  filtersAlign = 'flex-end',
  notices,
  children,
}: ListFrameProps) {
  return (
    <Stack h="100%" gap="xs" miw={0}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap" data-list-head>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Group gap="xs" wrap="wrap" justify="flex-end" style={{ flex: 1 }}>
          {status}
          {actions}
        </Group>
      </Group>
      {above}
      <Group align={filtersAlign} gap="sm" wrap="wrap" data-list-head>
        <TextInput
          ref={searchRef}
          label={search.label}
          data-shortcut-search
          data-scan-input={search.scanInput || undefined}
          placeholder={search.placeholder}
          value={search.value}
          onChange={(e) => search.onChange(e.currentTarget.value)}
          onKeyDown={(event) => {
            // Escape empties the search (#27.8); in an empty one it does what it does elsewhere
            if (event.key === 'Escape' && search.value !== '') {
              event.preventDefault();
              search.onChange('');
              return;
            }
            search.onKeyDown?.(event);
          }}
          // as wide as its placeholder in any language (the filters go to the next line before it is cut off)
          style={{
            flex: '1 1 200px',
            minWidth: `min(100%, ${Math.max(180, textWidth(search.placeholder, 14) + 32)}px)`,
          }}
          autoComplete="off"
          spellCheck={false}
        />
        {filters}
      </Group>
      {notices}
      {children}
    </Stack>
  );
}

/**
 * What a list with no rows on this computer says (nothing filtered): why, and the one thing to do about it when there
 * is one. Each screen chooses among its states (Orders: OrdersEmpty, Stock: StockEmpty).
 */
export function ListEmpty({
  color,
  title,
  text,
  action,
}: {
  color: 'blue' | 'gray';
  title: string;
  text: string;
  action?: { label: string; onClick(): void };
}) {
  return (
    <Alert color={color} title={title}>
      {action ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{text}</Text>
          <Button size="xs" onClick={action.onClick}>
            {action.label}
          </Button>
        </Stack>
      ) : (
        text
      )}
    </Alert>
  );
}

type ListKind =
  { kind: 'orders'; query: OrdersQuery; row: OrderRow } | { kind: 'products'; query: StockQuery; row: ProductRow };

/** The list's rows, fetched from main in windows. */
function useListWindows<K extends ListKind>(kind: K['kind'], query: K['query'], version: number) {
  const queryKey = JSON.stringify(query);
  const fetchWindow = useCallback(
    async (offset: number, limit: number) => {
      if (kind === 'orders') {
        const coming = takeFirstOrders(queryKey, offset);
        if (coming) return (await coming) as Window<K['row']>;
        const w = await call('orders:query', { ...(JSON.parse(queryKey) as OrdersQuery), offset, limit });
        return { rows: w.rows as K['row'][], total: w.total, cached: w.cachedOrders };
      }
      const w = await call('catalogue:query', { ...(JSON.parse(queryKey) as StockQuery), offset, limit });
      return { rows: w.rows as K['row'][], total: w.total, cached: w.cachedProducts };
    },
    [kind, queryKey],
  );
  // the order list's first block, when it was asked as the app started and has come: drawn as the list mounts
  const [come] = useState(() => (kind === 'orders' ? (firstOrdersCome(queryKey) as Window<K['row']> | null) : null));
  return useWindows<K['row']>(queryKey, version, fetchWindow, come);
}

/** Each list's own words: the table's name, what its age is called, and how a search orders its matches. */
const LIST_WORDS = {
  orders: () => ({ label: t('nav.orders'), ageLabel: t('orders.updatedAt'), searchOrderNote: t('orders.searchOrder') }),
  products: () => ({
    label: t('palette.products'),
    ageLabel: t('stock.cachedAt'),
    searchOrderNote: t('stock.searchOrder'),
  }),
} satisfies Record<ListKind['kind'], () => Record<string, string>>;
/** A row's key in the table: its id in the service. */
const rowKey = (row: { id: number }): number => row.id;

export interface ListBodyProps<K extends ListKind> {
  kind: K['kind'];
  query: K['query'];
  version: number;
  columns: Column<K['row']>[];
  rowTone?(row: K['row']): 'muted' | 'warning' | undefined;
  onSort(key: string): void;
  selected: number;
  onSelect(index: number): void;
  onOpen(row: K['row']): void;
  /** When the rows were last read from the service (said with the list's own words: "Order book updated at …"). */
  age: number | null;
  /** Something narrows the list: "Clear filters" is offered. */
  filtered: boolean;
  onClear(): void;
  /** What an empty cache shows (nothing filtered). */
  emptyState: ReactNode;
  /** A download into the cache is running: an empty list is still filling. */
  arriving: boolean;
  /** Shown instead of "No … match" (e.g. the answer to a scanned code). */
  noMatch?: ReactNode;
  /** A control on the count's line (Orders: its folded summary and filters); give it memoised. */
  tools?: ReactNode;
}

/**
 * The count and the table: rows arrive here as the table scrolls, so only this part is drawn again then (the
 * filters, the summary and the header stay as they are).
 */
function ListBodyView<K extends ListKind>(props: ListBodyProps<K>) {
  const { query } = props;
  const words = useMemo(() => LIST_WORDS[props.kind](), [props.kind]);
  const windows = useListWindows<K>(props.kind, query, props.version);
  const total = windows.total ?? 0;
  const what = props.kind;
  const sort = useMemo(() => ({ key: query.sort, dir: query.dir }), [query.sort, query.dir]);
  const emptyCache = windows.total !== null && windows.cached === 0;
  const showEmpty = emptyCache && !props.filtered;
  // no rows yet, but they are coming: the list's first read, or a first download into an empty cache
  const waiting = windows.total === null || (showEmpty && props.arriving);
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite" data-testid={props.kind === 'orders' ? 'orders-count' : 'stock-count'}>
          {windows.total === null
            ? t('common.loading')
            : t('list.count', { shown: total, total: windows.cached, what })}
          {query.text ? ` · ${words.searchOrderNote}` : ''}
          {props.filtered && (
            <>
              {' · '}
              <Anchor component="button" type="button" size="sm" onClick={props.onClear}>
                {t('list.clearFilters')}
              </Anchor>
            </>
          )}
        </Text>
        {props.tools}
        {props.age ? (
          <Text size="sm" c="dimmed">
            {t('list.age', { label: words.ageLabel, asOf: asOf(props.age) })}
          </Text>
        ) : null}
      </Group>
      {windows.error && (
        <Text c="red" role="alert" size="sm">
          {windows.error}
        </Text>
      )}
      {/* the table keeps its place in the tree while the rows come, so its focus and a key pressed early stay */}
      {showEmpty ? props.emptyState : null}
      {!showEmpty && total === 0 && windows.total !== null
        ? (props.noMatch ?? (
            <NoMatches what={what} text={query.text} onClear={props.filtered ? props.onClear : undefined} />
          ))
        : null}
      {total > 0 || waiting ? (
        <VirtualTable
          label={words.label}
          columns={props.columns}
          rowCount={total}
          getRow={windows.getRow}
          rowKey={rowKey}
          onRangeChange={windows.onRangeChange}
          sort={sort}
          onSort={props.onSort}
          selected={props.selected}
          onSelect={props.onSelect}
          onActivate={props.onOpen}
          rowTone={props.rowTone}
          loading={waiting}
        />
      ) : null}
    </>
  );
}

export const ListBody = memo(ListBodyView) as typeof ListBodyView;
