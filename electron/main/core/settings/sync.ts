/** Settings → Sync: how often background work reads the service, the load that causes, and what runs next. */
import type { Handlers, SyncView } from '../../../../shared/contract';
import { syncLoad } from '../../../../shared/sync';
import type { Catalogue } from '../catalogue/service';
import type { Orders } from '../orders/service';
import type { SettingsStore } from './settings';

export function syncHandlers(deps: {
  settings: SettingsStore;
  catalogue: Catalogue;
  orders: Orders;
}): Pick<Handlers, 'sync:get' | 'sync:set'> {
  const view = async (): Promise<SyncView> => {
    const settings = deps.settings.get().sync;
    const catalogue = (await deps.catalogue.open())?.repo.state();
    const shape = (await deps.orders.open())?.repo.shape() ?? null;
    const basis = {
      cataloguePages: catalogue?.completePages ?? catalogue?.passLastPage ?? null,
      orderPages: shape ? (shape.lastPage ?? 1) : null,
      ordersPaginated: shape?.paginated ?? null,
    };
    return {
      settings,
      basis,
      load: syncLoad(settings, basis),
      next: {
        ordersQuick: deps.orders.quickJob.state().dueAt,
        ordersFull: deps.orders.fullJob.state().dueAt,
        catalogue: deps.catalogue.job.state().dueAt,
      },
    };
  };
  return {
    'sync:get': view,
    'sync:set': async (patch) => {
      deps.settings.update({ sync: { ...deps.settings.get().sync, ...patch } });
      // each job works out its next run from the new interval
      for (const job of [deps.orders.quickJob, deps.orders.fullJob, deps.catalogue.job]) job.reschedule();
      return view();
    },
  };
}
