/**
 * Where shown data comes from, said the same way everywhere: "Live", "Cached at 14:02 (5 min ago)", or "Checking…"
 * while a copy from this computer is shown and the service is being asked.
 */
import { Badge, Loader } from '@mantine/core';
import { t } from '../i18n';
import { asOf } from './format';

export type Source = 'live' | 'cache' | 'checking';

export function SourceBadge({ source, fetchedAt }: { source: Source; fetchedAt: number | null }) {
  if (source === 'live')
    return (
      <Badge color="teal" variant="light" tt="none" size="md">
        {t('source.live')}
      </Badge>
    );
  if (source === 'checking')
    return (
      <Badge color="gray" variant="light" tt="none" size="md" leftSection={<Loader size={10} color="gray" />}>
        {t('source.checking')}
      </Badge>
    );
  return (
    <Badge color="gray" variant="light" tt="none" size="md">
      {t('source.cached', { asOf: asOf(fetchedAt) })}
    </Badge>
  );
}
