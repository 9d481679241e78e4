/**
 * The frame's "Restart to update": shown once an update is downloaded and nothing holds it back (no order being
 * entered, queued or sent). Held back, it says quietly what it waits for. Main decides again when it is pressed.
 */
import { Button, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { BridgeError, call } from '../bridge';
import { HOLD_SHORT, HOLD_WORDS, useUpdateStatus } from '../updates';

export function UpdateButton() {
  const status = useUpdateStatus();
  const [refused, setRefused] = useState<string | null>(null);
  if (!status || status.phase !== 'ready') return null;
  if (!status.offer) {
    return (
      <Tooltip label={`Version ${status.version} is offered ${HOLD_WORDS[status.holdBack ?? 'order_queued']}`}>
        <Text size="xs" c="dimmed" role="status" aria-label="Update waiting" style={{ whiteSpace: 'nowrap' }}>
          Update ready {HOLD_SHORT[status.holdBack ?? 'order_queued']}
        </Text>
      </Tooltip>
    );
  }
  const restart = async (): Promise<void> => {
    setRefused(null);
    try {
      const after = await call('updates:restart', {});
      // still here: something started meanwhile and holds it back
      if (after.holdBack) setRefused(`Not now: ${HOLD_WORDS[after.holdBack]}.`);
    } catch (error) {
      // 'closing' is the restart under way
      if (!(error instanceof BridgeError && error.code === 'closing')) setRefused('The restart could not start.');
    }
  };
  return (
    <Tooltip
      label={refused ?? `Installs version ${status.version} and opens Shopdesk again`}
      opened={refused !== null || undefined}
    >
      <Button size="xs" variant="light" color="teal" onClick={() => void restart()}>
        Restart to update
      </Button>
    </Tooltip>
  );
}
