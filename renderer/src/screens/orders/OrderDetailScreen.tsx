/**
 * One order in full, led by what a "what did I order?" call needs: the title with status and dates on one line, then
 * customer, delivery address and totals side by side, then the lines — all above the fold at 1366×768 — and the
 * remarks after them. The blocks are drawn by OrderDetailParts.tsx.
 */
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { OrderDetail } from '../../../../shared/domain';
import { call } from '../../bridge';
import { SourceBadge } from '../../components/DataSource';
import { LabelledChoice } from '../../components/LabelledChoice';
import { useCacheThenLive } from '../../components/useCacheThenLive';
import { OrderSheet, OrderSheetDocument } from './OrderSheet';
import { PrintPreview } from '../../print/PrintPreview';
import { sheetSizeText } from '../../print/words';
import { SHEET_PAPER, SHEET_SIZES, type SheetSize } from '../../../../shared/print';
import { asOf, money } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { useStore } from '../../store';
import { orderAgain, startNewOrderPath, type WizardEntry } from '../new-order/start';
import { MOD } from '../../components/platform';
import { t } from '../../i18n';
import { errorText } from '../../errors';
import { ReadNotice } from '../../components/ReadNotice';
import { addressLines } from './orderBlocks';
import { Copyable, OrderCustomer, OrderItems, OrderNotes, OrderTimeline, OrderTotals } from './OrderDetailParts';
import { usePrinting } from './usePrinting';

export function OrderDetailScreen() {
  const { printing, printed } = usePrinting();
  const shop = useStore((s) => s.shop);
  const sheetSize = useStore((s) => s.ui.printing.orderSheet);
  /** The print preview, on this paper (Settings → Printing's, changeable for this print); null: closed. */
  const [preview, setPreview] = useState<SheetSize | null>(null);
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
  const address = addressLines(o);

  return (
    <Stack gap="sm" maw={1100}>
      {printing && preview === null && <OrderSheet order={o} shop={shop} printed={printed} />}
      <PrintPreview
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={t('print.orderSheet', { po: o.poNumber || `#${o.id}` })}
        document="orderSheet"
        paper={SHEET_PAPER[preview ?? sheetSize]}
        options={
          <LabelledChoice<SheetSize>
            label={t('print.paper')}
            value={preview ?? sheetSize}
            onChange={(size) => setPreview(size)}
            data={SHEET_SIZES.map((size) => ({ value: size, label: sheetSizeText(size) }))}
          />
        }
      >
        {preview !== null && <OrderSheetDocument order={o} shop={shop} printed={printed} size={preview} />}
      </PrintPreview>
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
          <OrderTimeline order={o} />
        </Stack>
        <Group gap="xs" className="no-print">
          <OrderAgainButton order={o} />
          <Button variant="default" onClick={() => setPreview(sheetSize)}>
            {t('order.print')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Paper withBorder p="sm" aria-label={t('order.customer')}>
          <Title order={2} fz="h4" mb={4}>
            {t('order.customer')}
          </Title>
          <OrderCustomer order={o} />
        </Paper>
        <Paper withBorder p="sm" aria-label={t('order.address')}>
          <Title order={2} fz="h4" mb={4}>
            {t('order.address')}
          </Title>
          {address.length ? (
            <Copyable label={t('order.copyAddress')} value={address.join('\n')} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('order.noAddress')}
            </Text>
          )}
        </Paper>
        <OrderTotals order={o} />
      </SimpleGrid>
      <OrderItems order={o} />
      <OrderNotes order={o} />
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
            // the line most often changed on a re-order is a quantity: the first one takes the focus
            (path) => navigate(path, { state: { focus: 'quantity' } satisfies WizardEntry }),
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
        {/* whole: the sentence beside it wraps instead (German's label was cut at 1024×700) */}
        <Button
          size="sm"
          onClick={() => void navigate(startNewOrderPath())}
          data-autofocus
          autoFocus
          style={{ flexShrink: 0 }}
        >
          {t('order.startNext', { shortcut: `${MOD}+N` })}
        </Button>
      </Group>
    </Alert>
  );
}
