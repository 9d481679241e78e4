/** One order in full: customer and address, timeline, items with catalogue names, totals with a check, remarks. */
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { DateView, OrderDetail } from '../../../../shared/domain';
import { asDeduction } from '../../../../shared/money';
import { BridgeError, call } from '../../bridge';
import { SourceBadge } from '../../components/DataSource';
import { useCacheThenLive } from '../../components/useCacheThenLive';
import { OrderSheet } from './OrderSheet';
import { DateText } from '../../components/DateText';
import { count, money } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { useStore } from '../../store';
import { orderAgain, startNewOrderPath } from '../new-order/start';
import { MOD } from '../new-order/WizardScreen';

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V6a2 2 0 0 1 2-2h8" />
        </>
      )}
    </svg>
  );
}

function Copyable({ label, value }: { label: string; value: string }) {
  if (!value) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={`Copy ${label}`} className="no-print">
              <CopyIcon copied={copied} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

const EVENTS: [keyof Pick<OrderDetail, 'orderDate' | 'processedDate' | 'closedDate' | 'cancelledDate'>, string][] = [
  ['orderDate', 'Ordered'],
  ['processedDate', 'Processed'],
  ['closedDate', 'Closed'],
  ['cancelledDate', 'Cancelled'],
];

/**
 * Whether the page is being printed, and since when: the order sheet exists only then (on screen it would be a hidden
 * second copy of the order in the page). The print dialog's `beforeprint` renders it at once, before the page is laid
 * out for paper; print media set by other means (a PDF export) is followed too.
 */
function usePrinting(): { printing: boolean; printed: number; print(): void } {
  const [state, setState] = useState(() => ({ printing: false, printed: Date.now() }));
  useEffect(() => {
    const media = window.matchMedia('print');
    const start = (): void => flushSync(() => setState({ printing: true, printed: Date.now() }));
    const end = (): void => setState((s) => ({ ...s, printing: false }));
    const follow = (event: MediaQueryListEvent): void => (event.matches ? start() : end());
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    media.addEventListener('change', follow);
    if (media.matches) start();
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
      media.removeEventListener('change', follow);
    };
  }, []);
  const print = (): void => {
    flushSync(() => setState({ printing: true, printed: Date.now() }));
    window.print();
  };
  return { ...state, print };
}

export function OrderDetailScreen() {
  const { printing, printed, print } = usePrinting();
  const shop = useStore((s) => s.shop);
  const { id } = useParams();
  const orderId = Number(id);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const loaded = useCacheThenLive(
    valid ? orderId : null,
    (cacheOnly) => call('orders:get', { id: orderId, cacheOnly }),
    'The order could not be read.',
  );
  const read = loaded.read;
  const error = valid ? loaded.error : 'That is not an order number.';

  const back = (
    <Anchor component={Link} to="/orders" className="no-print">
      ← Back to orders
    </Anchor>
  );
  if (error)
    return (
      <Stack maw={720}>
        {back}
        <Alert color="red" title="Order not available">
          {error}
        </Alert>
      </Stack>
    );
  if (!read)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text>Reading the order…</Text>
      </Group>
    );
  const o = read.order;
  const events = EVENTS.filter(([key]) => o[key].kind !== 'empty');
  const address = [
    o.addressLine1,
    o.addressLine2,
    [o.zip, o.city].filter(Boolean).join(' '),
    o.province,
    o.country,
  ].filter(Boolean);
  const amounts: [string, string | null][] = [
    ['Subtotal', o.subtotalPrice],
    ['Shipping', o.shippingCost],
    ['Tax', o.totalTax],
    ['Discounts', asDeduction(o.totalDiscounts)],
  ];

  return (
    <Stack gap="md" maw={1000}>
      {printing && <OrderSheet order={o} shop={shop} printed={printed} />}
      {back}
      <EnteredHere orderId={orderId} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Order {o.poNumber || `#${o.id}`}
          </Title>
          <Group gap="xs">
            <StatusBadge status={o.status} />
            <SourceBadge source={loaded.checking ? 'checking' : read.source} fetchedAt={o.fetchedAt} />
            {o.trackingNumber && <Text size="sm">Tracking: {o.trackingNumber}</Text>}
          </Group>
          {read.note && (
            <Text size="sm" c="dimmed">
              {read.note}
            </Text>
          )}
        </Stack>
        <Group gap="xs" className="no-print">
          <OrderAgainButton order={o} />
          <Button variant="default" onClick={print}>
            Print order sheet
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" aria-label="Customer">
          <Title order={2} fz="h4" mb="xs">
            Customer
          </Title>
          <Copyable label="name" value={o.name} />
          <Copyable label="e-mail" value={o.email} />
          <Copyable label="phone" value={o.phone} />
        </Paper>
        <Paper withBorder p="md" aria-label="Delivery address">
          <Group justify="space-between">
            <Title order={2} fz="h4" mb="xs">
              Delivery address
            </Title>
          </Group>
          {address.length ? (
            <Copyable label="address" value={address.join('\n')} />
          ) : (
            <Text c="dimmed">No address given</Text>
          )}
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" aria-label="Timeline">
        <Title order={2} fz="h4" mb="sm">
          Timeline
        </Title>
        {events.length === 0 ? (
          <Text c="dimmed">No dates given.</Text>
        ) : (
          <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
            {events.map(([key, label]) => (
              <Timeline.Item key={key} title={label} color={key === 'cancelledDate' ? 'red' : undefined}>
                <Text size="sm">
                  <DateText value={o[key] as DateView} />
                </Text>
                {key === 'cancelledDate' && o.cancelReason && (
                  <Text size="sm" c="dimmed">
                    Reason: {o.cancelReason}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
      <Paper withBorder p="md" aria-label="Items">
        <Title order={2} fz="h4" mb="sm">
          Items ({count(o.items.length)})
        </Title>
        {o.items.length === 0 ? (
          <Text c="dimmed">The service listed no items for this order.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Discount</Table.Th>
                <Table.Th ta="right">Line total</Table.Th>
                <Table.Th>Fulfilment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.items.map((item, index) => (
                <Table.Tr key={item.id ?? `line-${index}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {item.productName ?? `Product #${item.productVariantId ?? '?'}`}
                    <Text size="xs" c="dimmed">
                      {item.productSku ? `SKU ${item.productSku} · ` : 'Not in the local catalogue · '}id{' '}
                      {item.productVariantId ?? '—'}
                      {item.createdAt ? ` · added ${item.createdAt}` : ''}
                      {item.updatedAt && item.updatedAt !== item.createdAt ? ` · updated ${item.updatedAt}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{item.quantity === null ? '—' : count(item.quantity)}</Table.Td>
                  <Table.Td ta="right">{money(item.price)}</Table.Td>
                  <Table.Td ta="right">{money(item.discount)}</Table.Td>
                  <Table.Td ta="right">{money(item.lineTotal)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={item.fulfillmentStatus} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" aria-label="Remarks">
          <Title order={2} fz="h4" mb="xs">
            Remarks
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={o.remarks ? undefined : 'dimmed'}>
            {o.remarks || 'No remarks.'}
          </Text>
        </Paper>
        <Paper withBorder p="md" aria-label="Totals">
          <Title order={2} fz="h4" mb="xs">
            Totals
          </Title>
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {amounts.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td ta="right">{money(value)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td fw={700}>Total</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(o.totalPrice)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {o.totalsCheck.matches === false && (
            <Alert color="orange" mt="xs" title="Totals do not add up" role="alert">
              Subtotal + shipping + tax − discounts is {money(o.totalsCheck.computed)}, but the order says{' '}
              {money(o.totalPrice)}.
            </Alert>
          )}
          {o.totalsCheck.matches === null && (
            <Text size="sm" c="dimmed" mt="xs">
              Some figures are missing, so the totals cannot be checked.
            </Text>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** A new order with this one's customer, address and lines, opened at Items. */
function OrderAgainButton({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Stack gap={2} align="flex-end">
      <Button
        variant="light"
        loading={busy}
        onClick={() => {
          setBusy(true);
          orderAgain(order).then(
            (path) => navigate(path),
            (e: unknown) => {
              setBusy(false);
              setFailed(e instanceof BridgeError ? e.message : 'The new order could not be started.');
            },
          );
        }}
      >
        Order again
      </Button>
      {failed && (
        <Text size="xs" c="red" role="alert">
          {failed}
        </Text>
      )}
    </Stack>
  );
}

/** An order entered on this computer: says so, and flags totals the service computed differently. */
function EnteredHere({ orderId }: { orderId: number }) {
  const entry = useStore((s) => s.outbox.find((e) => e.state === 'sent' && e.serverOrderId === orderId) ?? null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (!entry) return null;
  if (entry.totalsMismatch)
    return (
      <Alert
        color="orange"
        role="alert"
        title="The service’s totals differ from the ones entered here"
        className="no-print"
      >
        Entered on this computer with a total of {money(entry.order.total_price)} (subtotal{' '}
        {money(entry.order.subtotal_price)}). Compare with the totals below before handing over the order.
      </Alert>
    );
  if (params.get('entered') !== entry.id) return null;
  return (
    <Alert color="teal" role="status" title="Sent" className="no-print">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">The service has this order; its totals match the ones entered here.</Text>
        <Button size="sm" onClick={() => void navigate(startNewOrderPath())} data-autofocus autoFocus>
          Start next order ({MOD}+N)
        </Button>
      </Group>
    </Alert>
  );
}
