/** SkippedNotice's details: each record that could not be read, in a dialog fetched after the first paint (lazy.tsx). */
import { Modal, Table, Text } from '@mantine/core';
import type { SkippedRecord } from '../../../shared/domain';
import { t } from '../i18n';
import { count, timeOfDay } from './format';
import { skipReasonText } from './outcomes';

export interface SkippedDialogProps {
  opened: boolean;
  onClose(): void;
  source: 'orders' | 'catalogue';
  /** How many were skipped (the core keeps the first ones). */
  skipped: number;
  /** The records kept, or null while they are read. */
  records: SkippedRecord[] | null;
}

export function SkippedDialog({ opened, onClose, source, skipped, records }: SkippedDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('skipped.title')} size="lg">
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
  );
}
