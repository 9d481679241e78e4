/**
 * Updates in the window: the status main keeps (codes and facts) and the words for it. Used by the frame's
 * "Restart to update" and by Settings → Updates; the decisions themselves are main's (core/updates/policy.ts).
 */
import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../shared/contract';
import { call, subscribe } from './bridge';
import { asOf } from './components/format';

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

/** Why a downloaded update waits, in words. */
export const HOLD_WORDS: Record<NonNullable<UpdateStatus['holdBack']>, string> = {
  wizard_open: 'after the order being entered is sent or closed',
  order_sending: 'once the order being sent is through',
  order_queued: 'once the orders waiting in the outbox are sent',
};

/** The same, short enough for the frame. */
export const HOLD_SHORT: Record<NonNullable<UpdateStatus['holdBack']>, string> = {
  wizard_open: 'after this order',
  order_sending: 'once the order is sent',
  order_queued: 'once the outbox is empty',
};

const FAILURE_WORDS: Record<NonNullable<UpdateStatus['failure']>, string> = {
  offline: 'the update server could not be reached',
  feed: 'the update server did not answer as expected',
  verify: 'the download did not pass its check and was not used',
  disk: 'the update could not be saved on this computer',
  other: 'something went wrong',
};

/** One line on where updates stand (Settings). */
export function updateSummary(status: UpdateStatus, now = Date.now()): string {
  const checked = status.lastCheckAt ? ` Last checked ${asOf(status.lastCheckAt, now)}.` : '';
  switch (status.phase) {
    case 'unsupported':
      return 'This copy of Shopdesk does not update itself: the installed desktop app does.';
    case 'checking':
      return 'Looking for a new version…';
    case 'downloading':
      return `Downloading version ${status.version ?? ''}: ${status.percent ?? 0}%.`;
    case 'ready':
      return status.offer
        ? `Version ${status.version ?? ''} is ready: restart Shopdesk to use it (it is also installed when Shopdesk quits).`
        : `Version ${status.version ?? ''} is ready and will be offered ${HOLD_WORDS[status.holdBack ?? 'order_queued']}.`;
    case 'failed':
      return `The last look for updates failed: ${FAILURE_WORDS[status.failure ?? 'other']}.${checked}`;
    case 'idle':
      return status.lastCheckAt
        ? `Shopdesk ${status.currentVersion} is the latest version.${checked}`
        : `Shopdesk ${status.currentVersion}.${status.checksEnabled ? ' It looks for updates shortly after it starts.' : ''}`;
  }
}
