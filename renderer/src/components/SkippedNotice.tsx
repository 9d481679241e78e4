/**
 * "N records from the service could not be read", with a details view listing each one (its id, if it had one, its
 * page and why). The core keeps them until the next refresh or pass; the log has them too.
 */
import { Anchor, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { SkippedRecord } from '../../../shared/domain';
import { call } from '../bridge';
import { count, timeOfDay } from './format';
import { skipReasonText } from './outcomes';
import { t } from '../i18n';

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
      <Modal opened={open} onClose={() => setOpen(false)} title={t('skipped.title')} size="lg">
        <Text size="sm" mb="sm">
          {t('skipped.explain', { count: skipped, what: source })}
        </Text>
        {records === null ? (
          <Text size="sm">{t('skipped.reading')}</Text>
        ) : (
          <Table aria-label={t('skipped.table')} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('skipped.col.id')}</Table.Th>
                <Table.Th>{t('skipped.col.page')}</Table.Th>
                <Table.Th>{t('skipped.col.why')}</Table.Th>
                <Table.Th>{t('skipped.col.when')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r, i) => (
                <Table.Tr key={i}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.id ?? t('skipped.noId')}</Table.Td>
                  <Table.Td>{r.page === null ? '—' : count(r.page)}</Table.Td>
                  <Table.Td>{skipReasonText(r.reason)}</Table.Td>
                  <Table.Td>{timeOfDay(r.at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {records !== null && records.length < skipped && (
          <Text size="xs" mt="xs">
            {t('skipped.firstListed', { count: records.length })}
          </Text>
        )}
      </Modal>
    </>
  );
}
