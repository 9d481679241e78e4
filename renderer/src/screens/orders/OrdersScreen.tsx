/** The order book: type to search, filter by status and dates, sort, arrows to move, Enter to open. */
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderRow, OrdersStatus, OrdersSummary } from '../../../../shared/domain';
import { formatMoney } from '../../../../shared/money';
import { call } from '../../bridge';
import { DateText } from '../../components/DateText';
import { asOf, count, timeOfDay } from '../../components/format';
import { StatusLabel } from '../../components/StatusBadge';
import { moveIntoTable, NoMatches, VirtualTable, type Column } from '../../components/VirtualTable';
import { useStore } from '../../store';
import type { OrdersQuery } from '../../store/orders';
import { OrdersSummaryBar } from './OrdersSummaryBar';
import { useOrderWindows } from './useOrderWindows';

/** The last refresh's outcome; a complete one is worded here so its time reads in the user's own format. */
function ordersSummary(status: OrdersStatus | null): string {
  if (!status) return '';
  if (status.state === 'running') return 'Refreshing the order book…';
  if (status.state === 'complete' && status.updatedAt !== null) {
    const skipped = /\S+ unreadable records? (?:was|were) skipped\.$/.exec(status.summary ?? '')?.[0];
    return `Order book up to date: ${count(status.cachedOrders)} orders as of ${timeOfDay(status.updatedAt)}.${skipped ? ` ${skipped}` : ''}`;
  }
  return status.summary ?? '';
}

const COLUMNS: Column<OrderRow>[] = [
  { key: 'id', header: 'PO number', width: 130, sortable: true, render: (o) => o.poNumber || `#${o.id}` },
  { key: 'date', header: 'Date', width: 130, sortable: true, render: (o) => <DateText value={o.orderDate} /> },
  {
    key: 'customer',
    header: 'Customer',
    width: 'minmax(180px, 1fr)',
    sortable: true,
    render: (o) => <span title={o.email}>{o.name || '(no name)'}</span>,
  },
  { key: 'city', header: 'City', width: 150, render: (o) => o.city || '—' },
  { key: 'status', header: 'Status', width: 130, render: (o) => <StatusLabel status={o.status} /> },
  { key: 'items', header: 'Items', width: 70, align: 'right', render: (o) => count(o.items) },
  {
    key: 'total',
    header: 'Total',
    width: 110,
    align: 'right',
    sortable: true,
    render: (o) => formatMoney(o.totalPrice),
  },
];

export function OrdersScreen() {
  const query = useStore((s) => s.ordersQuery);
  const setQuery = useStore((s) => s.setOrdersQuery);
  const setOrdersSearch = useStore((s) => s.setOrdersSearch);
  const version = useStore((s) => s.ordersVersion);
  const status = useStore((s) => s.orders);
  const refreshOrders = useStore((s) => s.refreshOrders);
  const navigate = useNavigate();
  const [text, setText] = useState(query.text);
  const [debounced] = useDebouncedValue(text, 120);
  const [selected, setSelected] = useState(0);
  const [statuses, setStatuses] = useState<{ status: string; count: number }[]>([]);
  const [summary, setSummary] = useState<OrdersSummary | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => setOrdersSearch(debounced), [debounced, setOrdersSearch]);
  useEffect(() => {
    void call('orders:facets', {}).then(
      (f) => setStatuses(f.statuses),
      () => undefined,
    );
    void call('orders:summary', {}).then(setSummary, () => undefined);
  }, [version]);

  // The current filtered list as CSV, downloaded as a file the user picks (Electron asks where to save it).
  const exportCsv = async (): Promise<void> => {
    setExporting('Preparing the CSV…');
    try {
      const result = await call('orders:export', query);
      const url = URL.createObjectURL(new Blob([result.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = result.filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setExporting(
        `${count(result.rows)} orders exported${result.truncated ? ' (the list was cut at that many rows)' : ''}.`,
      );
    } catch {
      setExporting('The export failed; try again.');
    }
  };

  // Type to search: printable keys typed anywhere on the screen go to the search box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onSummaryStatus = useCallback((status: string | null) => setQuery({ status }), [setQuery]);
  const onSummaryDay = useCallback((day: string | null) => setQuery({ from: day, to: day }), [setQuery]);
  const open = useCallback((o: OrderRow) => void navigate(`/orders/${o.id}`), [navigate]);
  const onSort = useCallback(
    (key: string) => {
      const sort = key as OrdersQuery['sort'];
      setQuery({
        sort,
        dir: query.sort === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : sort === 'customer' ? 'asc' : 'desc',
      });
      setSelected(0);
    },
    [query.sort, query.dir, setQuery],
  );
  const statusData = useMemo(
    () => statuses.map((s) => ({ value: s.status, label: `${s.status || '(no status)'} (${count(s.count)})` })),
    [statuses],
  );

  return (
    <Stack h="calc(100vh - 56px - 2 * var(--mantine-spacing-lg))" gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Orders</Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {ordersSummary(status)}
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => void refreshOrders()}
            loading={status?.state === 'running'}
          >
            Refresh
          </Button>
          <Button size="xs" variant="default" onClick={() => void exportCsv()} disabled={!status?.cachedOrders}>
            Export CSV
          </Button>
        </Group>
      </Group>
      {summary && (status?.cachedOrders ?? 0) > 0 && (
        <OrdersSummaryBar
          summary={summary}
          activeStatus={query.status}
          activeDay={query.from !== null && query.from === query.to ? query.from : null}
          onStatus={onSummaryStatus}
          onDay={onSummaryDay}
        />
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          ref={searchRef}
          label="Search orders"
          data-shortcut-search
          placeholder="Customer, e-mail, phone, PO or tracking number, city, remarks"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setSelected(0);
          }}
          onKeyDown={moveIntoTable}
          style={{ flex: 1, minWidth: 280 }}
          autoComplete="off"
          spellCheck={false}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusData}
          value={query.status}
          onChange={(s) => setQuery({ status: s })}
          clearable
          w={200}
        />
        <TextInput
          label="From"
          type="date"
          value={query.from ?? ''}
          onChange={(e) => setQuery({ from: e.currentTarget.value || null })}
          w={150}
        />
        <TextInput
          label="To"
          type="date"
          value={query.to ?? ''}
          onChange={(e) => setQuery({ to: e.currentTarget.value || null })}
          w={150}
        />
      </Group>
      {exporting && (
        <Text size="sm" role="status" aria-label="Export result">
          {exporting}
        </Text>
      )}
      <OrdersList
        query={query}
        version={version}
        status={status}
        onSort={onSort}
        onOpen={open}
        selected={selected}
        onSelect={setSelected}
      />
    </Stack>
  );
}

interface OrdersListProps {
  query: OrdersQuery;
  version: number;
  status: OrdersStatus | null;
  selected: number;
  onSelect(index: number): void;
  onSort(key: string): void;
  onOpen(order: OrderRow): void;
}

/**
 * The count and the table: rows arrive here as the table scrolls, so only this part is drawn again then (the
 * filters, the summary chart and the header stay as they are).
 */
const OrdersList = memo(function OrdersList({
  query,
  version,
  status,
  selected,
  onSelect,
  onSort,
  onOpen,
}: OrdersListProps) {
  const windows = useOrderWindows(query, version);
  const total = windows.total ?? 0;
  const filtered = query.text !== '' || query.status !== null || query.from !== null || query.to !== null;
  const empty = windows.total !== null && windows.cached === 0;
  const sort = useMemo(() => ({ key: query.sort, dir: query.dir }), [query.sort, query.dir]);
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite" data-testid="orders-count">
          {windows.total === null ? 'Loading…' : `${count(total)} of ${count(windows.cached)} orders`}
          {query.text && query.sort === 'id' ? ' · newest first (click a column to sort)' : ''}
        </Text>
        {status?.updatedAt ? (
          <Text size="sm" c="dimmed">
            Order book updated at {asOf(status.updatedAt)}
          </Text>
        ) : null}
      </Group>
      {windows.error && (
        <Alert color="red" role="alert">
          {windows.error}
        </Alert>
      )}
      {empty && !filtered ? (
        <Alert
          color="blue"
          title={status?.state === 'running' ? 'Fetching the order book…' : 'No orders on this computer yet'}
        >
          {status?.state === 'running'
            ? 'Orders appear here as they arrive.'
            : 'Refresh to fetch the order book from the service.'}
        </Alert>
      ) : total === 0 && windows.total !== null ? (
        <NoMatches what="orders" text={query.text} />
      ) : (
        <VirtualTable
          label="Orders"
          columns={COLUMNS}
          rowCount={total}
          getRow={windows.getRow}
          rowKey={(o) => o.id}
          onRangeChange={windows.onRangeChange}
          sort={sort}
          onSort={onSort}
          selected={selected}
          onSelect={onSelect}
          onActivate={onOpen}
        />
      )}
    </>
  );
});
