/** First start with nothing configured: connect to the shop's service, or practise with demo data. */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BridgeError } from '../../bridge';
import { useStore } from '../../store';

export function Welcome() {
  const startDemo = useStore((s) => s.startDemo);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const tryDemo = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await startDemo();
      void navigate('/orders');
    } catch (e) {
      setError(e instanceof BridgeError ? e.message : 'The demo could not start.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={640} mx="auto" mt="xl">
      <Title order={1}>Welcome to Shopdesk</Title>
      <Text>
        Shopdesk shows your shop’s orders and stock, and lets you enter orders at the counter — also when the network is
        down.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={3}>Connect to your shop</Title>
          <Text c="dimmed">You need the service address and an API token from your manager.</Text>
          <Group>
            <Button onClick={() => navigate('/settings')}>Set up connection</Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={3}>Practise first</Title>
          <Text c="dimmed">
            Demo data runs a practice service on this computer with made-up products and orders. Nothing you do there
            reaches your shop.
          </Text>
          <Group>
            <Button variant="light" color="grape" loading={busy} onClick={() => void tryDemo()}>
              Try with demo data
            </Button>
          </Group>
          {error && (
            <Alert color="red" title="Demo not started" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
