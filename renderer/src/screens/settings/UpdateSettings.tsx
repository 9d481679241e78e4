/**
 * Settings → Updates: automatic checks on or off, where updates come from, and where updates stand. The feed is fixed
 * when the copy is built (#25.7): Settings chooses only among the feeds the build allows, and shows an administrator's
 * feed without a choice; no address is ever typed here.
 */
import { Button, Group, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
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
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const supported = status.phase !== 'unsupported';
  const busy = status.phase === 'checking' || status.phase === 'downloading';
  const builtIn = status.feeds[0] ?? null;
  // What staff just chose shows at once (a switch or a radio that stays put until the core's next status arrives reads
  // as "did not take", and a second click flips it back); it gives way to the stored status once that agrees, or when
  // the save fails.
  const [pending, setPending] = useState<{ checks: boolean; feedUrl: string | null } | null>(null);
  const storedFeed = status.feedUrl ?? builtIn;
  // adjusted while rendering, as React advises for state that follows props: no effect, no extra paint
  if (pending && pending.checks === status.checksEnabled && (pending.feedUrl ?? builtIn) === storedFeed) {
    setPending(null);
  }
  const checksShown = pending?.checks ?? status.checksEnabled;
  const feedShown = pending ? (pending.feedUrl ?? builtIn) : storedFeed;

  const save = async (checks: boolean, feedUrl: string | null): Promise<void> => {
    setError(null);
    setSaved(false);
    setPending({ checks, feedUrl });
    try {
      await call('updates:settings', { checks, feedUrl: feedUrl === builtIn ? null : feedUrl });
      setSaved(true);
    } catch (e) {
      setPending(null);
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
              checked={checksShown}
              onChange={(event) =>
                void save(event.currentTarget.checked, pending ? pending.feedUrl : status.customFeedUrl)
              }
            />
            <Text size="xs" c="dimmed">
              {t('updates.autoHelp')}
            </Text>
            {status.adminFeed !== null ? (
              <Text size="sm">{t('updates.feedAdmin', { feed: status.adminFeed })}</Text>
            ) : status.feeds.length > 1 ? (
              <Radio.Group
                label={t('updates.feedChoice')}
                description={t('updates.feedChoiceHelp')}
                value={feedShown ?? ''}
                onChange={(value) => void save(checksShown, value)}
                error={error}
              >
                <Stack gap={6} mt={6}>
                  {status.feeds.map((feed) => (
                    <Radio
                      key={feed}
                      value={feed}
                      label={feed === builtIn ? t('updates.feedBuiltIn', { feed }) : feed}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              status.feedUrl !== null && <Text size="sm">{t('updates.feedFixed', { feed: status.feedUrl })}</Text>
            )}
            {error && status.feeds.length <= 1 && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
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
