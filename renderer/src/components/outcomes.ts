/** The words for what the core reports as codes and facts: how a catalogue pass or an order refresh ended. */
import type {
  CatalogueOutcome,
  CatalogueStatus,
  OrdersOutcome,
  OrdersStatus,
  SkipReason,
} from '../../../shared/domain';
import { t } from '../i18n';

/** One line on how the last catalogue pass ended (or what is under way). */
export function catalogueOutcomeText(status: CatalogueStatus | null): string {
  if (!status) return '';
  if (status.state === 'running') return status.finishing ? t('catalogue.saving') : t('catalogue.downloading');
  const o = status.outcome;
  if (!o) return '';
  return catalogueOutcomeWords(o);
}

export function catalogueOutcomeWords(o: CatalogueOutcome): string {
  switch (o.code) {
    case 'complete':
      // the time is said once, by the list's "cached at" line
      return t('catalogue.outcome.complete', {
        products: o.products,
        reported: o.serviceTotal !== null && o.serviceTotal !== o.products ? 'yes' : 'no',
        serviceTotal: o.serviceTotal ?? 0,
        delisted: o.delisted,
      });
    case 'incomplete': {
      const problems: string[] = [];
      if (o.failedPages > 0) problems.push(t('catalogue.problem.failedPages', { pages: o.failedPages }));
      if (o.drift) problems.push(t('catalogue.problem.drift', { from: o.drift.from, to: o.drift.to }));
      if (o.emptyPages > 0) problems.push(t('catalogue.problem.emptyPages', { pages: o.emptyPages }));
      return t('catalogue.outcome.incomplete', {
        problems: problems.join('; ') || t('catalogue.problem.someMissing'),
      });
    }
    case 'cancelled':
      return t('catalogue.outcome.cancelled', { done: o.pagesDone, total: o.pagesTotal ?? o.pagesDone });
    case 'unauthorized':
      return t('catalogue.outcome.unauthorized');
    case 'unreachable':
      return t('catalogue.outcome.unreachable');
    case 'not_configured':
      return t('outcome.notConfigured');
    case 'first_page_failed':
      return t('catalogue.outcome.firstPageFailed');
    case 'no_page_count':
      return t('catalogue.outcome.noPageCount');
    case 'not_saved':
      return t('catalogue.outcome.notSaved');
    case 'end_not_seen':
      return t('catalogue.outcome.endNotSeen', {
        products: o.products,
        reason: o.endNotSeen?.reason === 'page_cap' ? 'cap' : 'repeated',
        page: o.endNotSeen?.page ?? o.pagesDone,
      });
  }
}

/**
 * One line on how the last order refresh ended (or what is under way). While the service cannot be used (offline,
 * busy, failing, signed out), a refresh that ended well is not "up to date": the book is what was last read. The time is said once, by the list's "updated at" line.
 */
export function ordersOutcomeText(status: OrdersStatus | null, reachable = true): string {
  if (!status) return '';
  if (status.state === 'running') return status.cachedOrders === 0 ? t('orders.downloading') : t('orders.refreshing');
  const o = status.outcome;
  if (!o) return '';
  if (o.code === 'complete' && !reachable) return t('orders.outcome.asLastRead', { orders: status.cachedOrders });
  return ordersOutcomeWords(o, status.cachedOrders);
}

export function ordersOutcomeWords(o: OrdersOutcome, cachedOrders = o.orders): string {
  switch (o.code) {
    case 'complete':
      return t('orders.outcome.complete', { orders: cachedOrders });
    case 'partial':
      return t('orders.outcome.partial', { pages: o.failedPages });
    case 'cancelled':
      return t('orders.outcome.cancelled');
    case 'unauthorized':
      return t('orders.outcome.unauthorized');
    case 'unreachable':
      return t('orders.outcome.unreachable');
    case 'not_configured':
      return t('outcome.notConfigured');
    case 'unreadable_list':
      return t('orders.outcome.unreadableList');
    case 'end_not_seen':
      return t('orders.outcome.endNotSeen', {
        orders: cachedOrders,
        reason: o.endNotSeen?.reason === 'page_cap' ? 'cap' : 'repeated',
        page: o.endNotSeen?.page ?? 0,
      });
  }
}

/** Why a record the service sent was skipped. */
export const skipReasonText = (reason: SkipReason): string =>
  reason === 'not_an_object' ? t('skipped.reason.notAnObject') : t('skipped.reason.noUsableId');
