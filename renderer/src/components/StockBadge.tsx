/** Stock figure with its level: out of stock and low stock are marked, never hidden. */
import { Group, Text } from '@mantine/core';
import { LOW_STOCK_THRESHOLD } from '../../../shared/domain';
import { count } from './format';
import { StatusLabel } from './StatusBadge';

export function StockFigure({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text size="sm" c="dimmed" span title="The service sent no readable figure">
        —
      </Text>
    );
  if (value <= 0) return <Level label="Out" value={value} />;
  if (value <= LOW_STOCK_THRESHOLD) return <Level label="Low" value={value} />;
  return (
    <Text size="sm" span>
      {count(value)}
    </Text>
  );
}

function Level({ label, value }: { label: 'Out' | 'Low'; value: number }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <StatusLabel status={label} />
      <Text size="sm" span>
        {count(value)}
      </Text>
    </Group>
  );
}
