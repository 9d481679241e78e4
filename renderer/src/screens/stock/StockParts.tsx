/** The stock screen's parts, drawn from what useStockList holds: the filters, the empty states, the code's answer. */
import { Alert, MultiSelect, Select } from '@mantine/core';
import type { FlagName } from '../../../../shared/domain';
import { LabelledChoice } from '../../components/LabelledChoice';
import { ListEmpty } from '../../components/ListFrame';
import { MisreadCue } from '../../components/MisreadCue';
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
      <LabelledChoice<StockQuery['stock']>
        label={t('stock.level')}
        value={query.stock}
        onChange={(stock) => setQuery({ stock })}
        data={[
          { value: 'all', label: t('stock.level.all') },
          { value: 'in', label: t('stock.level.in') },
          { value: 'low', label: t('status.low') },
          { value: 'out', label: t('status.out') },
          { value: 'low-or-out', label: t('stock.level.lowOrOut') },
        ]}
      />
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

/** What an empty catalogue shows: no service yet, the first download coming, how to get one, or that it is offline. */
export function StockEmpty(props: { notConfigured: boolean; running: boolean; online: boolean; onDownload(): void }) {
  if (props.notConfigured)
    return <ListEmpty color="gray" title={t('stock.empty.noService')} text={t('stock.empty.noServiceText')} />;
  if (props.running)
    return <ListEmpty color="blue" title={t('catalogue.downloading')} text={t('stock.empty.arriving')} />;
  if (!props.online)
    return <ListEmpty color="gray" title={t('stock.empty.offlineTitle')} text={t('stock.empty.offline')} />;
  const action = { label: t('stock.empty.download'), onClick: props.onDownload };
  return <ListEmpty color="blue" title={t('stock.empty.title')} text={t('stock.empty.online')} action={action} />;
}

/** What a scanned or typed code found nothing as, until dismissed, searched again or the panel closes. */
export function ScanAlert({ message, onDismiss }: { message: ScanMessage; onDismiss(): void }) {
  if (!message) return null;
  if (message.misread) return <MisreadCue text={message.text} onDismiss={onDismiss} />;
  return (
    <Alert color="orange" role="alert" withCloseButton closeButtonLabel={t('common.dismiss')} onClose={onDismiss}>
      {message.text}
    </Alert>
  );
}
