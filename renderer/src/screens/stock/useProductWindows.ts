/** The stock table's rows, fetched from main in windows. */
import { useCallback } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { call } from '../../bridge';
import { useWindows } from '../../components/useWindows';
import type { StockQuery } from '../../store/catalogue';

export function useProductWindows(query: StockQuery, version: number) {
  const queryKey = JSON.stringify(query);
  const fetchWindow = useCallback(
    async (offset: number, limit: number) => {
      const window = await call('catalogue:query', { ...(JSON.parse(queryKey) as StockQuery), offset, limit });
      return { rows: window.rows, total: window.total, cached: window.cachedProducts };
    },
    [queryKey],
  );
  const windows = useWindows<ProductRow>(queryKey, version, fetchWindow);
  return { ...windows, cachedProducts: windows.cached };
}
