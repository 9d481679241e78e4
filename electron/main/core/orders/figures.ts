/**
 * The day's figures (#30.3) of the order book in use: its orders placed in a range of days, in one pass (shared/
 * figures.ts), with the orders this desk sent (the outbox), the top products named from the catalogue, and how far the
 * book can be trusted for the range (the time a refresh last saw the whole list, and how the last one ended).
 */
import type { Handlers } from '../../../../shared/contract';
import { coverageOf, FiguresTally, type TopProduct } from '../../../../shared/figures';
import { addIsoDays, isTimeZone } from '../../../../shared/zoned-days';
import type { Catalogue } from '../catalogue/service';
import type { Orders } from './service';
import type { Outbox } from '../outbox/service';

/** This computer's time zone: the shop's, since the counter stands in the shop. */
export const systemTimeZone = (): string => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
};

export function figuresHandlers(deps: {
  orders: Orders;
  outbox: Outbox;
  catalogue: Catalogue;
  /** The shop's time zone (IANA); this computer's by default. */
  timeZone?: () => string;
}): Pick<Handlers, 'figures:get'> {
  return {
    'figures:get': async ({ from, to }) => {
      const timeZone = (deps.timeZone ?? systemTimeZone)();
      const open = await deps.orders.open();
      const stampZoneMs = open ? deps.outbox.repo.zone(open.key) : null;
      const tally = new FiguresTally({
        from,
        to,
        timeZone,
        stampZoneMs,
        sentByDesk: open ? deps.outbox.repo.sentOrderIds(open.key) : new Set(),
      });
      // an order counts on its order date or a day next to it (split at the shop's midnight): a day either side
      if (open) for (const order of open.repo.figureOrders(addIsoDays(from, -1), addIsoDays(to, 1))) tally.add(order);
      const figures = tally.result();
      const products = (await deps.catalogue.open())?.repo;
      const named = (p: TopProduct): TopProduct => {
        const product = products?.detail(p.productId);
        return product ? { ...p, name: product.name || null, sku: product.sku || null } : p;
      };
      figures.topByQuantity = figures.topByQuantity.map(named);
      figures.topByAmount = figures.topByAmount.map(named);
      const completeAt = open?.repo.state('completeAt');
      return {
        figures,
        coverage: coverageOf(
          { completeAt: completeAt ? Number(completeAt) : null, outcome: open?.repo.outcome()?.code ?? null },
          { to, timeZone },
        ),
        cachedAt: open?.repo.time('updatedAt') ?? null,
        cachedOrders: open?.repo.count() ?? 0,
        stampZoneKnown: stampZoneMs !== null,
      };
    },
  };
}
