/** One order in full: customer and address, timeline, items with catalogue names, totals with a check, remarks. */
import { countryLabel } from '../../../../shared/countries';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
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
import { call } from '../../bridge';
import { SourceBadge } from '../../components/DataSource';
import { useCacheThenLive } from '../../components/useCacheThenLive';
import { OrderSheet } from './OrderSheet';
import { DateText } from '../../components/DateText';
import { asOf, count, money } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { useStore } from '../../store';
import { orderAgain, startNewOrderPath } from '../new-order/start';
import { MOD } from '../new-order/WizardScreen';
import type { SimpleKey } from '../../../../shared/i18n/translate';
import { currentLocale, t } from '../../i18n';
import { errorText } from '../../errors';
import { ReadNotice } from '../../components/ReadNotice';

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

/** A value with a button that copies it; `label` names what is copied ("Copy e-mail"). */
function Copyable({ label, value }: { label: string; value: string }) {
  if (!value) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('order.copied') : label}>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={label} className="no-print">
              <CopyIcon copied={copied} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

const EVENTS: [keyof Pick<OrderDetail, 'orderDate' | 'processedDate' | 'closedDate' | 'cancelledDate'>, SimpleKey][] = [
  ['orderDate', 'order.event.ordered'],
  ['processedDate', 'order.event.processed'],
  ['closedDate', 'order.event.closed'],
  ['cancelledDate', 'order.event.cancelled'],
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
    'order.unreadable',
  );
  const read = loaded.read;
  const error = valid ? loaded.error : t('order.notANumber');

  const back = (
    <Anchor component={Link} to="/orders" className="no-print">
      {t('order.back')}
    </Anchor>
  );
  if (error)
    return (
      <Stack maw={720}>
        {back}
        <Alert color="red" title={t('order.unavailable')}>
          {error}
        </Alert>
      </Stack>
    );
  if (!read)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text>{t('order.reading')}</Text>
      </Group>
    );
  const o = read.order;
  const events = EVENTS.filter(([key]) => o[key].kind !== 'empty');
  const address = [
    o.addressLine1,
    o.addressLine2,
    [o.zip, o.city].filter(Boolean).join(' '),
    o.province,
    o.country && countryLabel(o.country, currentLocale()),
  ].filter(Boolean);
  const amounts: [string, string | null][] = [
    [t('totals.subtotal'), o.subtotalPrice],
    [t('totals.shipping'), o.shippingCost],
    [t('totals.tax'), o.totalTax],
    [t('totals.discounts'), asDeduction(o.totalDiscounts)],
  ];

  return (
    <Stack gap="md" maw={1000}>
      {printing && <OrderSheet order={o} shop={shop} printed={printed} />}
      {back}
      <EnteredHere orderId={orderId} />
      <ReadNotice why={read.why} record="order" />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('order.title', { po: o.poNumber || `#${o.id}` })}
          </Title>
          <Group gap="xs">
            <StatusBadge status={o.status} />
            <SourceBadge source={loaded.checking ? 'checking' : read.source} fetchedAt={o.fetchedAt} />
            {o.sentAt !== null && read.source !== 'live' && (
              <Badge color="blue" variant="light" tt="none" size="md">
                {t('order.justSent', { time: asOf(o.sentAt) })}
              </Badge>
            )}
            {o.trackingNumber && <Text size="sm">{t('order.tracking', { tracking: o.trackingNumber })}</Text>}
          </Group>
        </Stack>
        <Group gap="xs" className="no-print">
          <OrderAgainButton order={o} />
          <Button variant="default" onClick={print}>
            {t('order.print')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" aria-label={t('order.customer')}>
          <Title order={2} fz="h4" mb="xs">
            {t('order.customer')}
          </Title>
          <Copyable label={t('order.copyName')} value={o.name} />
          <Copyable label={t('order.copyEmail')} value={o.email} />
          <Copyable label={t('order.copyPhone')} value={o.phone} />
        </Paper>
        <Paper withBorder p="md" aria-label={t('order.address')}>
          <Group justify="space-between">
            <Title order={2} fz="h4" mb="xs">
              {t('order.address')}
            </Title>
          </Group>
          {address.length ? (
            <Copyable label={t('order.copyAddress')} value={address.join('\n')} />
          ) : (
            <Text c="dimmed">{t('order.noAddress')}</Text>
          )}
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" aria-label={t('order.timeline')}>
        <Title order={2} fz="h4" mb="sm">
          {t('order.timeline')}
        </Title>
        {events.length === 0 ? (
          <Text c="dimmed">{t('order.noDates')}</Text>
        ) : (
          <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
            {events.map(([key, label]) => (
              <Timeline.Item key={key} title={t(label)} color={key === 'cancelledDate' ? 'red' : undefined}>
                <Text size="sm">
                  <DateText value={o[key] as DateView} />
                </Text>
                {key === 'cancelledDate' && o.cancelReason && (
                  <Text size="sm" c="dimmed">
                    {t('order.reason', { reason: o.cancelReason })}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
      <Paper withBorder p="md" aria-label={t('order.items')}>
        <Title order={2} fz="h4" mb="sm">
          {t('order.itemsCount', { count: o.items.length })}
        </Title>
        {o.items.length === 0 ? (
          <Text c="dimmed">{t('order.noItems')}</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('items.product')}</Table.Th>
                <Table.Th ta="right">{t('items.qty')}</Table.Th>
                <Table.Th ta="right">{t('items.price')}</Table.Th>
                <Table.Th ta="right">{t('items.discount')}</Table.Th>
                <Table.Th ta="right">{t('items.lineTotal')}</Table.Th>
                <Table.Th>{t('items.fulfilment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.items.map((item, index) => (
                <Table.Tr key={item.id ?? `line-${index}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {item.productName ?? t('items.productNumber', { id: item.productVariantId ?? '?' })}
                    <Text size="xs" c="dimmed">
                      {[
                        item.productSku ? t('items.sku', { sku: item.productSku }) : t('items.notInCatalogue'),
                        t('items.id', { id: item.productVariantId ?? '—' }),
                        item.createdAt ? t('items.added', { at: item.createdAt }) : null,
                        item.updatedAt && item.updatedAt !== item.createdAt
                          ? t('items.updated', { at: item.updatedAt })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
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
        <Paper withBorder p="md" aria-label={t('order.remarks')}>
          <Title order={2} fz="h4" mb="xs">
            {t('order.remarks')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={o.remarks ? undefined : 'dimmed'}>
            {o.remarks || t('order.noRemarks')}
          </Text>
        </Paper>
        <Paper withBorder p="md" aria-label={t('totals.title')}>
          <Title order={2} fz="h4" mb="xs">
            {t('totals.title')}
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
                <Table.Td fw={700}>{t('totals.total')}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(o.totalPrice)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {o.totalsCheck.matches === false && (
            <Alert color="orange" mt="xs" title={t('totals.mismatchTitle')} role="alert">
              {t('totals.mismatch', { computed: money(o.totalsCheck.computed), total: money(o.totalPrice) })}
            </Alert>
          )}
          {o.totalsCheck.matches === null && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('totals.uncheckable')}
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
              setFailed(errorText(e, 'order.againFailed'));
            },
          );
        }}
      >
        {t('order.again')}
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
      <Alert color="orange" role="alert" title={t('order.enteredDiffers.title')} className="no-print">
        {t('order.enteredDiffers', {
          total: money(entry.order.total_price),
          subtotal: money(entry.order.subtotal_price),
        })}
      </Alert>
    );
  if (params.get('entered') !== entry.id) return null;
  return (
    <Alert color="teal" role="status" title={t('order.sent')} className="no-print">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t('order.sentMatches')}</Text>
        <Button size="sm" onClick={() => void navigate(startNewOrderPath())} data-autofocus autoFocus>
          {t('order.startNext', { shortcut: `${MOD}+N` })}
        </Button>
      </Group>
    </Alert>
  );
}
