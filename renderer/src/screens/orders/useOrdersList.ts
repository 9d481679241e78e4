/**
 * The order book's logic: the list (useListController), its date range (a preset, or days typed or picked, put right
 * when reversed), saved views, the summary and its filters, the tools folded on a short window, and the CSV export.
 */
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SavedView } from '../../../../shared/contract';
import type { OrderRow, OrdersSummary } from '../../../../shared/domain';
import { call } from '../../bridge';
import { CSV_TYPE, saveFile } from '../../components/saveFile';
import { statusText } from '../../components/StatusBadge';
import { useListController } from '../../components/useListController';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { DEFAULT_ORDERS_QUERY, type OrdersQuery } from '../../store/orders';
import { allOrderColumns, DEFAULT_ORDER_COLUMNS } from './columns';
import { orderedRange, presetRange, queryOfView, READY_MADE_VIEWS, showsView, type DatePreset } from './filters';

/** Below this height the list's tools fold away unless staff unfolded them (#27.7: 12 orders at 1024×700). */
const SHORT_WINDOW = '(max-height: 799px)';

export function useOrdersList() {
  const query = useStore((s) => s.ordersQuery);
  const setQuery = useStore((s) => s.setOrdersQuery);
  const preset = useStore((s) => s.ordersPreset);
  const setPreset = useStore((s) => s.setOrdersPreset);
  const version = useStore((s) => s.ordersVersion);
  const ui = useStore((s) => s.ui);
  const setUi = useStore((s) => s.setUi);
  const navigate = useNavigate();
  const [swapped, setSwapped] = useState(false);
  // bumped when the filters are set from elsewhere: the day fields drop anything half typed
  const [dayFields, setDayFields] = useState(0);
  const [summary, setSummary] = useState<OrdersSummary | null>(null);
  /** Fresh filters from elsewhere (a view, a preset, Clear): no swap said, nothing half typed kept. */
  const restartFilters = (): void => {
    setSwapped(false);
    setDayFields((n) => n + 1);
  };

  const list = useListController({
    query,
    setQuery,
    setSearch: useStore((s) => s.setOrdersSearch),
    defaults: DEFAULT_ORDERS_QUERY,
    version,
    readFacets: () => call('orders:facets', {}).then((f) => f.statuses),
    firstDir: (sort) => (sort === 'customer' ? 'asc' : 'desc'),
    allColumns: allOrderColumns,
    columnsPref: 'orderColumns',
    defaultColumns: DEFAULT_ORDER_COLUMNS,
    typeToSearch: true,
    onClear: () => {
      restartFilters();
      setPreset(null);
    },
  });
  const { setSelected, setText, shownKeys } = list;
  useEffect(() => {
    void call('orders:summary', {}).then(setSummary, () => undefined);
  }, [version]);

  // a short window (a 1024×700 or 1366×768 laptop) folds the summary, saved views and filters away so a dozen orders
  // show; staff's choice to unfold them there is remembered
  const short = useMediaQuery(SHORT_WINDOW, false, { getInitialValueInEffect: false });
  const folded = short && !ui.ordersToolsUnfolded;

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
    restartFilters();
    setPreset(value);
    setQuery(value ? presetRange(value) : { from: null, to: null });
    setSelected(0);
  };

  const views = ui.orderViews ?? READY_MADE_VIEWS;
  const activeView = views.find((v) => showsView(v, query, preset, shownKeys))?.id ?? null;
  const applyView = (view: SavedView): void => {
    const next = queryOfView(view);
    setText(next.query.text);
    restartFilters();
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
  const statuses = list.facets;
  const statusData = useMemo(
    () =>
      (statuses ?? []).map((s) => ({
        value: s.status,
        label: t('orders.statusOption', { status: statusText(s.status), count: s.count }),
      })),
    [statuses],
  );
  const filtered =
    query.text !== '' || query.status !== null || query.from !== null || query.to !== null || query.attention;
  /** Filters set beside the search (which shows its own text): said on the folded tools' button. */
  const filtersOn = Number(query.status !== null) + Number(query.from !== null || query.to !== null) + +query.attention;

  return {
    list,
    query,
    setQuery,
    preset,
    summary,
    short,
    folded,
    swapped,
    dayFields,
    setRange,
    choosePreset,
    views,
    activeView,
    applyView,
    saveViews,
    saveCurrent,
    onSummaryStatus,
    onSummaryDay,
    onCollapse,
    open,
    statusData,
    filtered,
    filtersOn,
    export: useCsvExport(query),
  };
}

/** The current filtered list as CSV, downloaded as a file the user picks (Electron asks where to save it). */
function useCsvExport(query: OrdersQuery) {
  const [said, setSaid] = useState<string | null>(null);
  const run = async (): Promise<void> => {
    setSaid(t('orders.export.preparing'));
    try {
      const result = await call('orders:export', query);
      saveFile(result.csv, result.filename, CSV_TYPE);
      setSaid(t('orders.export.done', { rows: result.rows, truncated: result.truncated ? 'yes' : 'no' }));
    } catch {
      setSaid(t('orders.export.failed'));
    }
  };
  return { said, run };
}
