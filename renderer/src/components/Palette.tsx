/**
 * Ctrl/Cmd+K: screens by name, and orders and products from the caches on this computer as you type. A quantity
 * before the search ("5* cheese", #29.6) is the quantity "Add to order" adds; the rest is the search.
 *
 * A scan into the palette (#29.1) is read by the same scanner reader as everywhere else (useScanner: the physical keys
 * through the scanner's layout, its prefix and suffix taken off, a GS1 code by its GTIN) and looked up as the Items
 * step looks a scan up: the search holds the code (after the quantity typed before it, "5* "), the product it found
 * is the one listed, and a code that found none says why (a misread, or not in the catalogue). The keys are the
 * palette's alone (`data-scan-reader`): the screen underneath does not take the scan too.
 */
import { Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import type { LookupMiss } from '../../../shared/contract';
import type { OrderRow, ProductRow } from '../../../shared/domain';
import { money } from './format';
import { call } from '../bridge';
import { lookupMissText } from './lookupWords';
import { MisreadCue } from './MisreadCue';
import { readScan } from './scanLabel';
import { scanKeysTaken, useScanner } from './useScanner';
import { addToOrder } from '../screens/new-order/start';
import { splitQuantity } from '../../../shared/order-entry';
import { usePins } from '../screens/new-order/FavouritesGrid';
import { useStore } from '../store';
import { t } from '../i18n';

const SCREENS = [
  { id: 'orders', label: 'nav.orders', description: 'palette.orders', to: '/orders' },
  { id: 'new-order', label: 'nav.newOrder', description: 'palette.newOrder', to: '/new-order' },
  { id: 'stock', label: 'nav.stock', description: 'palette.stock', to: '/stock' },
  { id: 'outbox', label: 'nav.outbox', description: 'palette.outbox', to: '/outbox' },
  { id: 'today', label: 'nav.today', description: 'palette.today', to: '/today' },
  { id: 'settings', label: 'nav.settings', description: 'palette.settings', to: '/settings' },
] as const;

/** A quantity and nothing after it yet ("5*", "3 ×"). */
const QUANTITY_ONLY = /^\s*\d{1,6}\s*[*×]\s*$/;

/** The palette's scanner reader (useScanner's `reader`). */
const PALETTE_READER = 'palette';

/** Opened by Commands (Ctrl/Cmd+K, the menu); loaded in a chunk of its own (lazy.tsx). */
export function Palette({
  query,
  setQuery,
  onClose,
}: {
  query: string;
  setQuery: Dispatch<SetStateAction<string>>;
  /** The palette closed: keys typed now are the page's again. */
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { toggle: pin } = usePins();
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
  useEffect(() => {
    const text = search;
    if (text.length < 2) return;
    let stale = false;
    const timer = setTimeout(() => {
      void Promise.all([
        call('catalogue:query', { text, offset: 0, limit: 5 }).then(
          (w) => w.rows,
          () => [] as ProductRow[],
        ),
        call('orders:query', { text, offset: 0, limit: 5 }).then(
          (w) => w.rows,
          () => [] as OrderRow[],
        ),
      ]).then(([products, orders]) => {
        if (!stale) setFound({ query: text, products, orders });
      });
    }, 100);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [search]);

  const text = search.toLowerCase();
  const screens = SCREENS.map((s) => ({ ...s, label: t(s.label), description: t(s.description) })).filter(
    (s) => !text || s.label.toLowerCase().includes(text),
  );
  const listed = found.query === search ? found : { products: [], orders: [] };
  // a scan lists the product its lookup found (a GS1 code's, a UPC-A's EAN-13), else none
  const current = scan ? { ...listed, products: scan.product ? [scan.product] : [] } : listed;
  const missText = scan && !scan.product ? lookupMissText(scan.miss, scan.search) : null;
  const go = (to: string) => () => void navigate(to);
  const empty = screens.length + current.products.length + current.orders.length === 0;

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={(next) => {
        // "5*" typed: a quantity, no part of the code a scanner sends next (as in the Items step's barcode field)
        if (QUANTITY_ONLY.test(next)) scanKeysTaken();
        setQuery(next);
      }}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={420}
      // the dialog has no visible title: its name is the search's
      // and its keys are read by its own scanner reader (above), not the screen's underneath
      attributes={{ content: { 'aria-label': t('palette.label'), 'data-scan-reader': PALETTE_READER } }}
    >
      {/* a search box (as Stock's): a scanner's Tab ends a code here too */}
      <Spotlight.Search
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.label')}
        role="searchbox"
        data-palette-search
      />
      <Spotlight.ActionsList aria-label={t('palette.list')}>
        {screens.length > 0 && (
          <Spotlight.ActionsGroup label={t('palette.screens')}>
            {screens.map((s) => (
              <Spotlight.Action key={s.id} label={s.label} description={s.description} onClick={go(s.to)} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {current.orders.length > 0 && (
          <Spotlight.ActionsGroup label={t('nav.orders')}>
            {current.orders.map((o) => (
              <Spotlight.Action
                key={`o${o.id}`}
                label={`${o.poNumber || `#${o.id}`} — ${o.name}`}
                description={`${o.email} · ${money(o.totalPrice)}`}
                onClick={go(`/orders/${o.id}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {current.products.length > 0 && (
          <Spotlight.ActionsGroup label={t('palette.products')}>
            {current.products.map((p) => (
              <Spotlight.Action
                key={`p${p.id}`}
                label={`${p.sku} — ${p.name}`}
                description={`${money(p.price)} · ${p.available === null ? t('palette.noStock') : t('palette.available', { count: p.available })}`}
                onClick={go(`/stock?product=${p.id}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {current.products.length > 0 && (
          <Spotlight.ActionsGroup label={t('palette.addToOrder')}>
            {current.products.map((p) => (
              <Spotlight.Action
                key={`a${p.id}`}
                label={
                  typed.quantity === null
                    ? t('palette.addProduct', { product: `${p.sku} — ${p.name}` })
                    : t('palette.addQuantity', { quantity: typed.quantity, product: `${p.sku} — ${p.name}` })
                }
                description={useStore.getState().wizard ? t('palette.addsToOrder') : t('palette.startsOrder')}
                onClick={() => void addToOrder(p, false, typed.quantity ?? 1).then((path) => navigate(path))}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {current.products.length > 0 && (
          <Spotlight.ActionsGroup label={t('favourites.title')}>
            {current.products.map((p) => {
              const product = `${p.sku} — ${p.name}`;
              const pinned = useStore.getState().ui.favourites.includes(p.id);
              return (
                <Spotlight.Action
                  key={`f${p.id}`}
                  label={pinned ? t('palette.unpinProduct', { product }) : t('palette.pinProduct', { product })}
                  description={t('palette.pinHelp')}
                  onClick={() => pin(p)}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        )}
        {empty && (
          <Spotlight.Empty>
            {missText && scan?.miss === 'misread' ? (
              <MisreadCue text={missText} compact />
            ) : (
              <Text size="sm">{missText ?? t('palette.nothing', { query: query.trim() })}</Text>
            )}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
