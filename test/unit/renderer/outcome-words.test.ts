/**
 * How a catalogue pass or an order refresh ended, in English words (renderer/src/components/outcomes.ts, #28.5): the
 * core sends only a code and its facts (no `summary` sentence travels any more), so the lines Stock and Orders show
 * are these. Each code reads right, with its facts in it.
 */
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_OUTCOMES,
  IDLE_CATALOGUE,
  ORDERS_OUTCOMES,
  type CatalogueOutcome,
  type CatalogueStatus,
  type OrdersOutcome,
  type OrdersStatus,
} from '../../../shared/domain';

// named at run time only: the unit tests' typecheck (tsconfig.node.json) has no JSX or DOM, and outcomes.ts is checked
// with the renderer (tsconfig.web.json)
const OUTCOMES = '../../../renderer/src/components/outcomes';
const { catalogueOutcomeText, catalogueOutcomeWords, ordersOutcomeText, ordersOutcomeWords } = (await import(
  /* @vite-ignore */ OUTCOMES
)) as {
  catalogueOutcomeText(status: CatalogueStatus | null): string;
  catalogueOutcomeWords(o: CatalogueOutcome): string;
  ordersOutcomeText(status: OrdersStatus | null, reachable?: boolean): string;
  ordersOutcomeWords(o: OrdersOutcome, cachedOrders?: number): string;
};

const pass = (facts: Partial<CatalogueOutcome>): CatalogueOutcome => ({
  code: 'complete',
  at: 0,
  products: 0,
  serviceTotal: null,
  delisted: 0,
  pagesDone: 0,
  pagesTotal: null,
  failedPages: 0,
  emptyPages: 0,
  drift: null,
  endNotSeen: null,
  skippedRecords: 0,
  detail: null,
  ...facts,
});

const refresh = (facts: Partial<OrdersOutcome>): OrdersOutcome => ({
  code: 'complete',
  at: 0,
  orders: 0,
  failedPages: 0,
  skippedRecords: 0,
  endNotSeen: null,
  ...facts,
});

/** Every catalogue code, each with facts and the English line Stock shows for them. */
const CATALOGUE_LINES: [string, CatalogueOutcome, string][] = [
  ['complete', pass({ products: 321, serviceTotal: 321 }), 'Catalogue complete: 321 products.'],
  ['complete', pass({ products: 1, serviceTotal: null }), 'Catalogue complete: 1 product.'],
  [
    'complete',
    pass({ products: 2_000, serviceTotal: 2_010, delisted: 10 }),
    'Catalogue complete: 2,000 products (the service reported 2,010); 10 no longer listed.',
  ],
  [
    'incomplete',
    pass({ code: 'incomplete', failedPages: 1 }),
    'Catalogue incomplete: 1 page failed. Sync again to fetch the rest.',
  ],
  [
    'incomplete',
    pass({ code: 'incomplete', failedPages: 3, drift: { from: 5, to: 3 }, emptyPages: 2 }),
    'Catalogue incomplete: 3 pages failed; the service’s catalogue changed during the download (5 → 3 pages); ' +
      '2 pages were unexpectedly empty. Sync again to fetch the rest.',
  ],
  [
    'incomplete',
    pass({ code: 'incomplete', emptyPages: 1 }),
    'Catalogue incomplete: 1 page was unexpectedly empty. Sync again to fetch the rest.',
  ],
  [
    'cancelled',
    pass({ code: 'cancelled', pagesDone: 3, pagesTotal: 7 }),
    'Download stopped at 3 of 7 pages; it goes on from there next time.',
  ],
  [
    'unauthorized',
    pass({ code: 'unauthorized' }),
    'The service refused the API token; the catalogue was not updated. Fix the token in Settings.',
  ],
  [
    'unreachable',
    pass({ code: 'unreachable' }),
    'The service could not be reached; the download goes on when it is back.',
  ],
  ['not_configured', pass({ code: 'not_configured' }), 'No service is set up yet.'],
  [
    'first_page_failed',
    pass({ code: 'first_page_failed' }),
    'The service did not send the first product page; try again later.',
  ],
  [
    'no_page_count',
    pass({ code: 'no_page_count' }),
    'The service sent an empty product list without saying how many products it has, so nothing was changed: ' +
      'the catalogue on this computer is kept as it was.',
  ],
  [
    'not_saved',
    // the system's own words stay a detail (a tooltip), never part of the line
    pass({ code: 'not_saved', detail: 'database or disk is full' }),
    'The catalogue could not be saved on this computer (is the disk full?); what was saved is kept.',
  ],
  [
    'end_not_seen',
    pass({ code: 'end_not_seen', products: 45, endNotSeen: { reason: 'repeated_page', page: 4 } }),
    'Catalogue not complete: 45 products read, but the service’s last page was not seen (page 4 repeated the page ' +
      'before it). Nothing was marked as no longer listed.',
  ],
  [
    'end_not_seen',
    pass({ code: 'end_not_seen', products: 30_000, endNotSeen: { reason: 'page_cap', page: 2_000 } }),
    'Catalogue not complete: 30,000 products read, but the service’s last page was not seen (it still said there ' +
      'was more after 2,000 pages). Nothing was marked as no longer listed.',
  ],
];

/** Every order-book code, each with facts and the English line Orders shows for them. */
const ORDERS_LINES: [string, OrdersOutcome, string][] = [
  ['complete', refresh({ orders: 45 }), 'Order book up to date: 45 orders.'],
  ['complete', refresh({ orders: 1 }), 'Order book up to date: 1 order.'],
  [
    'partial',
    refresh({ code: 'partial', orders: 30, failedPages: 2 }),
    'Order book partly refreshed: 2 pages could not be fetched. Refresh to try again.',
  ],
  [
    'partial',
    refresh({ code: 'partial', orders: 30, failedPages: 1 }),
    'Order book partly refreshed: 1 page could not be fetched. Refresh to try again.',
  ],
  ['cancelled', refresh({ code: 'cancelled' }), 'The order refresh was stopped; the orders fetched so far are kept.'],
  [
    'unauthorized',
    refresh({ code: 'unauthorized' }),
    'The service refused the API token; the order book was not refreshed. Fix the token in Settings.',
  ],
  [
    'unreachable',
    refresh({ code: 'unreachable' }),
    'The service could not be reached; showing the orders on this computer.',
  ],
  ['not_configured', refresh({ code: 'not_configured' }), 'No service is set up yet.'],
  [
    'unreadable_list',
    refresh({ code: 'unreadable_list' }),
    'The service’s order list could not be read; showing the orders on this computer.',
  ],
  [
    'end_not_seen',
    refresh({ code: 'end_not_seen', orders: 45, endNotSeen: { reason: 'repeated_page', page: 4 } }),
    'Order book not complete: 45 orders read, but the service’s last page was not seen (page 4 repeated the page ' +
      'before it).',
  ],
  [
    'end_not_seen',
    refresh({ code: 'end_not_seen', orders: 1_500, endNotSeen: { reason: 'page_cap', page: 1_000 } }),
    'Order book not complete: 1,500 orders read, but the service’s last page was not seen (it still said there was ' +
      'more after 1,000 pages).',
  ],
];

const ORDERS_STATUS: OrdersStatus = {
  state: 'complete',
  cachedOrders: 45,
  updatedAt: 0,
  outcome: refresh({ orders: 45 }),
  dateOrder: { setting: 'auto', learnt: null, effective: 'dmy' },
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
  revision: 1,
};

describe('how a catalogue pass ended, in English', () => {
  it('every code has a line of its own here', () => {
    expect(new Set(CATALOGUE_LINES.map(([code]) => code))).toEqual(new Set(CATALOGUE_OUTCOMES));
  });

  it.each(CATALOGUE_LINES)('%s: %j', (code, outcome, line) => {
    expect(outcome.code).toBe(code);
    expect(catalogueOutcomeWords(outcome)).toBe(line);
  });

  it('the line on Stock: the last outcome once the pass has ended, what is under way while it runs', () => {
    const ended: CatalogueStatus = { ...IDLE_CATALOGUE, state: 'incomplete', outcome: CATALOGUE_LINES[3]![1] };
    expect(catalogueOutcomeText(ended)).toBe(CATALOGUE_LINES[3]![2]);
    expect(catalogueOutcomeText({ ...ended, state: 'running' })).toBe('Downloading the catalogue…');
    expect(catalogueOutcomeText({ ...ended, state: 'running', finishing: true })).toBe('Saving the catalogue…');
    expect(catalogueOutcomeText(IDLE_CATALOGUE)).toBe('');
    expect(catalogueOutcomeText(null)).toBe('');
  });
});

describe('how an order refresh ended, in English', () => {
  it('every code has a line of its own here', () => {
    expect(new Set(ORDERS_LINES.map(([code]) => code))).toEqual(new Set(ORDERS_OUTCOMES));
  });

  it.each(ORDERS_LINES)('%s: %j', (code, outcome, line) => {
    expect(outcome.code).toBe(code);
    expect(ordersOutcomeWords(outcome)).toBe(line);
  });

  it('the line on Orders: the book on this computer counts, and "up to date" only while the service can be used', () => {
    // the orders in the book now (an order sent from this desk since may have joined them)
    expect(ordersOutcomeText({ ...ORDERS_STATUS, cachedOrders: 46 })).toBe('Order book up to date: 46 orders.');
    expect(ordersOutcomeText(ORDERS_STATUS, false)).toBe('Order book as last read: 45 orders.');
    // an end that was not complete reads the same whether or not the service can be used now
    const partial = { ...ORDERS_STATUS, state: 'failed' as const, outcome: ORDERS_LINES[2]![1] };
    expect(ordersOutcomeText(partial, false)).toBe(ORDERS_LINES[2]![2]);
    expect(ordersOutcomeText({ ...ORDERS_STATUS, state: 'running' })).toBe('Refreshing the order book…');
    expect(ordersOutcomeText({ ...ORDERS_STATUS, state: 'running', cachedOrders: 0, outcome: null })).toBe(
      'Downloading the order book…',
    );
    expect(ordersOutcomeText({ ...ORDERS_STATUS, state: 'idle', outcome: null })).toBe('');
  });
});
