/**
 * Everything about one product in plain words, refreshed from the service when online, with where it came from.
 * Give it key={id} so each product starts from a clean state.
 */
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductRow } from '../../../../shared/domain';

import { BridgeError, call } from '../../bridge';
import { SourceBadge } from '../../components/DataSource';
import { count, measure, money } from '../../components/format';
import { useCacheThenLive } from '../../components/useCacheThenLive';
import { StatusBadge } from '../../components/StatusBadge';
import { StockFigure } from '../../components/StockBadge';
import { useStore } from '../../store';
import { addToOrder } from '../new-order/start';

const FLAG_LABEL: Record<string, string> = {
  fragile: 'Fragile',
  dangerous: 'Dangerous goods',
  perishable: 'Perishable',
  liquid: 'Liquid',
  battery: 'Contains battery',
  regulated: 'Regulated',
  media: 'Media',
  adult: 'Adults only',
};

const withUnit = (value: string | null, unit: string): string =>
  value === null ? '—' : unit ? `${measure(value)} ${unit}` : `${measure(value)} (unit not given)`;

export function ProductDetailPanel({ id }: { id: number }) {
  const { read, checking, error } = useCacheThenLive(
    id,
    (cacheOnly) => call('catalogue:product', { id, cacheOnly }),
    'The product could not be read.',
  );

  if (error)
    return (
      <Alert color="red" title="Product not available">
        {error}
      </Alert>
    );
  if (!read)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Reading the product…</Text>
      </Group>
    );
  const p = read.product;
  const size =
    p.length || p.width || p.height
      ? `${measure(p.length)} × ${measure(p.width)} × ${measure(p.height)}${p.sizeUnit ? ` ${p.sizeUnit}` : ''}`
      : '—';
  const rows: [string, React.ReactNode][] = [
    ['SKU', p.sku || '—'],
    ['Barcode', p.barcode || '—'],
    ['Status', <StatusBadge key="s" status={p.listed ? p.status : 'No longer listed'} />],
    ['Available stock', <StockFigure key="a" value={p.available} />],
    ['Physical stock', p.physical === null ? '—' : count(p.physical)],
    ['Price', money(p.price)],
    ['Package contents', p.packageContent || '—'],
    ['Weight', withUnit(p.weight, p.weightUnit)],
    ['Size (L × W × H)', size],
    ['Packaging', p.packagingType || '—'],
    ['Tariff code', p.tariffCode || '—'],
    ['Product id', String(p.id)],
  ];
  const unknownFlags = p.flagValues.filter((f) => f.value === null);
  return (
    <Stack gap="sm" aria-label="Product details">
      <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
        {p.name || '(no name)'}
      </Title>
      <Group gap="xs">
        <SourceBadge source={checking ? 'checking' : read.source} fetchedAt={p.fetchedAt} />
        {p.flags.map((f) => (
          <Badge key={f} color="orange" variant="outline" tt="none">
            {FLAG_LABEL[f] ?? f}
          </Badge>
        ))}
      </Group>
      {!read.missing && <AddToOrderButton product={p} />}
      {read.missing && (
        <Alert color="orange">The service no longer knows this product; this is the last cached copy.</Alert>
      )}
      {read.note && !read.missing && (
        <Text size="sm" c="dimmed">
          {read.note}
        </Text>
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
          Flags the service wrote in words Shopdesk cannot read as yes/no:{' '}
          {unknownFlags.map((f) => `${FLAG_LABEL[f.name]} (“${f.text}”)`).join(', ')}
        </Text>
      )}
      {Object.keys(p.extra).length > 0 && (
        <>
          <Title order={3} fz="h5">
            Other fields from the service
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

/** Adds the product to the order being entered, or starts one with it, and goes there. */
function AddToOrderButton({ product }: { product: ProductRow }) {
  const navigate = useNavigate();
  const open = useStore((s) => s.wizard);
  const [failed, setFailed] = useState<string | null>(null);
  const who = open?.data.fields.name.trim();
  return (
    <Stack gap={2}>
      <Button
        w="fit-content"
        onClick={() =>
          void addToOrder(product).then(
            (path) => navigate(path),
            (e: unknown) => setFailed(e instanceof BridgeError ? e.message : 'The order could not be started.'),
          )
        }
      >
        {open ? `Add to order${who ? ` for ${who}` : ''}` : 'Add to a new order'}
      </Button>
      {failed && (
        <Text size="xs" c="red" role="alert">
          {failed}
        </Text>
      )}
    </Stack>
  );
}
