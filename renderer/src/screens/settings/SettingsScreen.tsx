/** Connection settings: service address and API token, Test connection with a plain verdict, demo mode status. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ConnectionVerdict } from '../../../../shared/contract';
import { checkBaseUrl } from '../../../../shared/url';
import { BridgeError } from '../../bridge';
import { errorWords, urlProblemText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';
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
import { CertificateVerdict, TrustedCertificatesSettings } from './CertificateTrust';
import { noteSaysWhere, routeText, vaultNote, VERDICT_TITLE, verdictText } from './verdict';

const FormSchema = z.object({
  baseUrl: z.string().superRefine((value, ctx) => {
    const check = checkBaseUrl(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: urlProblemText(check.reason, check.scheme) });
  }),
  token: z.string().max(4096, { error: () => t('settings.tokenTooLong') }),
});
type FormValues = z.infer<typeof FormSchema>;

const originOf = (value: string): string | null => {
  try {
    return new URL(value.trim()).origin;
  } catch {
    return null;
  }
};

export function SettingsScreen() {
  const settings = useStore((s) => s.settings);
  const saveSettings = useStore((s) => s.saveSettings);
  const testConnection = useStore((s) => s.testConnection);
  /** The test's verdict; `failed`: the test itself could not run, in words (no verdict came). */
  const [verdict, setVerdict] = useState<(ConnectionVerdict & { failed?: string }) | null>(null);
  const [testing, setTesting] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const demo = settings?.mode === 'demo';

  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { baseUrl: '', token: '' },
    mode: 'onSubmit',
  });
  const { register, handleSubmit, formState, setError, getValues, reset, watch } = form;
  // the saved token is sent only to the address it was saved for: another one needs its own
  const typedOrigin = originOf(watch('baseUrl'));
  const tokenElsewhere =
    settings?.mode !== 'demo' && settings?.tokenOrigin && typedOrigin && typedOrigin !== settings.tokenOrigin
      ? settings.tokenOrigin
      : null;

  useEffect(() => {
    if (settings && settings.mode === 'service') reset({ baseUrl: settings.baseUrl ?? '', token: '' });
  }, [settings, reset]);

  const onTest = async (): Promise<void> => {
    setTesting(true);
    setVerdict(null);
    setSaved(null);
    try {
      const { baseUrl, token } = getValues();
      setVerdict(await testConnection({ baseUrl: baseUrl.trim() || undefined, token: token.trim() || undefined }));
    } catch (e) {
      setVerdict({
        verdict: 'server_error',
        why: null,
        failed: e instanceof BridgeError ? errorWords(e) : t('settings.testFailed'),
        productCount: null,
        serviceVersion: null,
        latencyMs: null,
      });
    } finally {
      setTesting(false);
    }
  };

  const [askMemory, setAskMemory] = useState<{ baseUrl: string; token: string } | null>(null);
  const [memoryAccepted, setMemoryAccepted] = useState(false);
  const onSave = handleSubmit(async (values) => {
    setSaved(null);
    setSaveError(null);
    if (!values.token.trim() && !(settings?.mode === 'service' && settings.tokenSet)) {
      setError('token', { message: t('settings.enterToken') });
      return;
    }
    // with no secure keychain the token can only live in memory: staff choose that, or not to store it at all
    if (values.token.trim() && settings?.vault.kind === 'memory' && !memoryAccepted) {
      setAskMemory(values);
      return;
    }
    await store(values);
  });

  const store = async (values: { baseUrl: string; token: string }): Promise<void> => {
    try {
      const saved = await saveSettings({
        baseUrl: values.baseUrl,
        token: values.token.trim() ? values.token : undefined,
      });
      reset({ baseUrl: checkBaseUrl(values.baseUrl).ok ? values.baseUrl.trim() : values.baseUrl, token: '' });
      setSaved(saved.vault.kind === 'memory' ? t('settings.savedMemory') : t('settings.saved'));
    } catch (e) {
      if (e instanceof BridgeError && e.fields) {
        for (const [field, messages] of Object.entries(e.fields)) {
          if (field === 'baseUrl' || field === 'token') setError(field, { message: messages[0] });
        }
      }
      if (e instanceof BridgeError && e.code === 'token_for_other_address')
        setError('token', { message: errorWords(e) });
      setSaveError(e instanceof BridgeError ? errorWords(e) : t('settings.notSavedError'));
    }
  };

  const tokenPlaceholder =
    settings?.mode === 'service' && settings.tokenSet && !tokenElsewhere
      ? t('settings.tokenSaved')
      : t('settings.pasteToken');

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
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="form"
        onSubmit={(e) => void onSave(e)}
        aria-label={t('settings.connection')}
      >
        <Stack>
          <Title order={2} fz="h3">
            {t('settings.connection')}
          </Title>
          <TextInput
            label={t('settings.address')}
            description={t('settings.addressHelp')}
            placeholder={t('settings.addressPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            error={formState.errors.baseUrl?.message}
            {...register('baseUrl')}
          />
          <PasswordInput
            label={t('settings.token')}
            description={t('settings.tokenHelp')}
            placeholder={tokenPlaceholder}
            autoComplete="off"
            error={formState.errors.token?.message}
            {...register('token')}
          />
          {tokenElsewhere && (
            <Text size="sm" c="orange.8" role="note" aria-label={t('settings.whyTokenAgain')}>
              {errorWords({ code: 'token_for_other_address', facts: { tokenOrigin: tokenElsewhere } })}
            </Text>
          )}
          <Group>
            <Button type="button" variant="default" loading={testing} onClick={() => void onTest()}>
              {t('settings.test')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t('settings.save')}
            </Button>
          </Group>
          {verdict && (
            <div role="status" aria-label={t('settings.testResult')} data-verdict={verdict.verdict}>
              <Alert color={verdict.verdict === 'connected' ? 'teal' : 'red'} title={t(VERDICT_TITLE[verdict.verdict])}>
                {verdict.failed ?? verdictText(verdict)}
                {verdict.latencyMs !== null && verdict.verdict === 'connected' && (
                  <Text size="sm" c="dimmed">
                    {verdict.serviceVersion
                      ? t('settings.answeredInVersion', { ms: verdict.latencyMs, version: verdict.serviceVersion })
                      : t('settings.answeredIn', { ms: verdict.latencyMs })}
                  </Text>
                )}
                {routeText(verdict) && (
                  <Text size="sm" c="dimmed" data-testid="verdict-route">
                    {routeText(verdict)}
                  </Text>
                )}
              </Alert>
            </div>
          )}
          {verdict && <CertificateVerdict key={JSON.stringify(verdict.why ?? null)} verdict={verdict} />}
          {saved && (
            <div role="status" aria-label={t('settings.saveResult')}>
              <Alert color="teal">{saved}</Alert>
            </div>
          )}
          {saveError && (
            <Alert color="red" role="alert" title={t('settings.notSaved')}>
              {saveError}
            </Alert>
          )}
        </Stack>
      </Paper>
      {!demo && <ProxySettings />}
      {!demo && <TrustedCertificatesSettings />}
      {settings && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Title order={2} fz="h3">
              {t('settings.tokenStorage')}
            </Title>
            {/* a note that itself says where the token is kept replaces the kind's line (both said it twice) */}
            {!noteSaysWhere(settings.vault) && (
              <Text>
                {settings.vault.kind === 'os-keychain'
                  ? t('settings.storage.keychain')
                  : settings.vault.kind === 'file'
                    ? t('settings.storage.file')
                    : t('settings.storage.memory')}
              </Text>
            )}
            {settings.vault.noteCode && (
              <Text
                size="sm"
                c={settings.vault.secure ? 'dimmed' : undefined}
                fw={settings.vault.secure ? undefined : 600}
              >
                {vaultNote(settings.vault)}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
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
      <Modal opened={askMemory !== null} onClose={() => setAskMemory(null)} title={t('settings.memory.title')} centered>
        <Stack>
          <Text size="sm">
            {(settings && vaultNote(settings.vault)) ?? t('settings.memory.noPlace')} {t('settings.memory.noDisk')}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setAskMemory(null);
                setSaveError(t('settings.memory.notStored'));
              }}
            >
              {t('settings.memory.dont')}
            </Button>
            <Button
              onClick={() => {
                const values = askMemory!;
                setAskMemory(null);
                setMemoryAccepted(true);
                void store(values);
              }}
            >
              {t('settings.memory.keep')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
