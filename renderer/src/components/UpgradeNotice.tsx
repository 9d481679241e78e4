/**
 * The first start after an update: a cache an earlier version wrote is being brought up to this version's layout on a
 * thread of its own (seconds over a large one). Its screens wait meanwhile; the frame says why, until it is done.
 */
import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { StorageUpgrades } from '../../../shared/contract';
import { call, subscribe } from '../bridge';
import { t } from '../i18n';

/** The upgrades under way, kept fresh by main's events (none until first read, or where it cannot be read). */
export function useStorageUpgrades(): StorageUpgrades['running'] {
  const [running, setRunning] = useState<StorageUpgrades['running'] | null>(null);
  useEffect(() => {
    let live = true;
    const stop = subscribe('storage:upgrades', (next) => setRunning(next.running));
    call('storage:upgrades', {}).then(
      (first) => live && setRunning((current) => current ?? first.running),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, []);
  return running ?? [];
}

export function UpgradeNotice() {
  const running = useStorageUpgrades();
  const words =
    running.length > 1 ? t('upgrade.both') : running[0] === 'catalogue' ? t('upgrade.catalogue') : t('upgrade.orders');
  return (
    // a live region present from the start, so what appears in it is read out; at most two lines wide enough to
    // leave the frame's sync progress and connection their room at 1024 px
    <div role="status" style={{ minWidth: 0 }}>
      {running.length > 0 && (
        <Group gap="xs" wrap="nowrap" maw={280}>
          <Loader size="xs" aria-hidden />
          <Text size="xs" c="dimmed" lineClamp={2} title={words}>
            {words}
          </Text>
        </Group>
      )}
    </div>
  );
}
