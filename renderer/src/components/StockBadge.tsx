/** Stock figure with its level: out of stock and low stock are marked, never hidden. */
import { Group, Text } from '@mantine/core';
import { LOW_STOCK_THRESHOLD } from '../../../shared/domain';
import { t } from '../i18n';
import { count } from './format';
import { StatusLabel } from './StatusBadge';

export function StockFigure({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text size="sm" c="dimmed" span title={t('stock.noFigure')}>
        —
      </Text>
    );
  if (value <= 0) return <Level level="out" value={value} />;
  if (value <= LOW_STOCK_THRESHOLD) return <Level level="low" value={value} />;
  return (
    <Text size="sm" span>
      {count(value)}
    </Text>
  );
}

function Level({ level, value }: { level: 'out' | 'low'; value: number }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <StatusLabel status={level} />
      <Text size="sm" span>
        {count(value)}
      </Text>
    </Group>
  );
}
