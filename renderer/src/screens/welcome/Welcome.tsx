/** First start with nothing configured: connect to the shop's service, or practise with demo data. */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../errors';
import { t } from '../../i18n';
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
      setError(errorText(e, 'welcome.demoFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={640} mx="auto" mt="xl">
      <Title order={1}>{t('welcome.title')}</Title>
      <Text>{t('welcome.intro')}</Text>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} fz="h3">
            {t('welcome.connect')}
          </Title>
          <Text c="dimmed">{t('welcome.connectText')}</Text>
          <Group>
            <Button onClick={() => navigate('/settings')}>{t('welcome.setUp')}</Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} fz="h3">
            {t('welcome.practise')}
          </Title>
          <Text c="dimmed">{t('welcome.practiseText')}</Text>
          <Group>
            <Button variant="light" color="grape" loading={busy} onClick={() => void tryDemo()}>
              {t('welcome.tryDemo')}
            </Button>
          </Group>
          {error && (
            <Alert color="red" title={t('welcome.demoNotStarted')} role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
