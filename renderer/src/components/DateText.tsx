/** A service date in the user's locale; an unreadable one is shown as written and flagged, never "Invalid Date". */
import { Badge, Text } from '@mantine/core';
import type { DateView } from '../../../shared/domain';
import { currentLocale, t } from '../i18n';
import { Tooltip } from '../lazy';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** An ISO day in the locale in use ("23 Nov 2026", "23.11.26"). */
export function formatDay(iso: string, style: 'medium' | 'short' | 'long' = 'medium'): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const key = `${style}|${currentLocale()}`;
  let format = dayFormats.get(key);
  if (!format)
    dayFormats.set(key, (format = new Intl.DateTimeFormat(currentLocale(), { dateStyle: style, timeZone: 'UTC' })));
  return format.format(new Date(Date.UTC(y, m - 1, d)));
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
    <Tooltip label={t('date.unreadableTip')}>
      <span>
        {value.text}{' '}
        <Badge color="red" variant="light" size="xs">
          {t('date.unreadable')}
        </Badge>
      </span>
    </Tooltip>
  );
}
