/** Catalogue slice: sync status (pushed by main) and the stock browser's query; rows stay in main. */
import type { StateCreator } from 'zustand';
import type { CatalogueQueryRequest } from '../../../shared/contract';
import type { CatalogueStatus } from '../../../shared/domain';
import { call } from '../bridge';
import { searchSortPatch } from './ui';

export type StockQuery = Required<Omit<CatalogueQueryRequest, 'offset' | 'limit' | 'lowStock'>>;

export const DEFAULT_STOCK_QUERY: StockQuery = {
  text: '',
  status: null,
  stock: 'all',
  flags: [],
  sort: 'name',
  dir: 'asc',
};

export interface CatalogueSlice {
  catalogue: CatalogueStatus | null;
  /** Bumped when cached rows may have changed (sync progress), so visible windows are fetched again. */
  catalogueVersion: number;
  stockQuery: StockQuery;
  setCatalogue(status: CatalogueStatus): void;
  loadCatalogue(): Promise<void>;
  syncCatalogue(): Promise<void>;
  cancelSync(): Promise<void>;
  setStockQuery(patch: Partial<StockQuery>): void;
  /** Searching lists matches in catalogue order (instant at any size) until a column is chosen; clearing restores the browse order. */
  setSearchText(text: string): void;
  browseSort: Pick<StockQuery, 'sort' | 'dir'>;
}

export const catalogueSlice: StateCreator<CatalogueSlice, [], [], CatalogueSlice> = (set, get) => ({
  catalogue: null,
  catalogueVersion: 0,
  stockQuery: DEFAULT_STOCK_QUERY,
  setCatalogue: (status) => {
    const previous = get().catalogue;
    if (previous && status.revision < previous.revision) return; // a stale read that arrived after a newer push
    const changed =
      !previous ||
      previous.cachedProducts !== status.cachedProducts ||
      previous.pagesDone !== status.pagesDone ||
      previous.state !== status.state;
    set({ catalogue: status, catalogueVersion: changed ? get().catalogueVersion + 1 : get().catalogueVersion });
  },
  loadCatalogue: async () => get().setCatalogue(await call('catalogue:status', {})),
  syncCatalogue: async () => get().setCatalogue(await call('catalogue:sync', {})),
  cancelSync: async () => get().setCatalogue(await call('catalogue:cancel', {})),
  setStockQuery: (patch) => set({ stockQuery: { ...get().stockQuery, ...patch } }),
  browseSort: { sort: DEFAULT_STOCK_QUERY.sort, dir: DEFAULT_STOCK_QUERY.dir },
  setSearchText: (text) => {
    const next = searchSortPatch(get().stockQuery, get().browseSort, text, { sort: 'id', dir: 'asc' });
    if (next) set({ stockQuery: next.query, browseSort: next.browse });
  },
});
