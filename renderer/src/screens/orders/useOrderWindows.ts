/** The order list's rows, fetched from main in windows. */
import { useCallback } from 'react';
import type { OrderRow } from '../../../../shared/domain';
import { call } from '../../bridge';
import { useWindows } from '../../components/useWindows';
import type { OrdersQuery } from '../../store/orders';

export function useOrderWindows(query: OrdersQuery, version: number) {
  const queryKey = JSON.stringify(query);
  const fetchWindow = useCallback(
    async (offset: number, limit: number) => {
      const window = await call('orders:query', { ...(JSON.parse(queryKey) as OrdersQuery), offset, limit });
      return { rows: window.rows, total: window.total, cached: window.cachedOrders };
    },
    [queryKey],
  );
  return useWindows<OrderRow>(queryKey, version, fetchWindow);
}
