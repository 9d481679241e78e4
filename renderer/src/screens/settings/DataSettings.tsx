/**
 * This computer's data: how the customer data Shopdesk keeps is protected, in plain words, and "Sign out and erase",
 * which erases what every service used here left, says how many unsent orders would be lost (per service, named by its
 * address) and asks a second time when there are any.
 */
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ResponseOf } from '../../../../shared/contract';
import { call } from '../../bridge';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';

type Preview = ResponseOf<'settings:erase-preview'>;

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
      setError(errorText(e, 'settings.data.previewFailed'));
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
      setError(errorText(e, 'settings.data.nothingErased'));
    } finally {
      setBusy(false);
    }
  };
  const serviceName = (service: string | null | undefined, fallback: string): string =>
    service === 'demo' ? t('settings.data.demoService') : (service ?? fallback);
  const service = serviceName(preview?.service, t('settings.data.thisService'));
  const unsent = preview?.unsent ?? 0;
  /** The services whose orders would be lost, each named with its count. */
  const unsentList = (
    <List size="sm" aria-label={t('settings.data.unsentList')}>
      {(preview?.services ?? [])
        .filter((s) => s.unsent > 0)
        .map((s, i) => (
          <List.Item key={`${s.service ?? 'unknown'}-${i}`}>
            {t('settings.data.unsentFor', {
              service: serviceName(s.service, t('settings.data.unknownService')),
              count: s.unsent,
            })}
          </List.Item>
        ))}
    </List>
  );
  const keychain = settings.dataAtRest.keyKeptIn === 'os-keychain';

  return (
    <Paper withBorder p="lg" radius="md" aria-label={t('settings.data')} component="section">
      <Stack gap="xs">
        <Title order={2} fz="h3">
          {t('settings.data')}
        </Title>
        <Text>
          {t('settings.data.encrypted')} {keychain ? t('settings.data.keychain') : t('settings.data.keyFile')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('settings.data.catalogue')}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button color="red" variant="light" onClick={() => void open()}>
            {t('settings.data.erase')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={step === 'first'} onClose={() => setStep('closed')} title={t('settings.data.eraseAsk')} centered>
        {preview && (
          <Stack>
            <Text size="sm">{t('settings.data.eraseWhat', { service, drafts: preview.drafts })}</Text>
            {preview.unsent > 0 ? (
              <Alert color="red" title={t('settings.data.unsentTitle', { count: preview.unsent })}>
                <Stack gap="xs">
                  <Text size="sm">{t('settings.data.unsentText', { count: preview.unsent })}</Text>
                  {unsentList}
                </Stack>
              </Alert>
            ) : (
              <Text size="sm">{t('settings.data.allSent')}</Text>
            )}
            {preview.setAside > 0 && <Text size="sm">{t('settings.data.setAside', { count: preview.setAside })}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('closed')}>
                {t('settings.data.keep')}
              </Button>
              {preview.unsent > 0 ? (
                <Button color="red" onClick={() => setStep('second')}>
                  {t('settings.data.continue')}
                </Button>
              ) : (
                <Button color="red" loading={busy} onClick={() => void erase()}>
                  {t('settings.data.eraseButton')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={step === 'second'}
        onClose={() => setStep('closed')}
        title={t('settings.data.loseTitle', { count: unsent })}
        centered
      >
        <Stack>
          <Text size="sm">{t('settings.data.loseText', { count: unsent })}</Text>
          {unsentList}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('closed')}>
              {t('settings.data.keep')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void erase()}>
              {t('settings.data.loseButton', { count: unsent })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
