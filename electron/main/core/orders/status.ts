/**
 * What the order book says of itself to the screens (orders:status, orders:changed): its state, count and age, how the
 * last refresh ended, the day/month order in use and what the data taught, and the refreshes' schedule.
 */
import { DEFAULT_DATE_ORDER, learnDateOrder, type DateOrder } from '../../../../shared/dates';
import type { OrdersStatus } from '../../../../shared/domain';
import type { OrderRepository } from './db';

/** The status with no order book open (no service set). */
export const EMPTY_STATUS: OrdersStatus = {
  state: 'idle',
  cachedOrders: 0,
  updatedAt: null,
  outcome: null,
  dateOrder: { setting: 'auto', learnt: null, effective: DEFAULT_DATE_ORDER },
  refresh: {
    newest: null,
    newestBy: null,
    paginated: null,
    pages: null,
    quickAt: null,
    fullAt: null,
    nextQuickAt: null,
    nextFullAt: null,
  },
  revision: 0,
};

/** What service.ts knows beside the book: whether a refresh runs, the settings, the schedule and the revision. */
export interface StatusFacts {
  running: boolean;
  setting: OrdersStatus['dateOrder']['setting'];
  effective: DateOrder;
  nextQuickAt: number | null;
  nextFullAt: number | null;
  revision: number;
}

export function orderStatus(repo: OrderRepository, facts: StatusFacts): OrdersStatus {
  const shape = repo.shape();
  const updatedAt = repo.state('updatedAt');
  const outcome = repo.outcome();
  return {
    state: facts.running ? 'running' : outcome === null ? 'idle' : outcome.code === 'complete' ? 'complete' : 'failed',
    cachedOrders: repo.count(),
    updatedAt: updatedAt === null ? null : Number(updatedAt),
    outcome,
    dateOrder: { setting: facts.setting, learnt: learnDateOrder(repo.evidence()), effective: facts.effective },
    refresh: {
      newest: shape?.newest ?? null,
      newestBy: shape?.newestBy ?? null,
      paginated: shape?.paginated ?? null,
      pages: shape ? (shape.lastPage ?? 1) : null,
      quickAt: repo.time('quickAt'),
      fullAt: repo.time('fullAt'),
      nextQuickAt: facts.nextQuickAt,
      nextFullAt: facts.nextFullAt,
    },
    revision: facts.revision,
  };
}
