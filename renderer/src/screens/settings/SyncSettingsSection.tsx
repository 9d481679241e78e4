/**
 * Settings → Sync: how often Shopdesk reads the service in the background (or only when staff ask), the load that
 * causes on the shop's service, what the order list showed of itself, and when each kind of work runs next.
 */
import { Alert, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SyncView } from '../../../../shared/contract';
import { SYNC_CHOICES, type SyncSettings } from '../../../../shared/sync';
import { BridgeError, call } from '../../bridge';
import { count, timeOfDay } from '../../components/format';
import { useStore } from '../../store';

const ONLY_WHEN_ASKED = 'manual';

/** "Every 30 seconds", "Every hour", "Every 4 hours"… */
function every(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `Every ${s} seconds`;
  const min = Math.round(s / 60);
  if (min === 1) return 'Every minute';
  if (min < 60) return `Every ${min} minutes`;
  const h = Math.round((min / 60) * 10) / 10;
  return h === 1 ? 'Every hour' : `Every ${h} hours`;
}

const FIELDS: { key: keyof SyncSettings; label: string; description: string }[] = [
  {
    key: 'ordersQuickMs',
    label: 'New orders',
    description: 'Reads the newest page of the order list (two when something is new).',
  },
  {
    key: 'ordersFullMs',
    label: 'All orders',
    description: 'Reads every page of the order list, for status changes of older orders.',
  },
  {
    key: 'catalogueMs',
    label: 'Catalogue',
    description: 'Reads every product page. Products staff open or add to an order are always read fresh.',
  },
];

function options(key: keyof SyncSettings, current: number | null): { value: string; label: string }[] {
  const values = [...SYNC_CHOICES[key]];
  if (!values.includes(current)) values.unshift(current);
  return values.map((ms) =>
    ms === null ? { value: ONLY_WHEN_ASKED, label: 'Only when I ask' } : { value: String(ms), label: every(ms) },
  );
}

/** What the order list showed of itself, in words. */
function listShape(refresh: NonNullable<ReturnType<typeof useOrdersRefresh>>): string {
  if (refresh.paginated === null) return 'The order list has not been read yet.';
  if (!refresh.paginated) return 'The order list comes whole (not in pages): each refresh reads all of it.';
  const pages = `${count(refresh.pages)} page${refresh.pages === 1 ? '' : 's'}`;
  if (refresh.newest === null)
    return `The order list has ${pages}; which end holds the newest orders is not clear yet, so refreshes read every page.`;
  const end = refresh.newest === 'first' ? 'first' : 'last';
  const by = refresh.newestBy === 'date' ? 'order dates' : 'order numbers';
  return `The order list has ${pages}; the newest orders are on its ${end} page (shown by the ${by}).`;
}

const useOrdersRefresh = () => useStore((s) => s.orders?.refresh ?? null);

export function SyncSettingsSection() {
  const [view, setView] = useState<SyncView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useOrdersRefresh();
  const ordersRevision = useStore((s) => s.orders?.revision ?? 0);
  const catalogueRevision = useStore((s) => s.catalogue?.revision ?? 0);

  useEffect(() => {
    let live = true;
    call('sync:get', {}).then(
      (v) => live && setView(v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ordersRevision, catalogueRevision]);

  const change = async (key: keyof SyncSettings, value: string | null): Promise<void> => {
    if (value === null) return;
    try {
      setView(await call('sync:set', { [key]: value === ONLY_WHEN_ASKED ? null : Number(value) }));
      setError(null);
    } catch (e) {
      setError(e instanceof BridgeError ? e.message : 'The setting could not be saved.');
    }
  };

  if (!view) return null;
  const { load } = view;
  const perSecond = (load.productRequestsPerHour + load.orderRequestsPerHour) / 3600;
  const next = (at: number | null): string => (at === null ? 'only when asked' : timeOfDay(at));
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Sync">
      <Stack gap="sm">
        <Title order={3}>Sync</Title>
        <Text size="sm" c="dimmed">
          How often Shopdesk reads the shop’s service in the background. Less often is kinder to the service (and the
          shop’s website, which shares it); the cache on this computer keeps working either way.
        </Text>
        {FIELDS.map(({ key, label, description }) => (
          <Select
            key={key}
            label={label}
            description={description}
            data={options(key, view.settings[key])}
            value={view.settings[key] === null ? ONLY_WHEN_ASKED : String(view.settings[key])}
            onChange={(value) => void change(key, value)}
            allowDeselect={false}
            maw={420}
          />
        ))}
        <Text size="sm" data-testid="sync-load">
          {view.basis.cataloguePages === null && view.basis.orderPages === null
            ? 'The load these settings cause is shown once the catalogue and the order list have been read.'
            : `With these settings Shopdesk reads about ${count(load.productRequestsPerHour)} product pages and ${count(load.orderRequestsPerHour)} order pages an hour from the service (${perSecond < 0.1 ? 'less than one request every 10 seconds' : `about ${Math.round(perSecond * 10) / 10} requests a second`}).`}
        </Text>
        {refresh && (
          <Text size="sm" data-testid="order-list-shape">
            {listShape(refresh)}
          </Text>
        )}
        <Group gap="lg">
          <Text size="sm" c="dimmed">
            Next: new orders {next(view.next.ordersQuick)} · all orders {next(view.next.ordersFull)} · catalogue{' '}
            {next(view.next.catalogue)}
          </Text>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
