/** Orders slice: the order book's status (pushed by main) and the list's query; rows stay in main. */
import type { StateCreator } from 'zustand';
import type { OrderQueryRequest } from '../../../shared/contract';
import { DEFAULT_DATE_ORDER, type DateOrder } from '../../../shared/dates';
import type { OrdersStatus } from '../../../shared/domain';
import { call } from '../bridge';
import type { DatePreset } from '../../../shared/contract';
import { searchSortPatch } from './ui';

export type OrdersQuery = Required<Omit<OrderQueryRequest, 'offset' | 'limit'>>;
export const DEFAULT_ORDERS_QUERY: OrdersQuery = {
  text: '',
  status: null,
  from: null,
  to: null,
  attention: false,
  sort: 'date',
  dir: 'desc',
};

/** The day/month order in use for slash dates (Settings, or what the order book proved); day-first until known. */
export const selectDateOrder = (s: Pick<OrdersSlice, 'orders'>): DateOrder =>
  s.orders?.dateOrder.effective ?? DEFAULT_DATE_ORDER;

export interface OrdersSlice {
  orders: OrdersStatus | null;
  /** The date preset the list's range stands for (it moves with the day), or null for days picked by hand. */
  ordersPreset: DatePreset | null;
  setOrdersPreset(preset: DatePreset | null): void;
  ordersVersion: number;
  ordersQuery: OrdersQuery;
  setOrders(status: OrdersStatus): void;
  loadOrders(): Promise<void>;
  refreshOrders(): Promise<void>;
  setOrdersQuery(patch: Partial<OrdersQuery>): void;
  /** Searching lists matches newest first (instant at any size) until a column is chosen; clearing restores the order. */
  setOrdersSearch(text: string): void;
  ordersBrowseSort: Pick<OrdersQuery, 'sort' | 'dir'>;
  setDateOrder(dateOrder: OrdersStatus['dateOrder']['setting']): Promise<void>;
}

export const ordersSlice: StateCreator<OrdersSlice, [], [], OrdersSlice> = (set, get) => ({
  orders: null,
  ordersPreset: null,
  setOrdersPreset: (ordersPreset) => set({ ordersPreset }),
  ordersVersion: 0,
  ordersQuery: DEFAULT_ORDERS_QUERY,
  setOrders: (orders) => {
    const previous = get().orders;
    if (previous && orders.revision < previous.revision) return; // a stale read that arrived after a newer push
    set({ orders, ordersVersion: get().ordersVersion + 1 });
  },
  loadOrders: async () => get().setOrders(await call('orders:status', {})),
  refreshOrders: async () => get().setOrders(await call('orders:refresh', {})),
  setOrdersQuery: (patch) => set({ ordersQuery: { ...get().ordersQuery, ...patch } }),
  ordersBrowseSort: { sort: DEFAULT_ORDERS_QUERY.sort, dir: DEFAULT_ORDERS_QUERY.dir },
  setOrdersSearch: (text) => {
    const next = searchSortPatch(get().ordersQuery, get().ordersBrowseSort, text, { sort: 'id', dir: 'desc' });
    if (next) set({ ordersQuery: next.query, ordersBrowseSort: next.browse });
  },
  setDateOrder: async (dateOrder) => get().setOrders(await call('settings:date-order', { dateOrder })),
});
