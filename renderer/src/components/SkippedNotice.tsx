/**
 * "N records from the service could not be read", with a details view listing each one (its id, if it had one, its
 * page and why). The core keeps them until the next refresh or pass; the log has them too.
 */
import { Anchor, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { SkippedRecord } from '../../../shared/domain';
import { call } from '../bridge';
import { count, timeOfDay } from './format';
import { SKIP_REASON_TEXT } from './outcomes';

export function SkippedNotice({ source, skipped }: { source: 'orders' | 'catalogue'; skipped: number }) {
  const [records, setRecords] = useState<SkippedRecord[] | null>(null);
  const [open, setOpen] = useState(false);
  if (skipped <= 0) return null;
  const what = source === 'orders' ? 'order' : 'product';
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
        {count(skipped)} {what} record{skipped === 1 ? '' : 's'} from the service could not be read ·{' '}
        <Anchor component="button" type="button" size="sm" onClick={show} c="inherit" td="underline">
          Details
        </Anchor>
      </Text>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Records the service sent that could not be read"
        size="lg"
      >
        <Text size="sm" mb="sm">
          Shopdesk skipped {count(skipped)} {what} record{skipped === 1 ? '' : 's'} in the last download, so{' '}
          {skipped === 1 ? 'it is' : 'they are'} not on this computer. Everything else was stored. Ask whoever runs the
          service to correct {skipped === 1 ? 'it' : 'them'}; the log file lists them too.
        </Text>
        {records === null ? (
          <Text size="sm">Reading…</Text>
        ) : (
          <Table aria-label="Skipped records" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Id as sent</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Why it was skipped</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r, i) => (
                <Table.Tr key={i}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.id ?? 'none'}</Table.Td>
                  <Table.Td>{r.page === null ? '—' : count(r.page)}</Table.Td>
                  <Table.Td>{SKIP_REASON_TEXT[r.reason]}</Table.Td>
                  <Table.Td>{timeOfDay(r.at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {records !== null && records.length < skipped && (
          <Text size="xs" mt="xs">
            The first {count(records.length)} are listed.
          </Text>
        )}
      </Modal>
    </>
  );
}
