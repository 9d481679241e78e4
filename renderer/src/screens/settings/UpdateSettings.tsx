/** Settings → Updates: automatic checks on or off, the shop's own update server, and where updates stand. */
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { UpdateStatus } from '../../../../shared/contract';
import { BridgeError, call } from '../../bridge';
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
      setError(e instanceof BridgeError ? (e.fields?.feedUrl?.[0] ?? e.message) : 'The setting could not be saved.');
    }
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={3}>Updates</Title>
        <Text size="sm" data-testid="update-summary" role="status">
          {updateSummary(status)}
        </Text>
        {supported && (
          <>
            <Switch
              label="Look for updates automatically (at start and every 6 hours)"
              checked={status.checksEnabled}
              onChange={(event) => void save(event.currentTarget.checked, feed)}
            />
            <Text size="xs" c="dimmed">
              A new version downloads in the background and is offered as “Restart to update”, never while an order is
              being entered or sent.
            </Text>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void save(status.checksEnabled, feed);
              }}
            >
              <Group align="flex-end" gap="sm">
                <TextInput
                  label="Update server"
                  description="Leave empty to use the one this copy was built with"
                  placeholder={status.feedUrl ?? 'https://updates.example.com/shopdesk'}
                  value={feed}
                  onChange={(event) => setFeed(event.currentTarget.value)}
                  error={error}
                  style={{ flex: 1 }}
                  maxLength={4096}
                />
                <Button type="submit" variant="default">
                  Save update server
                </Button>
              </Group>
            </form>
            {saved && !error && (
              <Text size="xs" c="teal" role="status">
                Saved.
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                loading={busy}
                disabled={busy || status.phase === 'ready'}
                onClick={() => void call('updates:check', {})}
              >
                Check for updates now
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
