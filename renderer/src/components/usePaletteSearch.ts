/**
 * The palette's logic: the quantity split off the search, screens by name, orders and products from the caches as
 * staff type (a moment after the last key), and a scan read into the search and looked up as the Items step does.
 */
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { LookupMiss } from '../../../shared/contract';
import type { OrderRow, ProductRow } from '../../../shared/domain';
import { splitQuantity } from '../../../shared/order-entry';
import { call } from '../bridge';
import { t } from '../i18n';
import { useStore } from '../store';
import { lookupMissText } from './lookupWords';
import { readScan } from './scanLabel';
import { useDelayedSearch } from './useDelayedSearch';
import { useScanner } from './useScanner';

const SCREENS = [
  { id: 'orders', label: 'nav.orders', description: 'palette.orders', to: '/orders' },
  { id: 'new-order', label: 'nav.newOrder', description: 'palette.newOrder', to: '/new-order' },
  { id: 'stock', label: 'nav.stock', description: 'palette.stock', to: '/stock' },
  { id: 'outbox', label: 'nav.outbox', description: 'palette.outbox', to: '/outbox' },
  { id: 'today', label: 'nav.today', description: 'palette.today', to: '/today' },
  { id: 'settings', label: 'nav.settings', description: 'palette.settings', to: '/settings' },
] as const;

/** The palette searches the caches once typing has paused this long (ms), and only for this many characters or more. */
export const PALETTE_SEARCH_DELAY_MS = 100;
export const PALETTE_SEARCH_MIN_LENGTH = 2;

/** The palette's scanner reader (useScanner's `reader`). */
export const PALETTE_READER = 'palette';

export function usePaletteSearch(query: string, setQuery: Dispatch<SetStateAction<string>>) {
  const [found, setFound] = useState<{ query: string; products: ProductRow[]; orders: OrderRow[] }>({
    query: '',
    products: [],
    orders: [],
  });

  const typed = splitQuantity(query);
  const search = typed.text.trim();

  /** The last scan's search and what its lookup found (shown while the search is still that code). */
  const [scanned, setScanned] = useState<{ search: string; product: ProductRow | null; miss: LookupMiss | null }>();
  useScanner(
    (code) => {
      const { lookup } = readScan(code, useStore.getState().ui.scanner);
      // the quantity typed before the scan stays in front of it; any words typed before are replaced by the code
      setQuery((before) => {
        const quantity = splitQuantity(before).quantity;
        return quantity === null ? lookup : `${quantity}* ${lookup}`;
      });
      setScanned(undefined);
      void call('catalogue:lookup', { code: lookup }).then(
        ({ product, miss }) => setScanned({ search: lookup, product, miss }),
        () => undefined, // the search as typed still runs
      );
    },
    true,
    { inFields: true, reader: PALETTE_READER },
  );
  const scan = scanned?.search === search ? scanned : undefined;
  useDelayedSearch({
    text: search,
    revision: null, // the caches are searched afresh with each key; nothing else asks for the search again
    search: (text) =>
      Promise.all([
        call('catalogue:query', { text, offset: 0, limit: 5 }).then(
          (w) => w.rows,
          () => [] as ProductRow[],
        ),
        call('orders:query', { text, offset: 0, limit: 5 }).then(
          (w) => w.rows,
          () => [] as OrderRow[],
        ),
      ]),
    onAnswer: (text, [products, orders]) => setFound({ query: text, products, orders }),
    onError: () => undefined, // each half answers none when it fails (above): the search never fails whole
    delayMs: PALETTE_SEARCH_DELAY_MS,
    minLength: PALETTE_SEARCH_MIN_LENGTH,
  });

  const text = search.toLowerCase();
  const screens = SCREENS.map((s) => ({ ...s, label: t(s.label), description: t(s.description) })).filter(
    (s) => !text || s.label.toLowerCase().includes(text),
  );
  const listed = found.query === search ? found : { products: [], orders: [] };
  // a scan lists the product its lookup found (a GS1 code's, a UPC-A's EAN-13), else none
  const current = scan ? { ...listed, products: scan.product ? [scan.product] : [] } : listed;
  const missText = scan && !scan.product ? lookupMissText(scan.miss, scan.search) : null;
  const empty = screens.length + current.products.length + current.orders.length === 0;

  return { quantity: typed.quantity, screens, current, scan, missText, empty };
}
