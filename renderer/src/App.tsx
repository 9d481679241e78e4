/** The app frame: navigation, connection indicator, and the routes. */
import { Alert, AppShell, Badge, Group, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, NavLink as RouterLink, Route, Routes, useLocation } from 'react-router';
import { Commands } from './components/Commands';
import { ConnectionIndicator } from './components/ConnectionIndicator';
import { OfflineBanner } from './components/OfflineBanner';
import { SyncProgress } from './components/SyncProgress';
import { OrdersScreen } from './screens/orders/OrdersScreen';
import { NewOrderScreen } from './screens/new-order/NewOrderScreen';
// screens the first one does not need come in chunks of their own, fetched after the first paint
import { OrderDetailScreen, OutboxScreen, SettingsScreen, StockScreen, SubmittedScreen, WizardScreen } from './lazy';
import { Welcome } from './screens/welcome/Welcome';
import { connectStoreToMain, useStore } from './store';

const NAV = [
  { to: '/orders', label: 'Orders' },
  { to: '/new-order', label: 'New order' },
  { to: '/stock', label: 'Stock' },
  { to: '/outbox', label: 'Outbox' },
  { to: '/settings', label: 'Settings' },
] as const;

export function App() {
  const connection = useStore((s) => s.connection);
  const settings = useStore((s) => s.settings);
  const loadError = useStore((s) => s.loadError);
  const catalogue = useStore((s) => s.catalogue);
  const cancelSync = useStore((s) => s.cancelSync);
  const checkConnection = useStore((s) => s.checkConnection);
  const unsent = useStore((s) => s.unsent);
  const location = useLocation();

  useEffect(() => connectStoreToMain(), []);

  if (loadError) {
    return (
      <Stack p="xl" maw={640}>
        <Alert color="red" title="Shopdesk could not start" role="alert">
          {loadError}
        </Alert>
      </Stack>
    );
  }
  if (!settings) {
    return (
      <Group p="xl" gap="sm">
        <Loader size="sm" />
        <Text>Starting Shopdesk…</Text>
      </Group>
    );
  }

  const unconfigured = settings.mode === 'unconfigured';
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 200, breakpoint: 0 }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={3} component="p">
            Shopdesk
          </Title>
          <Group gap="md" wrap="nowrap">
            <SyncProgress status={catalogue} onCancel={() => void cancelSync()} />
            <ConnectionIndicator connection={connection} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation" component="nav">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            component={RouterLink}
            to={item.to}
            label={item.label}
            rightSection={
              item.to === '/outbox' && unsent > 0 ? (
                <Badge size="sm" color="orange" circle aria-label={`${unsent} unsent`}>
                  {unsent}
                </Badge>
              ) : undefined
            }
            active={location.pathname.startsWith(item.to)}
            aria-current={location.pathname.startsWith(item.to) ? 'page' : undefined}
          />
        ))}
      </AppShell.Navbar>
      <Commands />
      <AppShell.Main>
        <OfflineBanner
          connection={connection}
          cachedAt={catalogue?.updatedAt ?? null}
          onRetry={() => void checkConnection()}
        />
        <Routes>
          <Route path="/" element={<Navigate to={unconfigured ? '/welcome' : '/orders'} replace />} />
          <Route path="/welcome" element={<Welcome />} />
          <Route path="/orders" element={unconfigured ? <Welcome /> : <OrdersScreen />} />
          <Route path="/orders/:id" element={<OrderDetailScreen />} />
          <Route path="/new-order" element={unconfigured ? <Welcome /> : <NewOrderScreen />} />
          <Route path="/new-order/sent/:entryId" element={<SubmittedScreen />} />
          <Route path="/new-order/:id" element={unconfigured ? <Welcome /> : <WizardScreen />} />
          <Route path="/stock" element={<StockScreen />} />
          <Route path="/outbox" element={<OutboxScreen />} />
          <Route path="/settings" element={<SettingsScreen />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </AppShell.Main>
    </AppShell>
  );
}
