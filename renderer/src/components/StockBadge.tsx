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
  if (value <= 0)
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Badge color="red" variant="light" size="sm">
          Out
        </Badge>
        <Text size="sm" span>
          {count(value)}
        </Text>
      </Group>
    );
  if (value <= LOW_STOCK_THRESHOLD)
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Badge color="orange" variant="light" size="sm">
          Low
        </Badge>
        <Text size="sm" span>
          {count(value)}
        </Text>
      </Group>
    );
  return (
    <Text size="sm" span>
      {count(value)}
    </Text>
  );
}
