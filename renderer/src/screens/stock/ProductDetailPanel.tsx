/**
 * Everything about one product in plain words, refreshed from the service when online, with where it came from.
 * Give it key={id} so each product starts from a clean state.
 */
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductRow } from '../../../../shared/domain';
import { flagLabel } from '../../components/flags';
import { call } from '../../bridge';
import { errorText } from '../../errors';
import { ReadNotice } from '../../components/ReadNotice';
import { t } from '../../i18n';
import { SourceBadge } from '../../components/DataSource';
import { count, measure, money } from '../../components/format';
import { useCacheThenLive } from '../../components/useCacheThenLive';
import { ListingLabel } from '../../components/StatusBadge';
import { StockFigure } from '../../components/StockBadge';
import { useStore } from '../../store';
import { addToOrder } from '../new-order/start';
import { usePins } from '../new-order/usePins';

const withUnit = (value: string | null, unit: string): string =>
  value === null ? '—' : unit ? `${measure(value)} ${unit}` : t('product.noUnit', { value: measure(value) });

export function ProductDetailPanel({ id }: { id: number }) {
  const { read, checking, error } = useCacheThenLive(
    id,
    (cacheOnly) => call('catalogue:product', { id, cacheOnly }),
    'product.unreadable',
  );

  if (error)
    return (
      <Alert color="red" title={t('product.unavailable')}>
        {error}
      </Alert>
    );
  if (!read)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('product.reading')}</Text>
      </Group>
    );
  const p = read.product;
  const size =
    p.length || p.width || p.height
      ? `${measure(p.length)} × ${measure(p.width)} × ${measure(p.height)}${p.sizeUnit ? ` ${p.sizeUnit}` : ''}`
      : '—';
  const rows: [string, React.ReactNode][] = [
    [t('items.skuHeader'), p.sku || '—'],
    [t('product.barcode'), p.barcode || '—'],
    [
      t('listing.label'),
      <Stack key="s" gap={2} align="flex-start">
        <ListingLabel status={p.listed ? p.status : 'delisted'} />
        <Text size="xs" c="dimmed">
          {t('listing.help')}
        </Text>
      </Stack>,
    ],
    [t('product.available'), <StockFigure key="a" value={p.available} />],
    [t('product.physical'), p.physical === null ? '—' : count(p.physical)],
    [t('items.price'), money(p.price)],
    [t('product.contents'), p.packageContent || '—'],
    [t('product.weight'), withUnit(p.weight, p.weightUnit)],
    [t('product.size'), size],
    [t('product.packaging'), p.packagingType || '—'],
    [t('product.tariff'), p.tariffCode || '—'],
    [t('product.id'), String(p.id)],
  ];
  const unknownFlags = p.flagValues.filter((f) => f.value === null);
  return (
    <Stack gap="sm" aria-label={t('product.details')}>
      <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
        {p.name || t('orders.noName')}
      </Title>
      <Group gap="xs">
        <SourceBadge source={checking ? 'checking' : read.source} fetchedAt={p.fetchedAt} />
        {p.flags.map((f) => (
          <Badge key={f} color="orange" variant="light" tt="none">
            {flagLabel(f)}
          </Badge>
        ))}
      </Group>
      {!read.missing && <AddToOrderButton product={p} />}
      {read.missing && read.why?.error?.code !== 'gone' ? (
        <Alert color="orange">{t('product.missing')}</Alert>
      ) : (
        <ReadNotice why={read.why} record="product" />
      )}
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160} fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {unknownFlags.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('product.unknownFlags', {
            flags: unknownFlags
              .map((f) => t('product.flagAsWritten', { flag: flagLabel(f.name), text: f.text }))
              .join(', '),
          })}
        </Text>
      )}
      {Object.keys(p.extra).length > 0 && (
        <>
          <Title order={3} fz="h5">
            {t('product.otherFields')}
          </Title>
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {Object.entries(p.extra).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th w={160} fw={500} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {key}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

/**
 * Adds the product to the order being entered, or to a new one (opened at Items with its line), and goes there. With
 * an order open, both are offered.
 */
function AddToOrderButton({ product }: { product: ProductRow }) {
  const navigate = useNavigate();
  const open = useStore((s) => s.wizard);
  const [failed, setFailed] = useState<string | null>(null);
  const who = open?.data.fields.name.trim();
  const add = (fresh: boolean): void =>
    void addToOrder(product, fresh).then(
      (path) => navigate(path),
      (e: unknown) => setFailed(errorText(e, 'product.orderFailed')),
    );
  return (
    <Stack gap={2}>
      <Group gap="xs">
        {open && (
          <Button onClick={() => add(false)}>{who ? t('product.addFor', { who }) : t('palette.addToOrder')}</Button>
        )}
        <Button variant={open ? 'default' : 'filled'} onClick={() => add(true)}>
          {t('product.addNew')}
        </Button>
        <PinButton product={product} />
      </Group>
      {failed && (
        <Text size="xs" c="red" role="alert">
          {failed}
        </Text>
      )}
    </Stack>
  );
}

/** Issue #30.2: pins the product to the Items step's favourites grid on this computer (or unpins it). */
function PinButton({ product }: { product: ProductRow }) {
  const { pins, toggle } = usePins();
  const pinned = pins.includes(product.id);
  return (
    <Button variant="default" aria-pressed={pinned} onClick={() => toggle(product)}>
      {pinned ? t('favourites.unpinProduct') : t('favourites.pinProduct')}
    </Button>
  );
}
