/** Ctrl/Cmd+K: screens by name, and orders and products from the caches on this computer as you type. */
import { Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderRow, ProductRow } from '../../../shared/domain';
import { count, money } from './format';
import { call } from '../bridge';
import { addToOrder } from '../screens/new-order/start';
import { useStore } from '../store';

const SCREENS = [
  { id: 'orders', label: 'Orders', description: 'The order book', to: '/orders' },
  { id: 'new-order', label: 'New order', description: 'Enter an order by hand', to: '/new-order' },
  { id: 'stock', label: 'Stock', description: 'Products and stock', to: '/stock' },
  { id: 'outbox', label: 'Outbox', description: 'Orders not sent yet', to: '/outbox' },
  { id: 'settings', label: 'Settings', description: 'Service address, token, date order', to: '/settings' },
] as const;

/** Opened by Commands (Ctrl/Cmd+K, the menu); loaded in a chunk of its own (lazy.tsx). */
export function Palette({ query, setQuery }: { query: string; setQuery: (query: string) => void }) {
  const navigate = useNavigate();
  const [found, setFound] = useState<{ query: string; products: ProductRow[]; orders: OrderRow[] }>({
    query: '',
    products: [],
    orders: [],
  });

  useEffect(() => {
    const text = query.trim();
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
  }, [query]);

  const text = query.trim().toLowerCase();
  const screens = SCREENS.filter((s) => !text || s.label.toLowerCase().includes(text));
  const current = found.query === query.trim() ? found : { products: [], orders: [] };
  const go = (to: string) => () => void navigate(to);
  const empty = screens.length + current.products.length + current.orders.length === 0;

  return (
    <Spotlight.Root query={query} onQueryChange={setQuery} shortcut={null} scrollable maxHeight={420}>
      <Spotlight.Search
        placeholder="Go to a screen, an order (number, name, e-mail) or a product (name, SKU, barcode)"
        aria-label="Go to"
      />
      <Spotlight.ActionsList aria-label="Places to go">
        {screens.length > 0 && (
          <Spotlight.ActionsGroup label="Screens">
            {screens.map((s) => (
              <Spotlight.Action key={s.id} label={s.label} description={s.description} onClick={go(s.to)} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {current.orders.length > 0 && (
          <Spotlight.ActionsGroup label="Orders">
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
          <Spotlight.ActionsGroup label="Products">
            {current.products.map((p) => (
              <Spotlight.Action
                key={`p${p.id}`}
                label={`${p.sku} — ${p.name}`}
                description={`${money(p.price)} · ${p.available === null ? 'stock —' : `${count(p.available)} available`}`}
                onClick={go(`/stock?product=${p.id}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {current.products.length > 0 && (
          <Spotlight.ActionsGroup label="Add to order">
            {current.products.map((p) => (
              <Spotlight.Action
                key={`a${p.id}`}
                label={`Add to order: ${p.sku} — ${p.name}`}
                description={
                  useStore.getState().wizard ? 'Adds it to the order being entered' : 'Starts an order with it'
                }
                onClick={() => void addToOrder(p).then((path) => navigate(path))}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {empty && (
          <Spotlight.Empty>
            <Text size="sm">Nothing on this computer matches “{query.trim()}”.</Text>
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
