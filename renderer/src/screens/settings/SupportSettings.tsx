/**
 * Settings → Support (#26.6): "Save a support file…" — one zip staff can send when something still fails: versions,
 * settings without any secret, the last connection tests, how downloads ended, the outbox's states and the log's last
 * lines. Customer details go with it only when ticked.
 */
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { call } from '../../bridge';
import { saveFile } from '../../components/saveFile';
import { t } from '../../i18n';

export function SupportSettings() {
  const [includeCustomers, setIncludeCustomers] = useState(false);
  const [state, setState] = useState<'idle' | 'making' | 'saved' | 'failed'>('idle');

  const save = async (): Promise<void> => {
    setState('making');
    try {
      const file = await call('support:file', { includeCustomers });
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      saveFile(bytes, file.filename, 'application/zip');
      setState('saved');
    } catch {
      setState('failed');
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('support.title')} id="support">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('support.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('support.help')}
        </Text>
        <Checkbox
          label={t('support.includeCustomers')}
          description={t('support.includeCustomersHelp')}
          checked={includeCustomers}
          onChange={(event) => setIncludeCustomers(event.currentTarget.checked)}
        />
        <Group>
          <Button variant="default" loading={state === 'making'} onClick={() => void save()}>
            {t('support.save')}
          </Button>
        </Group>
        {(state === 'saved' || state === 'failed') && (
          <Text size="sm" role="status" aria-label={t('support.result')}>
            {state === 'saved' ? t('support.saved') : t('support.failed')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
