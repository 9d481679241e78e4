/** A line's stock as last read: the figure, how old it is, and a warning (never a block) when it will not do. */
import { Badge, Stack, Text } from '@mantine/core';
import type { DraftLine } from '../../../../shared/domain';
import { stockWarning } from '../../../../shared/order-entry';
import { age, count } from '../../components/format';
import { t } from '../../i18n';

export function LineStock({
  line,
  align,
  unit = false,
}: {
  line: Pick<DraftLine, 'available' | 'quantity' | 'addedAt'>;
  align?: 'flex-end';
  /** "12 available" rather than "12" (where the column does not say it). */
  unit?: boolean;
}) {
  const warning = stockWarning(line, t);
  const figure =
    line.available === null
      ? '—'
      : unit
        ? t('wizard.stock.available', { count: line.available })
        : count(line.available);
  return (
    <Stack gap={0} align={align}>
      <Text size="sm">{figure}</Text>
      <Text size="xs" c="dimmed">
        {t('wizard.stock.asOf', { age: age(line.addedAt) })}
      </Text>
      {warning && (
        <Badge color={line.available === null ? 'gray' : 'orange'} variant="light" size="sm">
          {warning}
        </Badge>
      )}
    </Stack>
  );
}
