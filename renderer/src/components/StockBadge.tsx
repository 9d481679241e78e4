/** Stock figure with its level: out of stock and low stock are marked, never hidden. */
import { Badge, Group, Text } from '@mantine/core';
import { LOW_STOCK_THRESHOLD } from '../../../shared/domain';
import { count } from './format';

export function StockFigure({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text size="sm" c="dimmed" span title="The service sent no readable figure">
        —
      </Text>
    );
  if (value <= 0) return <Level color="red" label="Out" value={value} />;
  if (value <= LOW_STOCK_THRESHOLD) return <Level color="orange" label="Low" value={value} />;
  return (
    <Text size="sm" span>
      {count(value)}
    </Text>
  );
}

function Level({ color, label, value }: { color: string; label: string; value: number }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Badge color={color} variant="light" size="sm">
        {label}
      </Badge>
      <Text size="sm" span>
        {count(value)}
      </Text>
    </Group>
  );
}
