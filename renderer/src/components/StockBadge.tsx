/** Stock figure with its level: out of stock and low stock are marked, never hidden. */
import { Group, Text } from '@mantine/core';
import { t } from '../i18n';
import { useStore } from '../store';
import { count } from './format';
import { statusColor } from './StatusBadge';
import { textWidth } from './textWidth';

export function StockFigure({ value }: { value: number | null }) {
  // Settings → Stock's threshold (#30.4)
  const lowStock = useStore((s) => s.ui.lowStock);
  if (value === null)
    return (
      <Text size="sm" c="dimmed" span title={t('stock.noFigure')}>
        —
      </Text>
    );
  if (value <= 0) return <Level level="out" value={value} />;
  if (value <= lowStock) return <Level level="low" value={value} />;
  return (
    <Text size="sm" span>
      {count(value)}
    </Text>
  );
}

/** A stock level's own words (never the listing status's): "Out of stock", "Low stock". */
const levelText = (level: 'out' | 'low'): string => t(level === 'out' ? 'stock.figure.out' : 'stock.figure.low');

/** What a column of stock figures needs to show a level's words and a figure whole (at least `min`). */
export const stockColumnWidth = (min: number): number =>
  Math.max(min, ...(['out', 'low'] as const).map((level) => textWidth(levelText(level), 13, 600) + 80));

function Level({ level, value }: { level: 'out' | 'low'; value: number }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <span className="status-pill" data-color={statusColor(level)}>
        {levelText(level)}
      </span>
      <Text size="sm" span>
        {count(value)}
      </Text>
    </Group>
  );
}
