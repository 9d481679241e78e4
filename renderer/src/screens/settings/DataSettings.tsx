/**
 * This computer's data: how the customer data Shopdesk keeps is protected, in plain words, and "Sign out and erase",
 * which says how many unsent orders would be lost and asks a second time when there are any.
 */
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ResponseOf } from '../../../../shared/contract';
import { BridgeError, call } from '../../bridge';
import { errorWords } from '../../errors';
import { useStore } from '../../store';

type Preview = ResponseOf<'settings:erase-preview'>;

const plural = (n: number, one: string, many: string): string => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export function DataSettings() {
  const settings = useStore((s) => s.settings);
  const loadSettings = useStore((s) => s.loadSettings);
  const loadOutbox = useStore((s) => s.loadOutbox);
  const navigate = useNavigate();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [step, setStep] = useState<'closed' | 'first' | 'second'>('closed');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!settings) return null;

  const open = async (): Promise<void> => {
    setError(null);
    try {
      setPreview(await call('settings:erase-preview', {}));
      setStep('first');
    } catch (e) {
      setError(e instanceof BridgeError ? errorWords(e) : 'Shopdesk could not work out what would be erased.');
    }
  };
  const erase = async (): Promise<void> => {
    setBusy(true);
    try {
      await call('settings:erase', { confirmedUnsent: preview?.unsent ?? 0 });
      setStep('closed');
      await loadSettings();
      await loadOutbox().catch(() => undefined);
      void navigate('/welcome');
    } catch (e) {
      setStep('closed');
      setError(e instanceof BridgeError ? errorWords(e) : 'Nothing was erased.');
    } finally {
      setBusy(false);
    }
  };
  const service = preview?.service === 'demo' ? 'the demo data' : (preview?.service ?? 'this service');
  const keychain = settings.dataAtRest.keyKeptIn === 'os-keychain';

  return (
    <Paper withBorder p="lg" radius="md" aria-label="This computer’s data" component="section">
      <Stack gap="xs">
        <Title order={3}>This computer’s data</Title>
        <Text>
          Orders, drafts and the outbox are stored encrypted.{' '}
          {keychain
            ? 'Their key is kept in the system keychain, so the files alone are unreadable, also on a stolen computer.'
            : 'This computer has no system keychain Shopdesk can use, so their key is kept in a file in Shopdesk’s data folder that only your user account can read. That stops anyone who copies the database files alone, not someone who can read your account’s files: use disk encryption on this computer.'}
        </Text>
        <Text size="sm" c="dimmed">
          The product catalogue holds no customer data and is stored as it is.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button color="red" variant="light" onClick={() => void open()}>
            Sign out and erase this computer’s data
          </Button>
        </Group>
      </Stack>
      <Modal opened={step === 'first'} onClose={() => setStep('closed')} title="Sign out and erase?" centered>
        {preview && (
          <Stack>
            <Text size="sm">
              This removes the API token and everything Shopdesk keeps on this computer for {service}: the order book,
              the catalogue, {plural(preview.drafts, 'unfinished order', 'unfinished orders')} and the outbox.
            </Text>
            {preview.unsent > 0 ? (
              <Alert color="red" title={`${plural(preview.unsent, 'order has', 'orders have')} not been sent`}>
                {preview.unsent === 1 ? 'It is' : 'They are'} only on this computer and would be lost.
              </Alert>
            ) : (
              <Text size="sm">Every order entered here has been sent.</Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('closed')}>
                Keep everything
              </Button>
              {preview.unsent > 0 ? (
                <Button color="red" onClick={() => setStep('second')}>
                  Continue…
                </Button>
              ) : (
                <Button color="red" loading={busy} onClick={() => void erase()}>
                  Sign out and erase
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={step === 'second'}
        onClose={() => setStep('closed')}
        title={`Lose ${plural(preview?.unsent ?? 0, 'unsent order', 'unsent orders')}?`}
        centered
      >
        <Stack>
          <Text size="sm">
            The service never received {preview?.unsent === 1 ? 'this order' : 'these orders'}. Once erased they cannot
            be sent or recovered.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('closed')}>
              Keep everything
            </Button>
            <Button color="red" loading={busy} onClick={() => void erase()}>
              Erase {plural(preview?.unsent ?? 0, 'unsent order', 'unsent orders')} and sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
