/**
 * The catalogue sync in the app frame: a progress bar with pages, rate and time left, and Cancel; once every page is in,
 * what is left (saving, building the indexes: seconds for a large catalogue) is said instead of "0 s left".
 */
import { Button, Group, Progress, Text } from '@mantine/core';
import type { CatalogueStatus } from '../../../shared/domain';
import { t } from '../i18n';
import { duration } from './format';

export function SyncProgress({ status, onCancel }: { status: CatalogueStatus | null; onCancel(): void }) {
  if (!status || status.state !== 'running') return null;
  const finishing = status.finishing;
  const percent = finishing ? 100 : status.pagesTotal ? Math.min(100, (status.pagesDone / status.pagesTotal) * 100) : 0;
  const label = finishing
    ? t('sync.finishing', { products: status.productsSeen })
    : status.pagesTotal
      ? [
          t('sync.pages', { done: status.pagesDone, total: status.pagesTotal, products: status.productsSeen }),
          status.pagesPerSecond ? t('sync.rate', { pages: Math.round(status.pagesPerSecond) }) : null,
          status.etaSeconds !== null ? t('sync.left', { time: duration(status.etaSeconds) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : t('sync.starting');
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 320 }}>
      <div style={{ flex: 1 }}>
        <Text size="xs" c="dimmed" truncate title={label}>
          {label}
        </Text>
        <Progress value={percent} size="sm" aria-label={t('sync.progress')} animated striped={finishing} />
      </div>
      {/* nothing is left to cancel once every page is in: the pass only saves what it has and finishes */}
      {!finishing && (
        <Button size="compact-xs" variant="subtle" onClick={onCancel} aria-label={t('sync.cancelLabel')}>
          {t('common.cancel')}
        </Button>
      )}
    </Group>
  );
}
