/**
 * Updates in the window: the status main keeps (codes and facts) and the words for it. Used by the frame's
 * "Restart to update" and by Settings → Updates; the decisions themselves are main's (core/updates/policy.ts).
 */
import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../shared/contract';
import { call, subscribe } from './bridge';
import { asOf } from './components/format';
import { t } from './i18n';

/** The current update status, kept fresh by main's events; null until first read (or where it cannot be read). */
export function useUpdateStatus(): UpdateStatus | null {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  useEffect(() => {
    let live = true;
    const stop = subscribe('updates:changed', (next) => setStatus(next));
    call('updates:status', {}).then(
      (first) => live && setStatus((current) => current ?? first),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, []);
  return status;
}

// A page just (re)loaded has no wizard open until one says so (a reload skips the closing wizard's goodbye). Sent at
// import, before any screen mounts, so it arrives before the wizard's own report.
void call('app:activity', { wizardOpen: false }).catch(() => undefined);

/** Tells main a new-order wizard is open while the calling component is mounted: no restart under an order. */
export function useReportWizardOpen(): void {
  useEffect(() => {
    const report = (wizardOpen: boolean): void => void call('app:activity', { wizardOpen }).catch(() => undefined);
    report(true);
    return () => report(false);
  }, []);
}

/** One line on where updates stand (Settings). */
export function updateSummary(status: UpdateStatus, now = Date.now()): string {
  const version = status.version ?? '';
  const hold = status.holdBack ?? 'order_queued';
  const checked = status.lastCheckAt ? t('updates.lastChecked', { when: asOf(status.lastCheckAt, now) }) : null;
  const sentences = (...parts: (string | null)[]): string => parts.filter((part) => part !== null).join(' ');
  switch (status.phase) {
    case 'unsupported':
      return t('updates.unsupported');
    case 'checking':
      return t('updates.checking');
    case 'downloading':
      return t('updates.downloading', { version, percent: status.percent ?? 0 });
    case 'ready':
      return status.offer ? t('updates.readyOffer', { version }) : t('updates.readyHeld', { version, hold });
    case 'failed':
      return sentences(t('updates.failed', { failure: status.failure ?? 'other' }), checked);
    case 'idle':
      return status.lastCheckAt
        ? sentences(t('updates.latest', { version: status.currentVersion }), checked)
        : sentences(
            t('updates.current', { version: status.currentVersion }),
            status.checksEnabled ? t('updates.soon') : null,
          );
  }
}
