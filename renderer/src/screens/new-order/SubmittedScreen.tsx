/**
 * After "Send order": the entry's progress in the outbox. Once the service has it, its order opens in the order
 * view; offline it waits (and says so); a rejection can be corrected in the wizard; a doubt goes to the outbox.
 */
import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { BridgeError } from '../../bridge';
import { useStore } from '../../store';
import { correctRejected } from './correct';
import { startNewOrderPath } from './start';
import { MOD } from './WizardScreen';
import { money } from '../../components/format';

export function SubmittedScreen() {
  const { entryId = '' } = useParams();
  const navigate = useNavigate();
  const entry = useStore((s) => s.outbox.find((e) => e.id === entryId) ?? null);
  const online = useStore((s) => s.connection?.state === 'online');
  const loadOutbox = useStore((s) => s.loadOutbox);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void loadOutbox().catch(() => undefined);
  }, [loadOutbox]);

  useEffect(() => {
    if (entry?.state === 'sent' && entry.serverOrderId !== null)
      void navigate(`/orders/${entry.serverOrderId}?entered=${encodeURIComponent(entry.id)}`, { replace: true });
  }, [entry, navigate]);

  const another = (
    <Button onClick={() => navigate(startNewOrderPath())} data-autofocus>
      Start next order ({MOD}+N)
    </Button>
  );
  if (!entry)
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Putting the order in the outbox…</Text>
      </Group>
    );
  const who = `${entry.order.name} (total ${money(entry.order.total_price)})`;
  return (
    <Stack maw={760}>
      <Title order={1} fz="h2">
        Order for {entry.order.name}
      </Title>
      {(entry.state === 'queued' || entry.state === 'sending') &&
        (online && !entry.paused ? (
          <Alert color="blue" title="Sending…" role="status">
            <Group gap="sm">
              <Loader size="xs" />
              <Text size="sm">The order for {who} is safe in the outbox and is being sent.</Text>
            </Group>
          </Alert>
        ) : (
          <Alert color="orange" title="Saved; it will be sent when the service is back" role="status">
            The order for {who} is safe in the outbox on this computer.{' '}
            {entry.paused
              ? 'Sending waits until the token is fixed in Settings.'
              : 'The service cannot be reached now; the order goes out by itself, once, when it is back.'}{' '}
            You can go on working.
          </Alert>
        ))}
      {entry.state === 'sent' && (
        <Group gap="sm">
          <Loader size="xs" />
          <Text>Sent. Opening the order…</Text>
        </Group>
      )}
      {entry.state === 'rejected' && (
        <Alert color="red" title="The service did not accept this order" role="alert">
          <Text size="sm">{entry.reason}</Text>
          {entry.fieldErrors && (
            <List size="sm" mt="xs">
              {Object.entries(entry.fieldErrors).map(([key, messages]) => (
                <List.Item key={key}>{messages.join(' ')}</List.Item>
              ))}
            </List>
          )}
          <Button
            mt="sm"
            onClick={() =>
              void correctRejected(entry).then(
                (id) => navigate(`/new-order/${id}`),
                (e: unknown) => setError(e instanceof BridgeError ? e.message : 'The order could not be reopened.'),
              )
            }
          >
            Correct the order
          </Button>
        </Alert>
      )}
      {entry.state === 'unknown' && (
        <Alert color="orange" title="It is not certain the service received this order" role="alert">
          {entry.reason} Shopdesk does not send it again by itself. The outbox looks for it on the service and shows
          what you can do.
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        {another}
        <Button component={Link} to="/outbox" variant="default">
          Open the outbox
        </Button>
      </Group>
    </Stack>
  );
}
