/** The stock screen's parts, drawn from what useStockList holds: the filters, the empty states, the code's answer. */
import { Alert, Button, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { FlagName } from '../../../../shared/domain';
import { selectWidth } from '../../components/textWidth';
import { t } from '../../i18n';
import type { StockQuery } from '../../store/catalogue';
import type { ScanMessage } from './useStockList';

export function StockFilters({
  query,
  setQuery,
  statusData,
  flagOptions,
}: {
  query: StockQuery;
  setQuery(patch: Partial<StockQuery>): void;
  statusData: { value: string; label: string }[];
  flagOptions: { value: string; label: string }[];
}) {
  return (
    <>
      <Select
        label={t('listing.label')}
        placeholder={t('orders.anyStatus')}
        data={statusData}
        value={query.status}
        onChange={(status) => setQuery({ status })}
        clearable
        w={selectWidth(t('orders.anyStatus'), 140)}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="stock-level-label">
          {t('stock.level')}
        </Text>
        <SegmentedControl
          aria-labelledby="stock-level-label"
          value={query.stock}
          onChange={(stock) => setQuery({ stock: stock as StockQuery['stock'] })}
          data={[
            { value: 'all', label: t('stock.level.all') },
            { value: 'in', label: t('stock.level.in') },
            { value: 'low', label: t('status.low') },
            { value: 'out', label: t('status.out') },
          ]}
        />
      </div>
      <MultiSelect
        label={t('stock.flags')}
        placeholder={t('stock.anyFlag')}
        data={flagOptions}
        value={query.flags}
        onChange={(flags) => setQuery({ flags: flags as FlagName[] })}
        clearable
        w={selectWidth(t('stock.anyFlag'), 170)}
      />
    </>
  );
}

/** What an empty catalogue shows: no service yet, the first download coming, or how to get one. */
export function StockEmpty({
  notConfigured,
  running,
  online,
  onDownload,
}: {
  notConfigured: boolean;
  running: boolean;
  online: boolean;
  onDownload(): void;
}) {
  if (notConfigured)
    return (
      <Alert color="gray" title={t('stock.empty.noService')}>
        {t('stock.empty.noServiceText')}
      </Alert>
    );
  if (running)
    return (
      <Alert color="blue" title={t('catalogue.downloading')}>
        {t('stock.empty.arriving')}
      </Alert>
    );
  if (online)
    return (
      <Alert color="blue" title={t('stock.empty.title')}>
        <Stack gap="xs" align="flex-start">
          {t('stock.empty.online')}
          <Button size="xs" onClick={onDownload}>
            {t('stock.empty.download')}
          </Button>
        </Stack>
      </Alert>
    );
  return (
    <Alert color="gray" title={t('stock.empty.offlineTitle')}>
      {t('stock.empty.offline')}
    </Alert>
  );
}

/** What a scanned or typed code found nothing as, until dismissed, searched again or the panel closes. */
export function ScanAlert({ message, onDismiss }: { message: ScanMessage; onDismiss(): void }) {
  if (!message) return null;
  return (
    <Alert color="orange" role="alert" withCloseButton closeButtonLabel={t('common.dismiss')} onClose={onDismiss}>
      {message.text}
    </Alert>
  );
}
