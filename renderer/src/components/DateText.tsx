/** A service date in the user's locale; an unreadable one is shown as written and flagged, never "Invalid Date". */
import { Badge, Text, Tooltip } from '@mantine/core';
import type { DateView } from '../../../shared/domain';

const dayFormats = {
  medium: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeZone: 'UTC' }),
};

export function formatDay(iso: string, style: 'medium' | 'short' = 'medium'): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return dayFormats[style].format(new Date(Date.UTC(y, m - 1, d)));
}

export function DateText({ value, style = 'medium' }: { value: DateView; style?: 'medium' | 'short' }) {
  if (value.kind === 'empty')
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  if (value.kind === 'date') return <span>{formatDay(value.iso, style)}</span>;
  return (
    <Tooltip label="This date cannot be read with the date order set in Settings; it is shown as the service wrote it.">
      <span>
        {value.text}{' '}
        <Badge color="red" variant="light" size="xs">
          unreadable date
        </Badge>
      </span>
    </Tooltip>
  );
}
