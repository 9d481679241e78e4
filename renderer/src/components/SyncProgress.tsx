/**
 * The catalogue sync in the app frame: a progress bar with pages, rate and time left, and Cancel; once every page is in,
 * what is left (saving, building the indexes: seconds for a large catalogue) is said instead of "0 s left".
 */
import { Button, Group, Progress, Text } from '@mantine/core';
import type { CatalogueStatus } from '../../../shared/domain';
import { count, duration } from './format';

export function SyncProgress({ status, onCancel }: { status: CatalogueStatus | null; onCancel(): void }) {
  if (!status || status.state !== 'running') return null;
  const finishing = status.finishing;
  const percent = finishing ? 100 : status.pagesTotal ? Math.min(100, (status.pagesDone / status.pagesTotal) * 100) : 0;
  const label = finishing
    ? `Catalogue: all pages in · saving and indexing ${count(status.productsSeen)} products…`
    : status.pagesTotal
      ? `Catalogue ${count(status.pagesDone)} / ${count(status.pagesTotal)} pages · ${count(status.productsSeen)} products${
          status.pagesPerSecond ? ` · ${count(Math.round(status.pagesPerSecond))} pages/s` : ''
        }${status.etaSeconds !== null ? ` · ${duration(status.etaSeconds)} left` : ''}`
      : 'Catalogue sync starting…';
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 320 }}>
      <div style={{ flex: 1 }}>
        <Text size="xs" c="dimmed" truncate title={label}>
          {label}
        </Text>
        <Progress value={percent} size="sm" aria-label="Catalogue sync progress" animated striped={finishing} />
      </div>
      {/* nothing is left to cancel once every page is in: the pass only saves what it has and finishes */}
      {!finishing && (
        <Button size="compact-xs" variant="subtle" onClick={onCancel} aria-label="Cancel catalogue sync">
          Cancel
        </Button>
      )}
    </Group>
  );
}
