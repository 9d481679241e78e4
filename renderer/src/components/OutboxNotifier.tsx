/** Tells staff, wherever they are in the app, when an order waiting in the outbox goes out or is rejected. */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { money } from './format';
import type { OutboxEntry } from '../../../shared/domain';
import { useStore } from '../store';
import { t } from '../i18n';

const WAITING = new Set<OutboxEntry['state']>(['queued', 'sending', 'unknown']);

export function OutboxNotifier() {
  const entries = useStore((s) => s.outbox);
  const loaded = useStore((s) => s.outboxLoaded);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef<Map<string, OutboxEntry['state']> | null>(null);

  useEffect(() => {
    if (!loaded) return;
    const before = seen.current;
    seen.current = new Map(entries.map((e) => [e.id, e.state]));
    if (!before) return; // what was already so when the app opened is not news
    for (const entry of entries) {
      const was = before.get(entry.id);
      if (!was || !WAITING.has(was) || was === entry.state) continue;
      // staff looking at this order's own answer (just after sending it) see it there already
      if (pathname === `/new-order/sent/${entry.id}`) continue;
      const who = entry.order.name;
      if (entry.state === 'sent')
        notifications.show({
          id: `outbox-${entry.id}-sent`,
          color: 'teal',
          title: t('notify.sent.title'),
          message: t('notify.sent.message', {
            who,
            named: who ? 'yes' : 'no',
            total: money(entry.order.total_price),
            po: entry.serverPoNumber ?? '',
            hasPo: entry.serverPoNumber ? 'yes' : 'no',
          }),
          autoClose: 8000,
        });
      else if (entry.state === 'rejected')
        notifications.show({
          id: `outbox-${entry.id}-rejected`,
          color: 'red',
          title: t('notify.rejected.title'),
          message: t('notify.rejected.message', { who, named: who ? 'yes' : 'no' }),
          autoClose: 15_000,
          onClick: () => void navigate('/outbox'),
        });
    }
    // the path is read as it is when the list changes; moving around alone is no news
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries, loaded, navigate]);

  return null;
}
