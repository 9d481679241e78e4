/**
 * Why a record shows this computer's copy: a service's refusal of the record (issue #26: 401, 403, 404, 410, 422,
 * 429, 5xx, each in its own words) as a notice with the copy beneath it; any other reason as a quiet line.
 */
import { Alert, Text } from '@mantine/core';
import type { ReadWhy } from '../../../shared/contract';
import { readNote, readRefusal } from '../errors';
import { t } from '../i18n';

export function ReadNotice({ why, record }: { why: ReadWhy | null | undefined; record: 'product' | 'order' }) {
  const refusal = readRefusal(why, record);
  if (refusal)
    return (
      <Alert color="orange" title={refusal.words}>
        {refusal.said && <Text size="sm">{refusal.said}</Text>}
        <Text size="sm">{t('read.cachedBelow')}</Text>
      </Alert>
    );
  const note = readNote(why, record);
  return note ? (
    <Text size="sm" c="dimmed">
      {note}
    </Text>
  ) : null;
}
