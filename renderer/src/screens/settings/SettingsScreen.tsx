/** Connection settings: service address and API token, Test connection with a plain verdict, demo mode status. */
import { Alert, Stack, Title } from '@mantine/core';
import { t } from '../../i18n';
import { DateOrderSettings } from './DateOrderSettings';
import { DataSettings } from './DataSettings';
import { LanguageSettings } from './LanguageSettings';
import { ShopSettings } from './ShopSettings';
import { ScannerSettings } from './ScannerSettings';
import { UpdateSettings } from './UpdateSettings';
import { SyncSettingsSection } from './SyncSettingsSection';
import { PrintingSettings, StockSettings } from './PrintingSettings';
import { ProxySettings } from './ProxySettings';
import { SupportSettings } from './SupportSettings';
import { SessionsSettings } from './SessionsSettings';
import { TrustedCertificatesSettings } from './CertificateTrust';
import { ConnectionForm, MemoryTokenDialog, TokenStorage } from './ConnectionParts';
import { useConnectionSettings } from './useConnectionSettings';

export function SettingsScreen() {
  const connection = useConnectionSettings();
  const { settings } = connection;
  const demo = settings?.mode === 'demo';

  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        {t('nav.settings')}
      </Title>
      {demo && (
        <Alert color="grape" title={t('settings.demoTitle')} role="note">
          {t('settings.demoText', { products: settings?.demo.products ?? 0, orders: settings?.demo.orders ?? 0 })}
        </Alert>
      )}
      <LanguageSettings />
      <ConnectionForm connection={connection} />
      {!demo && <ProxySettings />}
      {!demo && <TrustedCertificatesSettings />}
      {settings && <TokenStorage settings={settings} />}
      <ShopSettings />
      <DateOrderSettings />
      <ScannerSettings />
      <PrintingSettings />
      <StockSettings />
      <DataSettings />
      <SessionsSettings />
      <UpdateSettings />
      <SyncSettingsSection />
      <SupportSettings />
      <MemoryTokenDialog connection={connection} />
    </Stack>
  );
}
