/**
 * The frame's "Restart to update": shown once an update is downloaded and nothing holds it back (no order being
 * entered, queued or sent). Held back, it says quietly what it waits for. Main decides again when it is pressed.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { BridgeError, call } from '../bridge';
import { t } from '../i18n';
import { Tooltip } from '../lazy';
import { useUpdateStatus } from '../updates';

export function UpdateButton() {
  const status = useUpdateStatus();
  const [refused, setRefused] = useState<string | null>(null);
  if (!status || status.phase !== 'ready') return null;
  const version = status.version ?? '';
  if (!status.offer) {
    const hold = status.holdBack ?? 'order_queued';
    return (
      <Tooltip label={t('updates.offeredWhen', { version, hold })}>
        <Text size="xs" c="dimmed" role="status" aria-label={t('updates.waiting')} style={{ whiteSpace: 'nowrap' }}>
          {t('updates.readyShort', { hold })}
        </Text>
      </Tooltip>
    );
  }
  const restart = async (): Promise<void> => {
    setRefused(null);
    try {
      const after = await call('updates:restart', {});
      // still here: something started meanwhile and holds it back
      if (after.holdBack) setRefused(t('updates.notNow', { hold: after.holdBack }));
    } catch (error) {
      // 'closing' is the restart under way
      if (!(error instanceof BridgeError && error.code === 'closing')) setRefused(t('updates.restartFailed'));
    }
  };
  return (
    <Tooltip label={refused ?? t('updates.installs', { version })} opened={refused !== null || undefined}>
      <Button size="xs" variant="light" color="teal" onClick={() => void restart()}>
        {t('updates.restart')}
      </Button>
    </Tooltip>
  );
}
