/**
 * The order book: type to search, saved views, status, date presets and range, sort, columns to choose; arrows to
 * move and Enter to open. The logic is useOrdersList's, the parts OrdersParts'.
 */
import { Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListBody, ListFrame } from '../../components/ListFrame';
import { ordersOutcomeText } from '../../components/outcomes';
import { SkippedNotice } from '../../components/SkippedNotice';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { startNewOrderPath } from '../new-order/start';
import { OrdersAbove, OrdersEmpty, OrdersFilters, OrdersNotices, ToolsButton } from './OrdersParts';
import { useOrdersList } from './useOrdersList';

export function OrdersScreen() {
  const status = useStore((s) => s.orders);
  const connection = useStore((s) => s.connection);
  const refreshOrders = useStore((s) => s.refreshOrders);
  const navigate = useNavigate();
  const orders = useOrdersList();
  const { list, short, folded, filtersOn } = orders;
  const online = connection?.state === 'online';
  const running = status?.state === 'running';
  const firstDownload = running && status.outcome === null;
  const cached = status?.cachedOrders ?? 0;

  // on the count's line, which has room to spare: the search keeps its whole row (and its placeholder whole)
  const tools = useMemo(
    () => (short ? <ToolsButton folded={folded} filtersOn={filtersOn} /> : null),
    [short, folded, filtersOn],
  );
  const emptyState = useMemo(
    () => <OrdersEmpty running={running} online={online} onDownload={() => void refreshOrders()} />,
    [running, online, refreshOrders],
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
            <Button size="xs" variant="default" onClick={() => void refreshOrders()} loading={running}>
              {t('orders.refresh')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => void orders.export.run()} disabled={!cached}>
            {t('orders.export.button')}
          </Button>
        </>
      }
      above={folded ? null : <OrdersAbove orders={orders} cached={cached} firstDownload={firstDownload} />}
      search={{ ...list.search, label: t('orders.search'), placeholder: t('orders.searchPlaceholder') }}
      searchRef={list.searchRef}
      filters={<OrdersFilters orders={orders} />}
      filtersAlign="flex-start"
      notices={<OrdersNotices orders={orders} />}
    >
      <ListBody
        {...list.body}
        kind="orders"
        onOpen={orders.open}
        age={status?.updatedAt ?? null}
        filtered={orders.filtered}
        emptyState={emptyState}
        arriving={running}
        tools={tools}
      />
    </ListFrame>
  );
}
