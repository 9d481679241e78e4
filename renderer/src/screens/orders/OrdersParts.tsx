/**
 * The order book's parts, drawn from what useOrdersList holds: the summary and saved views above the search, the
 * filters beside it, the notices under it, the button that folds the tools on a short window, and the empty states.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { ListEmpty } from '../../components/ListFrame';
import { selectWidth } from '../../components/textWidth';
import { t } from '../../i18n';
import { ColumnChooser, DayFilter, Select } from '../../lazy';
import { useStore } from '../../store';
import { PRESET_LABEL, type DatePreset } from './filters';
import { OrdersSummaryBar } from './OrdersSummaryBar';
import { SavedViews } from './SavedViews';
import type { useOrdersList } from './useOrdersList';

type Orders = ReturnType<typeof useOrdersList>;

/**
 * Above the search, unless folded: the summary (once there are orders, or while the first download fills the book)
 * and the saved views with the columns.
 */
export function OrdersAbove({
  orders,
  cached,
  firstDownload,
}: {
  orders: Orders;
  cached: number;
  firstDownload: boolean;
}) {
  const ui = useStore((s) => s.ui);
  const { query, preset, views, summary } = orders;
  return (
    <>
      {summary && (cached > 0 || firstDownload) && (
        <OrdersSummaryBar
          summary={summary}
          loading={firstDownload}
          collapsed={ui.summaryCollapsed}
          onCollapse={orders.onCollapse}
          activeStatus={query.status}
          activeDay={query.from !== null && query.from === query.to && preset === null ? query.from : null}
          onStatus={orders.onSummaryStatus}
          onDay={orders.onSummaryDay}
        />
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
        <SavedViews
          views={views}
          active={orders.activeView}
          onApply={orders.applyView}
          onSave={orders.saveCurrent}
          onRename={(view, name) => orders.saveViews(views.map((v) => (v.id === view.id ? { ...v, name } : v)))}
          onDelete={(view) => orders.saveViews(views.filter((v) => v.id !== view.id))}
        />
        <ColumnChooser
          columns={orders.list.allColumns}
          shown={orders.list.shownKeys}
          onChange={orders.list.setColumns}
        />
      </Group>
    </>
  );
}

/** The widest the Status filter's list grows to fit its longest option (a status and its count). */
const STATUS_LIST_MAX = 320;

/** Beside the search, unless folded: status, a date preset, and the days from and to. */
export function OrdersFilters({ orders }: { orders: Orders }) {
  const { query, setQuery, dayFields } = orders;
  if (orders.folded) return null;
  const statusWidth = selectWidth(t('orders.anyStatus'), 140);
  return (
    <>
      <Select
        label={t('orders.col.status')}
        placeholder={t('orders.anyStatus')}
        data={orders.statusData}
        value={query.status}
        onChange={(s) => setQuery({ status: s })}
        clearable
        w={statusWidth}
        // the list as wide as its longest option (German's "In Bearbeitung (10)" wrapped in a list as narrow as the
        // field), never narrower than the field nor wider than STATUS_LIST_MAX; the field keeps its own width
        comboboxProps={{ width: 'max-content', position: 'bottom-start' }}
        styles={{ dropdown: { minWidth: statusWidth, maxWidth: STATUS_LIST_MAX } }}
      />
      <Select
        label={t('orders.dates')}
        placeholder={t('orders.anyDay')}
        data={(Object.keys(PRESET_LABEL) as DatePreset[]).map((p) => ({ value: p, label: t(PRESET_LABEL[p]) }))}
        value={orders.preset}
        onChange={(p) => orders.choosePreset(p as DatePreset | null)}
        clearable
        w={selectWidth(t('orders.anyDay'), 124)}
      />
      {(['from', 'to'] as const).map((end) => (
        <DayFilter
          key={`${end}-${dayFields}`}
          label={t(end === 'from' ? 'orders.from' : 'orders.to')}
          clearLabel={t(end === 'from' ? 'orders.fromClear' : 'orders.toClear')}
          value={query[end] ?? null}
          onChange={(day) => orders.setRange({ [end]: day })}
          w={136}
        />
      ))}
    </>
  );
}

/** Under the search: a range put right, what "needs attention" means, how the export went. */
export function OrdersNotices({ orders }: { orders: Orders }) {
  return (
    <>
      {orders.swapped && (
        <Text size="sm" role="status" data-testid="range-swapped">
          {t('orders.swapped', { from: t('orders.from'), to: t('orders.to') })}
        </Text>
      )}
      {orders.query.attention && (
        <Text size="sm" c="dimmed">
          {t('orders.attentionNote')}
        </Text>
      )}
      {orders.export.said && (
        <Text size="sm" role="status" aria-label={t('orders.export.result')}>
          {orders.export.said}
        </Text>
      )}
    </>
  );
}

/** On a short window, on the count's line: folds and unfolds the tools, and says how many filters are on. */
export function ToolsButton({ folded, filtersOn }: { folded: boolean; filtersOn: number }) {
  const setUi = useStore((s) => s.setUi);
  return (
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
  );
}

/** What an empty order book shows: the first download coming, how to get one, or that it is offline. */
export function OrdersEmpty({
  running,
  online,
  onDownload,
}: {
  running: boolean;
  online: boolean;
  onDownload(): void;
}) {
  if (running) return <ListEmpty color="blue" title={t('orders.downloading')} text={t('orders.empty.arriving')} />;
  const title = t('orders.empty.title');
  if (!online) return <ListEmpty color="gray" title={title} text={t('orders.empty.offline')} />;
  const action = { label: t('orders.empty.download'), onClick: onDownload };
  return <ListEmpty color="blue" title={title} text={t('orders.empty.online')} action={action} />;
}
