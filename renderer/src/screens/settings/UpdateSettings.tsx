/** Settings → Updates: automatic checks on or off, the shop's own update server, and where updates stand. */
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { UpdateStatus } from '../../../../shared/contract';
import { call } from '../../bridge';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { updateSummary, useUpdateStatus } from '../../updates';

export function UpdateSettings() {
  const status = useUpdateStatus();
  if (!status) return null;
  // the form starts again from what is stored whenever that changes
  return <UpdateSettingsForm key={status.customFeedUrl ?? ''} status={status} />;
}

function UpdateSettingsForm({ status }: { status: UpdateStatus }) {
  const [feed, setFeed] = useState(status.customFeedUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const supported = status.phase !== 'unsupported';
  const busy = status.phase === 'checking' || status.phase === 'downloading';

  const save = async (checks: boolean, feedUrl: string): Promise<void> => {
    setError(null);
    setSaved(false);
    try {
      await call('updates:settings', { checks, feedUrl: feedUrl.trim() === '' ? null : feedUrl.trim() });
      setSaved(true);
    } catch (e) {
      setError(errorText(e, 'updates.notSaved'));
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('updates.title')}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('updates.title')}
        </Title>
        <Text size="sm" data-testid="update-summary" role="status">
          {updateSummary(status)}
        </Text>
        {supported && (
          <>
            <Switch
              label={t('updates.auto')}
              checked={status.checksEnabled}
              onChange={(event) => void save(event.currentTarget.checked, feed)}
            />
            <Text size="xs" c="dimmed">
              {t('updates.autoHelp')}
            </Text>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void save(status.checksEnabled, feed);
              }}
            >
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('updates.server')}
                  description={t('updates.serverHelp')}
                  placeholder={status.feedUrl ?? t('updates.serverPlaceholder')}
                  value={feed}
                  onChange={(event) => setFeed(event.currentTarget.value)}
                  error={error}
                  style={{ flex: 1 }}
                  maxLength={4096}
                />
                <Button type="submit" variant="default">
                  {t('updates.saveServer')}
                </Button>
              </Group>
            </form>
            {saved && !error && (
              <Text size="xs" c="teal" role="status">
                {t('updates.saved')}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                loading={busy}
                disabled={busy || status.phase === 'ready'}
                onClick={() => void call('updates:check', {})}
              >
                {t('updates.checkNow')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
