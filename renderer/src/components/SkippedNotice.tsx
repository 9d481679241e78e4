/**
 * "N records from the service could not be read", with a details view listing each one (its id, if it had one, its
 * page and why). The core keeps them until the next refresh or pass; the log has them too.
 */
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import type { SkippedRecord } from '../../../shared/domain';
import { call } from '../bridge';
import { t } from '../i18n';
import { SkippedDialog } from '../lazy';

export function SkippedNotice({ source, skipped }: { source: 'orders' | 'catalogue'; skipped: number }) {
  const [records, setRecords] = useState<SkippedRecord[] | null>(null);
  const [open, setOpen] = useState(false);
  if (skipped <= 0) return null;
  const show = (): void => {
    setOpen(true);
    void call(source === 'orders' ? 'orders:skipped' : 'catalogue:skipped', {}).then(
      (list) => setRecords(list.records),
      () => setRecords([]),
    );
  };
  return (
    <>
      <Text size="sm" c="orange.9" data-testid={`${source}-skipped`} span>
        {t('skipped.notice', { count: skipped, what: source })} ·{' '}
        <Anchor component="button" type="button" size="sm" onClick={show} c="inherit" td="underline">
          {t('skipped.details')}
        </Anchor>
      </Text>
      <SkippedDialog opened={open} onClose={() => setOpen(false)} source={source} skipped={skipped} records={records} />
    </>
  );
}
