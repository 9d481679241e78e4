/** A line's stock as last read: the figure, how old it is, and a warning (never a block) when it will not do. */
import { Badge, Stack, Text } from '@mantine/core';
import type { DraftLine } from '../../../../shared/domain';
import { stockWarning } from '../../../../shared/order-entry';
import { age, count } from '../../components/format';
import { t } from '../../i18n';

/** A stock figure read within this long is shown without its age on the Items step (it is read live as a line is added). */
const STALE_MS = 10 * 60_000;
/** Read long enough ago to say when (like age(), as of this drawing: the screen draws again as the draft changes). */
const stale = (at: number): boolean => Date.now() - at > STALE_MS;

export function LineStock({
  line,
  align,
  unit = false,
  compact = false,
}: {
  line: Pick<DraftLine, 'available' | 'quantity' | 'addedAt'>;
  align?: 'flex-end';
  /** "12 available" rather than "12" (where the column does not say it). */
  unit?: boolean;
  /**
   * The figure alone while it is fresh, its age under it once it is older than STALE_MS (the Items step, where five
   * lines must fit on a 1024×700 screen in every language).
   */
  compact?: boolean;
}) {
  const warning = stockWarning(line, t);
  const figure =
    line.available === null
      ? '—'
      : unit
        ? t('wizard.stock.available', { count: line.available })
        : count(line.available);
  const showAge = !compact || line.available === null || stale(line.addedAt);
  return (
    <Stack gap={0} align={align}>
      <Text size="sm">{figure}</Text>
      {showAge && (
        <Text size="xs" c="dimmed">
          {t('wizard.stock.asOf', { age: age(line.addedAt) })}
        </Text>
      )}
      {warning && (
        <Badge color={line.available === null ? 'gray' : 'orange'} variant="light" size="sm">
          {warning}
        </Badge>
      )}
    </Stack>
  );
}
