/** Every order entered here until it is sent: its state in plain words, each attempt, and what staff can do. */
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OutboxEntry } from '../../../../shared/domain';
import { formatMoney } from '../../../../shared/money';
import { BridgeError, call } from '../../bridge';
import { asOf, count } from '../../components/format';
import { useStore } from '../../store';
import { correctRejected } from '../new-order/correct';

const STATE_LOOK: Record<OutboxEntry['state'], { color: string; label: string }> = {
  queued: { color: 'blue', label: 'Waiting to send' },
  sending: { color: 'indigo', label: 'Sending' },
  sent: { color: 'teal', label: 'Sent' },
  rejected: { color: 'red', label: 'Rejected by the service' },
  unknown: { color: 'orange', label: 'Arrival in doubt' },
  discarded: { color: 'gray', label: 'Discarded' },
};

type Confirm = { entry: OutboxEntry; action: 'send-again' | 'discard' } | null;

export function OutboxScreen() {
  const entries = useStore((s) => s.outbox);
  const loadOutbox = useStore((s) => s.loadOutbox);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  const act = async (
    channel: 'outbox:send-again' | 'outbox:discard' | 'outbox:reconcile',
    id: string,
  ): Promise<void> => {
    setError(null);
    try {
      await call(channel, { id });
    } catch (e) {
      setError(e instanceof BridgeError ? e.message : 'That did not work; try again.');
    }
    setConfirm(null);
    await loadOutbox();
  };

  return (
    <Stack maw={1000}>
      <Title order={2}>Outbox</Title>
      <Text c="dimmed" size="sm">
        Orders entered here are kept on this computer until the service has them. An order is never sent twice on its
        own: when it is not certain whether one arrived, Shopdesk looks for it on the service and otherwise asks you.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {entries.length === 0 && (
        <Alert color="gray" title="Nothing in the outbox">
          Orders you enter appear here until they are sent.
        </Alert>
      )}
      {entries.map((entry) => {
        const look = STATE_LOOK[entry.state];
        return (
          <Paper key={entry.id} withBorder p="md" radius="md" aria-label={`Outbox entry for ${entry.order.name}`}>
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={700}>{entry.order.name}</Text>
                  <Text c="dimmed">{entry.order.email}</Text>
                </Group>
                <Text size="sm">
                  {count(entry.order.order_items.length)} line{entry.order.order_items.length === 1 ? '' : 's'} · total{' '}
                  {formatMoney(entry.order.total_price)} · entered {asOf(entry.createdAt)}
                </Text>
              </Stack>
              <Badge color={look.color} variant="light" size="lg" data-state={entry.state}>
                {look.label}
              </Badge>
            </Group>
            {entry.reason && (
              <Text size="sm" mt="xs">
                {entry.reason}
              </Text>
            )}
            {entry.fieldErrors && (
              <Alert color="red" mt="xs" title="The service said">
                {Object.entries(entry.fieldErrors).map(([field, messages]) => (
                  <Text size="sm" key={field}>
                    {messages.join(' ')}
                  </Text>
                ))}
              </Alert>
            )}
            {entry.totalsMismatch && (
              <Alert color="orange" mt="xs">
                The service’s totals differ from the ones entered; check the order.
              </Alert>
            )}
            {entry.attempts.length > 0 && (
              <Table mt="xs" withRowBorders={false} verticalSpacing={2} fz="xs">
                <Table.Tbody>
                  {entry.attempts.map((attempt, index) => (
                    <Table.Tr key={index}>
                      <Table.Td w={200}>{asOf(attempt.at)}</Table.Td>
                      <Table.Td>{attempt.outcome}</Table.Td>
                      <Table.Td>{attempt.status ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group mt="sm" gap="xs">
              {entry.state === 'sent' && entry.serverOrderId !== null && (
                <Anchor component={Link} to={`/orders/${entry.serverOrderId}`}>
                  Open the order
                </Anchor>
              )}
              {entry.state === 'unknown' && (
                <>
                  <Button size="xs" variant="default" onClick={() => void act('outbox:reconcile', entry.id)}>
                    Look for it again
                  </Button>
                  <Button size="xs" color="orange" onClick={() => setConfirm({ entry, action: 'send-again' })}>
                    Send again…
                  </Button>
                </>
              )}
              {entry.state === 'rejected' && (
                <Button
                  size="xs"
                  onClick={() =>
                    void correctRejected(entry).then(
                      (id) => navigate(`/new-order/${id}`),
                      (e: unknown) =>
                        setError(e instanceof BridgeError ? e.message : 'The order could not be reopened.'),
                    )
                  }
                >
                  Correct the order
                </Button>
              )}
              {(entry.state === 'unknown' || entry.state === 'rejected' || entry.state === 'queued') && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm({ entry, action: 'discard' })}>
                  Discard…
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm?.action === 'send-again' ? 'Send this order again?' : 'Discard this order?'}
      >
        {confirm && (
          <Stack>
            <Text size="sm">
              {confirm.action === 'send-again'
                ? `If the first attempt did arrive, the shop will have this order twice. ${confirm.entry.reason ?? ''}`
                : 'It will not be sent. Nothing is deleted from the service.'}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                Keep it
              </Button>
              <Button
                color={confirm.action === 'send-again' ? 'orange' : 'red'}
                onClick={() =>
                  void act(confirm.action === 'send-again' ? 'outbox:send-again' : 'outbox:discard', confirm.entry.id)
                }
              >
                {confirm.action === 'send-again' ? 'Send again' : 'Discard'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
