/** The app frame: navigation, connection indicator, and the routes. */
import { Alert, AppShell, Badge, Group, Loader, NavLink, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconFilePlus,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconListDetails,
  IconPackage,
  IconSend,
  IconSettings,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { NavLink as RouterLink, Route, Routes, useLocation } from 'react-router';
import { Commands } from './components/Commands';
import { ConnectionBar, ConnectionIndicator } from './components/ConnectionIndicator';
import { OutboxNotifier } from './components/OutboxNotifier';
import { Redirect } from './components/Redirect';
import { SyncProgress } from './components/SyncProgress';
import { UpdateButton } from './components/UpdateButton';
import { UpgradeNotice } from './components/UpgradeNotice';
import { OrdersScreen } from './screens/orders/OrdersScreen';
import { NewOrderScreen } from './screens/new-order/NewOrderScreen';
import { HeldKeys } from './screens/new-order/HeldKeys';
// screens the first one does not need come in chunks of their own, fetched after the first paint
import {
  OrderDetailScreen,
  OutboxScreen,
  SettingsScreen,
  StockScreen,
  SubmittedScreen,
  TodayScreen,
  WizardScreen,
} from './lazyScreens';
import { Tooltip } from './lazy';
import { Welcome } from './screens/welcome/Welcome';
import { useStore } from './store';
import { t } from './i18n';
import { firstScreenShown } from './chunks';
import { listComesFirst } from './firstScreen';

const NAV = [
  { to: '/orders', label: 'nav.orders', Icon: IconListDetails },
  { to: '/new-order', label: 'nav.newOrder', Icon: IconFilePlus },
  { to: '/stock', label: 'nav.stock', Icon: IconPackage },
  { to: '/outbox', label: 'nav.outbox', Icon: IconSend },
  { to: '/today', label: 'nav.today', Icon: IconReportAnalytics },
  { to: '/settings', label: 'nav.settings', Icon: IconSettings },
] as const;

export function App() {
  const connection = useStore((s) => s.connection);
  const settings = useStore((s) => s.settings);
  const loadError = useStore((s) => s.loadError);
  const signedOut = useStore((s) => s.signedOut);
  const catalogue = useStore((s) => s.catalogue);
  const cancelSync = useStore((s) => s.cancelSync);
  const checkConnection = useStore((s) => s.checkConnection);
  const unsent = useStore((s) => s.unsent);
  const held = useStore((s) => s.drafts.filter((d) => d.data.onHold).length);
  const sendingPaused = useStore((s) => s.outbox.some((e) => e.paused && e.state === 'queued'));
  const collapsed = useStore((s) => s.ui.sidebarCollapsed);
  const setUi = useStore((s) => s.setUi);
  const location = useLocation();
  // a first screen without a list says it is shown as it is drawn (firstScreen.ts)
  const listComing = listComesFirst(loadError, settings?.mode ?? null, location.pathname);
  useEffect(() => {
    if (!listComing) firstScreenShown();
  }, [listComing]);

  if (loadError) {
    return (
      <Stack p="xl" maw={640}>
        <Alert color="red" title={signedOut ? t('app.signedOut') : t('app.couldNotStart')} role="alert">
          {loadError}
        </Alert>
      </Stack>
    );
  }
  if (!settings) {
    return (
      <Group p="xl" gap="sm">
        <Loader size="sm" />
        <Text>{t('app.starting')}</Text>
      </Group>
    );
  }

  const unconfigured = settings.mode === 'unconfigured';
  const home = unconfigured ? '/welcome' : '/orders';
  return (
    <AppShell header={{ height: 52 }} navbar={{ width: collapsed ? 64 : 188, breakpoint: 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={3} component="p">
            {t('app.name')}
          </Title>
          <Group gap="md" wrap="nowrap">
            <UpgradeNotice />
            <UpdateButton />
            <SyncProgress status={catalogue} onCancel={() => void cancelSync()} />
            <ConnectionIndicator connection={connection} sendingPaused={sendingPaused} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('app.mainNavigation')} component="nav">
        <Stack gap={2} style={{ flex: 1 }}>
          {NAV.map(({ to, label: labelKey, Icon }) => {
            const label = t(labelKey);
            const active = location.pathname.startsWith(to);
            const badge =
              to === '/outbox' && unsent > 0 ? (
                <Badge size="sm" color="orange.9" circle aria-label={t('nav.unsent', { count: unsent })}>
                  {unsent}
                </Badge>
              ) : to === '/new-order' && held > 0 ? (
                <Badge size="sm" color="blue.9" circle aria-label={t('nav.held', { count: held })}>
                  {held}
                </Badge>
              ) : undefined;
            return (
              <Tooltip key={to} label={label} position="right" disabled={!collapsed}>
                <NavLink
                  component={RouterLink}
                  to={to}
                  label={collapsed ? undefined : label}
                  aria-label={collapsed ? label : undefined}
                  leftSection={
                    <span style={{ position: 'relative', display: 'inline-flex' }}>
                      <Icon size={20} aria-hidden />
                      {/* on the icon's corner, open or collapsed: beside the label it took the room of
                          "Neue Bestellung" / "Postausgang", which then wrapped */}
                      {badge && <span className="nav-badge">{badge}</span>}
                    </span>
                  }
                  active={active}
                  aria-current={active ? 'page' : undefined}
                />
              </Tooltip>
            );
          })}
        </Stack>
        <UnstyledButton
          className="nav-collapse"
          onClick={() => setUi({ sidebarCollapsed: !collapsed })}
          aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          aria-expanded={!collapsed}
        >
          {collapsed ? (
            <IconLayoutSidebarLeftExpand size={20} aria-hidden />
          ) : (
            <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
          )}
          {!collapsed && <Text size="sm">{t('nav.collapseShort')}</Text>}
        </UnstyledButton>
      </AppShell.Navbar>
      <Commands />
      {!unconfigured && <HeldKeys />}
      <OutboxNotifier />
      <AppShell.Main className="app-main">
        <ConnectionBar
          connection={connection}
          stockAsOf={catalogue?.completeAt ?? catalogue?.updatedAt ?? null}
          sendingPaused={sendingPaused}
          onCheck={checkConnection}
        />
        <div className="app-screen">
          <Routes>
            <Route path="/" element={<Redirect to={home} />} />
            <Route path="/welcome" element={<Welcome />} />
            <Route path="/orders" element={unconfigured ? <Welcome /> : <OrdersScreen />} />
            <Route path="/orders/:id" element={<OrderDetailScreen />} />
            <Route path="/new-order" element={unconfigured ? <Welcome /> : <NewOrderScreen />} />
            <Route path="/new-order/sent/:entryId" element={<SubmittedScreen />} />
            <Route path="/new-order/:id" element={unconfigured ? <Welcome /> : <WizardScreen />} />
            <Route path="/stock" element={<StockScreen />} />
            <Route path="/outbox" element={<OutboxScreen />} />
            <Route path="/today" element={unconfigured ? <Welcome /> : <TodayScreen />} />
            <Route path="/settings" element={<SettingsScreen />} />
            <Route path="*" element={<Redirect to={home} />} />
          </Routes>
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
