/**
 * Settings → Sync: how often Shopdesk reads the service in the background (or only when staff ask), the load that
 * causes on the shop's service, what the order list showed of itself, and when each kind of work runs next.
 */
import { Alert, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SyncView } from '../../../../shared/contract';
import { SYNC_CHOICES, type SyncSettings } from '../../../../shared/sync';
import { call } from '../../bridge';
import type { SimpleKey } from '../../../../shared/i18n/translate';
import { timeOfDay } from '../../components/format';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';

const ONLY_WHEN_ASKED = 'manual';

/** "Every 30 seconds", "Every hour", "Every 4 hours"… */
function every(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return t('settings.sync.everySeconds', { seconds: s });
  const min = Math.round(s / 60);
  if (min < 60) return t('settings.sync.everyMinutes', { minutes: min });
  return t('settings.sync.everyHours', { hours: Math.round((min / 60) * 10) / 10 });
}

const FIELDS: { key: keyof SyncSettings; label: SimpleKey; description: SimpleKey }[] = [
  { key: 'ordersQuickMs', label: 'settings.sync.newOrders', description: 'settings.sync.newOrdersHelp' },
  { key: 'ordersFullMs', label: 'settings.sync.allOrders', description: 'settings.sync.allOrdersHelp' },
  { key: 'catalogueMs', label: 'settings.sync.catalogue', description: 'settings.sync.catalogueHelp' },
];

function options(key: keyof SyncSettings, current: number | null): { value: string; label: string }[] {
  const values = [...SYNC_CHOICES[key]];
  if (!values.includes(current)) values.unshift(current);
  return values.map((ms) =>
    ms === null
      ? { value: ONLY_WHEN_ASKED, label: t('settings.sync.onlyWhenAsked') }
      : { value: String(ms), label: every(ms) },
  );
}

/** What the order list showed of itself, in words. */
function listShape(refresh: NonNullable<ReturnType<typeof useOrdersRefresh>>): string {
  if (refresh.paginated === null) return t('settings.sync.listNotRead');
  if (!refresh.paginated) return t('settings.sync.listWhole');
  if (refresh.pages === null) return t('settings.sync.listNotRead');
  if (refresh.newest === null) return t('settings.sync.listEndUnknown', { pages: refresh.pages });
  return t('settings.sync.listNewest', {
    pages: refresh.pages,
    end: refresh.newest === 'first' ? 'first' : 'last',
    by: refresh.newestBy === 'date' ? 'date' : 'number',
  });
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
      setError(errorText(e, 'settings.sync.notSaved'));
    }
  };

  if (!view) return null;
  const { load } = view;
  const { productRequestsPerHour: products, orderRequestsPerHour: orders } = load;
  const perSecond = (products + orders) / 3600;
  const next = (at: number | null): string => (at === null ? t('settings.sync.nextAsked') : timeOfDay(at));
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('settings.sync.title')}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('settings.sync.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.sync.intro')}
        </Text>
        {FIELDS.map(({ key, label, description }) => (
          <Select
            key={key}
            label={t(label)}
            description={t(description)}
            data={options(key, view.settings[key])}
            value={view.settings[key] === null ? ONLY_WHEN_ASKED : String(view.settings[key])}
            onChange={(value) => void change(key, value)}
            allowDeselect={false}
            maw={420}
          />
        ))}
        <Text size="sm" data-testid="sync-load">
          {view.basis.cataloguePages === null && view.basis.orderPages === null
            ? t('settings.sync.loadUnknown')
            : perSecond < 0.1
              ? t('settings.sync.loadSlow', { products, orders })
              : t('settings.sync.loadFast', { products, orders, perSecond: Math.round(perSecond * 10) / 10 })}
        </Text>
        {refresh && (
          <Text size="sm" data-testid="order-list-shape">
            {listShape(refresh)}
          </Text>
        )}
        <Group gap="lg">
          <Text size="sm" c="dimmed">
            {t('settings.sync.next', {
              quick: next(view.next.ordersQuick),
              full: next(view.next.ordersFull),
              catalogue: next(view.next.catalogue),
            })}
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
