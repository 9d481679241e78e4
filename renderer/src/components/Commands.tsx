/**
 * Shopdesk's keyboard layer: the shortcuts of shared/shortcuts.ts (also what the Electron menu sends), the "?"
 * overlay that lists them, and the Ctrl/Cmd+K palette that jumps to any screen, order or product.
 */
import { Kbd, Modal, Table, Text } from '@mantine/core';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderRow, ProductRow } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import { commandFor, SHORTCUTS, shortcutText, type Command } from '../../../shared/shortcuts';
import { call, subscribe } from '../bridge';
import { newDraftPath } from '../screens/new-order/NewOrderScreen';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const SCREENS = [
  { id: 'orders', label: 'Orders', description: 'The order book', to: '/orders' },
  { id: 'new-order', label: 'New order', description: 'Enter an order by hand', to: '/new-order' },
  { id: 'stock', label: 'Stock', description: 'Products and stock', to: '/stock' },
  { id: 'outbox', label: 'Outbox', description: 'Orders not sent yet', to: '/outbox' },
  { id: 'settings', label: 'Settings', description: 'Service address, token, date order', to: '/settings' },
] as const;

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function Commands() {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const run = (command: Command): void => {
      switch (command) {
        case 'go-orders':
          return void navigate('/orders');
        case 'go-new-order':
          return void navigate('/new-order');
        case 'go-stock':
          return void navigate('/stock');
        case 'go-outbox':
          return void navigate('/outbox');
        case 'go-settings':
          return void navigate('/settings');
        case 'new-order':
          return void navigate(newDraftPath());
        case 'focus-search': {
          const field = document.querySelector<HTMLInputElement>('[data-shortcut-search]');
          field?.focus();
          field?.select();
          return;
        }
        case 'palette':
          setQuery(''); // a fresh search each time
          return spotlight.open();
        case 'shortcuts':
          return setHelp(true);
      }
    };
    const onKey = (event: KeyboardEvent): void => {
      const command = commandFor(event, MAC, isTextField(event.target));
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    const stop = subscribe('app:command', ({ command }) => run(command));
    return () => {
      window.removeEventListener('keydown', onKey);
      stop();
    };
  }, [navigate]);

  return (
    <>
      <Palette query={query} setQuery={setQuery} />
      <Modal opened={help} onClose={() => setHelp(false)} title="Keyboard shortcuts" centered>
        <Table aria-label="Keyboard shortcuts" verticalSpacing={6}>
          <Table.Tbody>
            {SHORTCUTS.map((s) => (
              <Table.Tr key={s.command}>
                <Table.Td w={110}>
                  <Kbd>{shortcutText(s.accelerator, MAC)}</Kbd>
                </Table.Td>
                <Table.Td>{s.label}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>
                <Kbd>Enter</Kbd>
              </Table.Td>
              <Table.Td>In a search box: open the first match; after a scanned barcode: find or add it</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                <Kbd>↓</Kbd> <Kbd>↑</Kbd>
              </Table.Td>
              <Table.Td>From a search box into the list, and through it</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                <Kbd>{MAC ? '⌘' : 'Ctrl'}+Enter</Kbd>
              </Table.Td>
              <Table.Td>Send the order (on the review step of a new order)</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}

/** Ctrl/Cmd+K: screens by name, and orders and products from the caches on this computer as you type. */
function Palette({ query, setQuery }: { query: string; setQuery: (query: string) => void }) {
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
                description={`${o.email} · ${formatMoney(o.totalPrice)}`}
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
                description={`${formatMoney(p.price)} · ${p.available === null ? 'stock —' : `${p.available} available`}`}
                onClick={go(`/stock?product=${p.id}`)}
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
