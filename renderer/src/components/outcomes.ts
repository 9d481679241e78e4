/** The words for what the core reports as codes and facts: how a catalogue pass or an order refresh ended. */
import type {
  CatalogueOutcome,
  CatalogueStatus,
  OrdersOutcome,
  OrdersStatus,
  SkipReason,
} from '../../../shared/domain';
import { count, timeOfDay } from './format';

const plural = (n: number, one: string, many: string): string => `${count(n)} ${n === 1 ? one : many}`;

/** One line on how the last catalogue pass ended (or what is under way). */
export function catalogueOutcomeText(status: CatalogueStatus | null): string {
  if (!status) return '';
  if (status.state === 'running') return status.finishing ? 'Saving the catalogue…' : 'Downloading the catalogue…';
  const o = status.outcome;
  if (!o) return '';
  return catalogueOutcomeWords(o);
}

export function catalogueOutcomeWords(o: CatalogueOutcome): string {
  switch (o.code) {
    case 'complete': {
      let text = `Catalogue complete: ${plural(o.products, 'product', 'products')} as of ${timeOfDay(o.at)}`;
      if (o.serviceTotal !== null && o.serviceTotal !== o.products)
        text += ` (the service reported ${count(o.serviceTotal)})`;
      if (o.delisted > 0) text += `; ${count(o.delisted)} no longer listed`;
      return `${text}.`;
    }
    case 'incomplete': {
      const problems: string[] = [];
      if (o.failedPages > 0) problems.push(`${plural(o.failedPages, 'page', 'pages')} failed`);
      if (o.drift)
        problems.push(
          `the service’s catalogue changed during the download (${count(o.drift.from)} → ${count(o.drift.to)} pages)`,
        );
      if (o.emptyPages > 0) problems.push(`${plural(o.emptyPages, 'page was', 'pages were')} unexpectedly empty`);
      return `Catalogue incomplete: ${problems.join('; ') || 'some pages are missing'}. Sync again to fetch the rest.`;
    }
    case 'cancelled':
      return `Download stopped at ${count(o.pagesDone)} of ${count(o.pagesTotal ?? o.pagesDone)} pages; it goes on from there next time.`;
    case 'unauthorized':
      return 'The service refused the API token; the catalogue was not updated. Fix the token in Settings.';
    case 'unreachable':
      return 'The service could not be reached; the download goes on when it is back.';
    case 'not_configured':
      return 'No service is set up yet.';
    case 'first_page_failed':
      return 'The service did not send the first product page; try again later.';
    case 'no_page_count':
      return 'The service did not say how many product pages there are, so the catalogue cannot be checked for completeness.';
    case 'not_saved':
      return 'The catalogue could not be saved on this computer (is the disk full?); what was saved is kept.';
  }
}

/** One line on how the last order refresh ended (or what is under way). */
export function ordersOutcomeText(status: OrdersStatus | null): string {
  if (!status) return '';
  if (status.state === 'running')
    return status.cachedOrders === 0 ? 'Downloading the order book…' : 'Refreshing the order book…';
  const o = status.outcome;
  if (!o) return '';
  return ordersOutcomeWords(o, status.cachedOrders);
}

export function ordersOutcomeWords(o: OrdersOutcome, cachedOrders = o.orders): string {
  switch (o.code) {
    case 'complete':
      return `Order book up to date: ${plural(cachedOrders, 'order', 'orders')} as of ${timeOfDay(o.at)}.`;
    case 'partial':
      return `Order book partly refreshed: ${plural(o.failedPages, 'page', 'pages')} could not be fetched. Refresh to try again.`;
    case 'cancelled':
      return 'The order refresh was stopped; the orders fetched so far are kept.';
    case 'unauthorized':
      return 'The service refused the API token; the order book was not refreshed. Fix the token in Settings.';
    case 'unreachable':
      return 'The service could not be reached; showing the orders on this computer.';
    case 'not_configured':
      return 'No service is set up yet.';
    case 'unreadable_list':
      return 'The service’s order list could not be read; showing the orders on this computer.';
  }
}

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  not_an_object: 'not a record at all (a bare value or a list)',
  no_usable_id: 'no usable id, so it cannot be told apart from other records',
};
