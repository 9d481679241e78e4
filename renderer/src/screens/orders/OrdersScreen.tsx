/**
 * The order book: type to search, saved views, status, date presets and range, sort, columns to choose; arrows to
 * move and Enter to open.
 */
import { Alert, Badge, Button, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SavedView } from '../../../../shared/contract';
import type { OrderRow, OrdersSummary } from '../../../../shared/domain';

import { call } from '../../bridge';
import { ColumnChooser } from '../../components/ColumnChooser';
import { DateText } from '../../components/DateText';
import { count, money } from '../../components/format';
import { selectWidth, textWidth } from '../../components/textWidth';
import { ListBody, ListFrame } from '../../components/ListFrame';
import { ordersOutcomeText } from '../../components/outcomes';
import { SkippedNotice } from '../../components/SkippedNotice';
import { StatusLabel, statusText } from '../../components/StatusBadge';
import { moveIntoTable, type Column } from '../../components/VirtualTable';
import { useStore } from '../../store';
import { DEFAULT_ORDERS_QUERY, type OrdersQuery } from '../../store/orders';
import {
  orderedRange,
  PRESET_LABEL,
  presetRange,
  queryOfView,
  READY_MADE_VIEWS,
  showsView,
  type DatePreset,
} from './filters';
import { startNewOrderPath } from '../new-order/start';
import { OrdersSummaryBar } from './OrdersSummaryBar';
import { SavedViews } from './SavedViews';
import { t } from '../../i18n';
import { DayFilter } from './DayFilter';

type OrderColumn = Column<OrderRow> & { required?: boolean };

/**
 * An order this desk just sent: the service's answer is in the book, and the next refresh confirms it from the list.
 * Said under the PO number, in a column wide enough for the words in any language (never cut off).
 */
function JustSent() {
  return <span className="just-sent">{t('orders.justSent')}</span>;
}

/** The PO column's width: the usual 120 px, or what "Just sent" takes in this language (with the cell's padding). */
const poColumnWidth = (): number => Math.max(120, textWidth(t('orders.justSent'), 11, 600) + 24);

/** Every column the list can show, in its usual order; PO, customer, status and total are always there. */
const allColumns = (): OrderColumn[] => [
  {
    key: 'id',
    header: t('orders.col.po'),
    width: poColumnWidth(),
    sortable: true,
    required: true,
    render: (o) =>
      o.sentAt === null ? (
        o.poNumber || `#${o.id}`
      ) : (
        <span className="po-cell">
          <span>{o.poNumber || `#${o.id}`}</span>
          <JustSent />
        </span>
      ),
  },
  {
    key: 'date',
    header: t('orders.col.date'),
    width: 116,
    sortable: true,
    priority: 5,
    render: (o) => <DateText value={o.orderDate} />,
  },
  {
    key: 'customer',
    header: t('orders.col.customer'),
    width: 'minmax(150px, 1fr)',
    sortable: true,
    required: true,
    render: (o) => <span title={o.email}>{o.name || t('orders.noName')}</span>,
  },
  {
    key: 'email',
    header: t('orders.col.email'),
    width: 'minmax(180px, 1fr)',
    priority: 3,
    render: (o) => o.email || '—',
  },
  { key: 'phone', header: t('orders.col.phone'), width: 140, priority: 1, render: (o) => o.phone || '—' },
  { key: 'city', header: t('orders.col.city'), width: 140, priority: 2, render: (o) => o.city || '—' },
  {
    key: 'status',
    header: t('orders.col.status'),
    width: 130,
    required: true,
    render: (o) => <StatusLabel status={o.status} />,
  },
  {
    key: 'items',
    header: t('orders.col.items'),
    width: 64,
    align: 'right',
    priority: 4,
    render: (o) => count(o.items),
  },
  {
    key: 'total',
    header: t('orders.col.total'),
    width: 110,
    align: 'right',
    sortable: true,
    required: true,
    render: (o) => money(o.totalPrice),
  },
];
const DEFAULT_COLUMNS = ['id', 'date', 'customer', 'phone', 'city', 'status', 'items', 'total'];

export function OrdersScreen() {
  const query = useStore((s) => s.ordersQuery);
  const setQuery = useStore((s) => s.setOrdersQuery);
  const preset = useStore((s) => s.ordersPreset);
  const setPreset = useStore((s) => s.setOrdersPreset);
  const setOrdersSearch = useStore((s) => s.setOrdersSearch);
  const version = useStore((s) => s.ordersVersion);
  const status = useStore((s) => s.orders);
  const connection = useStore((s) => s.connection);
  const refreshOrders = useStore((s) => s.refreshOrders);
  const ui = useStore((s) => s.ui);
  const setUi = useStore((s) => s.setUi);
  const navigate = useNavigate();
  const [text, setText] = useState(query.text);
  const [debounced] = useDebouncedValue(text, 120);
  const [selected, setSelected] = useState(0);
  const [statuses, setStatuses] = useState<{ status: string; count: number }[]>([]);
  const [summary, setSummary] = useState<OrdersSummary | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [swapped, setSwapped] = useState(false);
  // bumped when the filters are set from elsewhere: the day fields drop anything half typed
  const [dayFields, setDayFields] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const online = connection?.state === 'online';
  // a short window (a 1024×700 or 1366×768 laptop) folds the summary, saved views and filters away so a dozen orders
  // show; staff's choice to unfold them there is remembered
  const short = useMediaQuery(SHORT_WINDOW, false, { getInitialValueInEffect: false });
  const folded = short && !ui.ordersToolsUnfolded;

  useEffect(() => setOrdersSearch(debounced), [debounced, setOrdersSearch]);
  useEffect(() => {
    void call('orders:facets', {}).then(
      (f) => setStatuses(f.statuses),
      () => undefined,
    );
    void call('orders:summary', {}).then(setSummary, () => undefined);
  }, [version]);

  // arriving puts the keys in the search, as on Stock: ↓ Enter straight away opens the first order (when it comes)
  useEffect(() => searchRef.current?.focus(), []);

  // Type to search: printable keys typed anywhere on the screen go to the search box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if (target?.closest('[role="dialog"], [role="menu"]')) return;
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // worded once: a change of language draws the screen again from scratch
  const ALL_COLUMNS = useMemo(() => allColumns(), []);
  const shownKeys = ui.orderColumns ?? DEFAULT_COLUMNS;
  const columns = useMemo(
    () =>
      shownKeys.map((key) => ALL_COLUMNS.find((c) => c.key === key)).filter((c): c is OrderColumn => c !== undefined),
    [shownKeys, ALL_COLUMNS],
  );
  const views = ui.orderViews ?? READY_MADE_VIEWS;
  const activeView = views.find((v) => showsView(v, query, preset, shownKeys))?.id ?? null;

  /** Dates typed or picked by hand: a reversed range is put right, and the preset no longer applies. */
  const setRange = (patch: { from?: string | null; to?: string | null }): void => {
    const next = orderedRange(
      patch.from !== undefined ? patch.from : query.from,
      patch.to !== undefined ? patch.to : query.to,
    );
    setSwapped(next.swapped);
    setPreset(null);
    setQuery({ from: next.from, to: next.to });
    setSelected(0);
  };
  const choosePreset = (value: DatePreset | null): void => {
    setSwapped(false);
    setDayFields((n) => n + 1);
    setPreset(value);
    setQuery(value ? presetRange(value) : { from: null, to: null });
    setSelected(0);
  };
  const clearFilters = (): void => {
    setText('');
    setSwapped(false);
    setDayFields((n) => n + 1);
    setPreset(null);
    setQuery({ ...DEFAULT_ORDERS_QUERY });
    setOrdersSearch('');
    setSelected(0);
  };
  const applyView = (view: SavedView): void => {
    const next = queryOfView(view);
    setText(next.query.text);
    setSwapped(false);
    setDayFields((n) => n + 1);
    setPreset(next.preset);
    setQuery(next.query);
    if (view.columns) setUi({ orderColumns: view.columns });
    setSelected(0);
  };
  const saveViews = (next: SavedView[]): void => setUi({ orderViews: next });
  const saveCurrent = (name: string): void => {
    const { from, to, ...rest } = query;
    saveViews([
      ...views,
      {
        id: `v${Date.now().toString(36)}`,
        readyMade: null,
        name,
        query: { ...rest, preset, from: preset ? null : from, to: preset ? null : to },
        columns: shownKeys as SavedView['columns'],
      },
    ]);
  };

  // The current filtered list as CSV, downloaded as a file the user picks (Electron asks where to save it).
  const exportCsv = async (): Promise<void> => {
    setExporting(t('orders.export.preparing'));
    try {
      const result = await call('orders:export', query);
      const url = URL.createObjectURL(new Blob([result.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = result.filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setExporting(t('orders.export.done', { rows: result.rows, truncated: result.truncated ? 'yes' : 'no' }));
    } catch {
      setExporting(t('orders.export.failed'));
    }
  };

  const onSummaryStatus = useCallback((status: string | null) => setQuery({ status }), [setQuery]);
  const onSummaryDay = useCallback(
    (day: string | null) => {
      setPreset(null);
      setQuery({ from: day, to: day });
    },
    [setQuery, setPreset],
  );
  const onCollapse = useCallback((summaryCollapsed: boolean) => setUi({ summaryCollapsed }), [setUi]);
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
    () =>
      statuses.map((s) => ({
        value: s.status,
        label: t('orders.statusOption', { status: statusText(s.status), count: s.count }),
      })),
    [statuses],
  );
  const filtered =
    query.text !== '' || query.status !== null || query.from !== null || query.to !== null || query.attention;
  /** Filters set beside the search (which shows its own text): said on the folded tools' button. */
  const filtersOn = Number(query.status !== null) + Number(query.from !== null || query.to !== null) + +query.attention;
  const firstDownload = status?.state === 'running' && status.outcome === null;
  const cached = status?.cachedOrders ?? 0;

  // on the count's line, which has room to spare: the search keeps its whole row (and its placeholder whole)
  const tools = useMemo(
    () =>
      short ? (
        <Button
          size="compact-sm"
          variant="default"
          aria-expanded={!folded}
          onClick={() => setUi({ ordersToolsUnfolded: folded })}
          leftSection={folded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronUp size={14} aria-hidden />}
          rightSection={
            folded && filtersOn > 0 ? (
              <Badge size="sm" variant="filled" tt="none">
                {t('orders.tools.on', { count: filtersOn })}
              </Badge>
            ) : undefined
          }
        >
          {t('orders.tools')}
        </Button>
      ) : null,
    [short, folded, filtersOn, setUi],
  );

  const emptyState =
    status?.state === 'running' ? (
      <Alert color="blue" title={t('orders.downloading')}>
        {t('orders.empty.arriving')}
      </Alert>
    ) : online ? (
      <Alert color="blue" title={t('orders.empty.title')}>
        <Group gap="sm">
          <Text size="sm">{t('orders.empty.online')}</Text>
          <Button size="xs" onClick={() => void refreshOrders()}>
            {t('orders.empty.download')}
          </Button>
        </Group>
      </Alert>
    ) : (
      <Alert color="gray" title={t('orders.empty.title')}>
        {t('orders.empty.offline')}
      </Alert>
    );

  return (
    <ListFrame
      title={t('nav.orders')}
      status={
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="orders-outcome">
            {ordersOutcomeText(status, online || connection?.state === 'checking')}
          </Text>
          <SkippedNotice source="orders" skipped={status?.outcome?.skippedRecords ?? 0} />
        </>
      }
      actions={
        <>
          <Button size="xs" onClick={() => void navigate(startNewOrderPath())}>
            {t('nav.newOrder')}
          </Button>
          {online && (
            <Button
              size="xs"
              variant="default"
              onClick={() => void refreshOrders()}
              loading={status?.state === 'running'}
            >
              {t('orders.refresh')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => void exportCsv()} disabled={!cached}>
            {t('orders.export.button')}
          </Button>
        </>
      }
      above={
        folded ? null : (
          <>
            {summary && (cached > 0 || firstDownload) && (
              <OrdersSummaryBar
                summary={summary}
                loading={firstDownload}
                collapsed={ui.summaryCollapsed}
                onCollapse={onCollapse}
                activeStatus={query.status}
                activeDay={query.from !== null && query.from === query.to && preset === null ? query.from : null}
                onStatus={onSummaryStatus}
                onDay={onSummaryDay}
              />
            )}
            <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
              <SavedViews
                views={views}
                active={activeView}
                onApply={applyView}
                onSave={saveCurrent}
                onRename={(view, name) => saveViews(views.map((v) => (v.id === view.id ? { ...v, name } : v)))}
                onDelete={(view) => saveViews(views.filter((v) => v.id !== view.id))}
              />
              <ColumnChooser
                columns={ALL_COLUMNS}
                shown={shownKeys}
                onChange={(keys) => setUi({ orderColumns: keys as SavedView['columns'] })}
              />
            </Group>
          </>
        )
      }
      search={{
        label: t('orders.search'),
        placeholder: t('orders.searchPlaceholder'),
        value: text,
        onChange: (value) => {
          setText(value);
          setSelected(0);
        },
        onKeyDown: (event) => {
          // ↓ straight after typing: the search runs now rather than after the pause, so the table it moves into
          // holds the matches and not the rows from before
          if (event.key === 'ArrowDown') setOrdersSearch(text);
          moveIntoTable(event);
        },
      }}
      searchRef={searchRef}
      filters={
        <>
          {!folded && (
            <>
              <Select
                label={t('orders.col.status')}
                placeholder={t('orders.anyStatus')}
                data={statusData}
                value={query.status}
                onChange={(s) => setQuery({ status: s })}
                clearable
                w={selectWidth(t('orders.anyStatus'), 140)}
              />
              <Select
                label={t('orders.dates')}
                placeholder={t('orders.anyDay')}
                data={(Object.keys(PRESET_LABEL) as DatePreset[]).map((p) => ({ value: p, label: t(PRESET_LABEL[p]) }))}
                value={preset}
                onChange={(p) => choosePreset(p as DatePreset | null)}
                clearable
                w={selectWidth(t('orders.anyDay'), 124)}
              />
              <DayFilter
                key={`from-${dayFields}`}
                label={t('orders.from')}
                clearLabel={t('orders.fromClear')}
                value={query.from ?? null}
                onChange={(from) => setRange({ from })}
                w={136}
              />
              <DayFilter
                key={`to-${dayFields}`}
                label={t('orders.to')}
                clearLabel={t('orders.toClear')}
                value={query.to ?? null}
                onChange={(to) => setRange({ to })}
                w={136}
              />
            </>
          )}
        </>
      }
      notices={
        <>
          {swapped && (
            <Text size="sm" role="status" data-testid="range-swapped">
              {t('orders.swapped', { from: t('orders.from'), to: t('orders.to') })}
            </Text>
          )}
          {query.attention && (
            <Text size="sm" c="dimmed">
              {t('orders.attentionNote')}
            </Text>
          )}
          {exporting && (
            <Text size="sm" role="status" aria-label={t('orders.export.result')}>
              {exporting}
            </Text>
          )}
        </>
      }
    >
      <ListBody
        kind="orders"
        label={t('nav.orders')}
        query={query}
        version={version}
        columns={columns}
        rowKey={rowKey}
        onSort={onSort}
        selected={selected}
        onSelect={setSelected}
        onOpen={open}
        ageLabel={t('orders.updatedAt')}
        age={status?.updatedAt ?? null}
        searchOrderNote={t('orders.searchOrder')}
        filtered={filtered}
        onClear={clearFilters}
        emptyState={emptyState}
        arriving={status?.state === 'running'}
        tools={tools}
      />
    </ListFrame>
  );
}

const rowKey = (o: OrderRow) => o.id;

/** Below this height the list's tools fold away unless staff unfolded them (#27.7: 12 orders at 1024×700). */
const SHORT_WINDOW = '(max-height: 799px)';
