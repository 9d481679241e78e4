/**
 * The blocks of one order's view, each drawing what it is given: a copyable value, the compact timeline, the lines
 * in shop words (ids and timestamps behind a disclosure), the totals with their check, and the remarks.
 */
import { ActionIcon, Alert, Button, CopyButton, Group, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { useId, useState } from 'react';
import type { DateView, OrderDetail } from '../../../../shared/domain';
import { camel, fieldsShown, specOf } from '../../../../shared/order-schema';
import { DateText } from '../../components/DateText';
import { count, money } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { t } from '../../i18n';
import { textOf, totalsRows } from './orderBlocks';

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
export function Copyable({ label, value }: { label: string; value: string }) {
  if (!value)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value}
      </Text>
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

/** The timeline's dates, from the order schema: each date the order view shows there, with its word. */
const EVENTS = fieldsShown('detail', 'timeline').flatMap((name) => {
  const { kind, event } = specOf(name);
  return kind === 'date' && event ? [[camel(name) as keyof OrderDetail, event] as const] : [];
});

/** The order's dates on one line ("Ordered 23 Nov 2026 · Processed 24 Nov 2026"), a cancel reason after them. */
export function OrderTimeline({ order: o }: { order: OrderDetail }) {
  const events = EVENTS.filter(([key]) => (o[key] as DateView).kind !== 'empty');
  return (
    <Group gap="md" role="group" aria-label={t('order.timeline')} wrap="wrap">
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('order.noDates')}
        </Text>
      ) : (
        events.map(([key, label]) => (
          <Text key={key} size="sm" c={key === 'cancelledDate' ? 'red' : undefined}>
            <Text span size="sm" c={key === 'cancelledDate' ? 'red' : 'dimmed'}>
              {t(label)}
            </Text>{' '}
            <DateText value={o[key] as DateView} />
          </Text>
        ))
      )}
      {o.cancelledDate.kind !== 'empty' && o.cancelReason && (
        <Text size="sm" c="dimmed">
          {t('order.reason', { reason: o.cancelReason })}
        </Text>
      )}
    </Group>
  );
}

/** The order's lines: product (name and SKU), quantity, price, discount, line total and fulfilment. */
export function OrderItems({ order: o }: { order: OrderDetail }) {
  const [details, setDetails] = useState(false);
  const tableId = useId();
  return (
    <Paper withBorder p="sm" aria-label={t('order.items')}>
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="h4">
          {t('order.itemsCount', { count: o.items.length })}
        </Title>
        {o.items.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={details}
            aria-controls={tableId}
            onClick={() => setDetails((shown) => !shown)}
            className="no-print"
          >
            {t('order.lineDetails')}
          </Button>
        )}
      </Group>
      {o.items.length === 0 ? (
        <Text c="dimmed">{t('order.noItems')}</Text>
      ) : (
        <Table striped id={tableId} verticalSpacing={6}>
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
                  {item.productName ?? t('items.productNumber', { id: item.productVariantId ?? '?' })}{' '}
                  <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {item.productSku ? t('items.sku', { sku: item.productSku }) : t('items.notInCatalogue')}
                  </Text>
                  {details && (
                    <Text size="xs" c="dimmed">
                      {[
                        t('items.id', { id: item.productVariantId ?? '—' }),
                        item.createdAt ? t('items.added', { at: item.createdAt }) : null,
                        item.updatedAt && item.updatedAt !== item.createdAt
                          ? t('items.updated', { at: item.updatedAt })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  )}
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
  );
}

/** Subtotal, shipping, tax, discounts and the total, with the check that they add up. */
export function OrderTotals({ order: o }: { order: OrderDetail }) {
  return (
    <Paper withBorder p="sm" aria-label={t('totals.title')}>
      <Title order={2} fz="h4" mb={4}>
        {t('totals.title')}
      </Title>
      <Table withRowBorders={false} verticalSpacing={0} fz="sm">
        <Table.Tbody>
          {totalsRows(o).map(([label, value]) => (
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
  );
}

/** The customer's name, e-mail and phone (the order schema's customer lines), each with a copy button. */
export function OrderCustomer({ order: o }: { order: OrderDetail }) {
  return fieldsShown('detail', 'customer').map((name) => (
    <Copyable key={name} label={t(specOf(name).copy ?? 'order.customer')} value={textOf(o, name)} />
  ));
}

/** Each note of the order (the remarks, and any field the order schema shows as one), a block of its own. */
export function OrderNotes({ order: o }: { order: OrderDetail }) {
  return fieldsShown('detail', 'note').map((name) => {
    const note = specOf(name).note!;
    const value = textOf(o, name);
    return (
      <Paper key={name} withBorder p="sm" aria-label={t(note.title)}>
        <Title order={2} fz="h4" mb="xs">
          {t(note.title)}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={value ? undefined : 'dimmed'}>
          {value || t(note.empty)}
        </Text>
      </Paper>
    );
  });
}
