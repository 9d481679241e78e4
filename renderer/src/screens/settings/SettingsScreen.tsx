/** Connection settings: service address and API token, Test connection with a plain verdict, demo mode status. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ConnectionVerdict } from '../../../../shared/contract';
import { checkBaseUrl } from '../../../../shared/url';
import { BridgeError } from '../../bridge';
import { errorWords } from '../../errors';
import { useStore } from '../../store';
import { DateOrderSettings } from './DateOrderSettings';
import { DataSettings } from './DataSettings';
import { ShopSettings } from './ShopSettings';
import { UpdateSettings } from './UpdateSettings';
import { VERDICT_TITLE } from './verdict';

const FormSchema = z.object({
  baseUrl: z.string().superRefine((value, ctx) => {
    const check = checkBaseUrl(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
  }),
  token: z.string().max(4096, 'That token is too long.'),
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
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
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
        message: e instanceof BridgeError ? e.message : 'The test could not run.',
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
      setError('token', { message: 'Enter the API token.' });
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
      setSaved(
        saved.vault.kind === 'memory'
          ? 'Settings saved. The token is kept in memory only and must be entered again after Shopdesk restarts.'
          : 'Settings saved. The token is stored securely by Shopdesk and is not shown again.',
      );
    } catch (e) {
      if (e instanceof BridgeError && e.fields) {
        for (const [field, messages] of Object.entries(e.fields)) {
          if (field === 'baseUrl' || field === 'token') setError(field, { message: messages[0] });
        }
      }
      if (e instanceof BridgeError && e.code === 'token_for_other_address')
        setError('token', { message: errorWords(e) });
      setSaveError(e instanceof BridgeError ? errorWords(e) : 'The settings could not be saved.');
    }
  };

  const tokenPlaceholder =
    settings?.mode === 'service' && settings.tokenSet && !tokenElsewhere
      ? 'A token is saved — type a new one to replace it'
      : 'Paste the API token';

  return (
    <Stack maw={720}>
      <Title order={1} fz="h2">
        Settings
      </Title>
      {demo && (
        <Alert color="grape" title="Demo data in use" role="note">
          Shopdesk is connected to a practice service on this computer ({settings?.demo.products.toLocaleString('en')}{' '}
          made-up products, {settings?.demo.orders.toLocaleString('en')} orders). Nothing done here reaches your shop.
          Enter your shop’s address and token below to leave demo mode.
        </Alert>
      )}
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="form"
        onSubmit={(e) => void onSave(e)}
        aria-label="Service connection"
      >
        <Stack>
          <Title order={3}>Service connection</Title>
          <TextInput
            label="Service address"
            description="For example https://orders.myshop.com. Plain http:// is only allowed to this computer."
            placeholder="https://"
            autoComplete="off"
            spellCheck={false}
            error={formState.errors.baseUrl?.message}
            {...register('baseUrl')}
          />
          <PasswordInput
            label="API token"
            description="Kept by Shopdesk’s background process; the screen never sees it again after saving."
            placeholder={tokenPlaceholder}
            autoComplete="off"
            error={formState.errors.token?.message}
            {...register('token')}
          />
          {tokenElsewhere && (
            <Text size="sm" c="orange.8" role="note" aria-label="Why the token is asked again">
              {errorWords({ code: 'token_for_other_address', message: '', facts: { tokenOrigin: tokenElsewhere } })}
            </Text>
          )}
          <Group>
            <Button type="button" variant="default" loading={testing} onClick={() => void onTest()}>
              Test connection
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              Save
            </Button>
          </Group>
          {verdict && (
            <div role="status" aria-label="Connection test result" data-verdict={verdict.verdict}>
              <Alert color={verdict.verdict === 'connected' ? 'teal' : 'red'} title={VERDICT_TITLE[verdict.verdict]}>
                {verdict.verdict === 'token_for_other_address'
                  ? errorWords({
                      code: 'token_for_other_address',
                      message: '',
                      facts: { tokenOrigin: verdict.tokenOrigin ?? null },
                    })
                  : verdict.message}
                {verdict.latencyMs !== null && verdict.verdict === 'connected' && (
                  <Text size="sm" c="dimmed">
                    Answered in {verdict.latencyMs} ms
                    {verdict.serviceVersion ? ` · service version ${verdict.serviceVersion}` : ''}
                  </Text>
                )}
              </Alert>
            </div>
          )}
          {saved && (
            <div role="status" aria-label="Save result">
              <Alert color="teal">{saved}</Alert>
            </div>
          )}
          {saveError && (
            <Alert color="red" role="alert" title="Not saved">
              {saveError}
            </Alert>
          )}
        </Stack>
      </Paper>
      {settings && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Title order={3}>Token storage</Title>
            <Text>
              {settings.vault.kind === 'os-keychain'
                ? 'The token is encrypted with your operating system’s keychain.'
                : settings.vault.kind === 'file'
                  ? 'The token is kept in a local file.'
                  : 'The token is kept in memory only until Shopdesk quits.'}
            </Text>
            {settings.vault.note && (
              <Text
                size="sm"
                c={settings.vault.secure ? 'dimmed' : undefined}
                fw={settings.vault.secure ? undefined : 600}
              >
                {settings.vault.note}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      <ShopSettings />
      <DateOrderSettings />
      <DataSettings />
      <UpdateSettings />
      <Modal
        opened={askMemory !== null}
        onClose={() => setAskMemory(null)}
        title="No secure keychain on this computer"
        centered
      >
        <Stack>
          <Text size="sm">
            {settings?.vault.note ?? 'This computer offers no secure place to keep the token.'} Shopdesk will not write
            the token to disk unencrypted.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setAskMemory(null);
                setSaveError('The token was not stored. Nothing was saved.');
              }}
            >
              Don’t store the token
            </Button>
            <Button
              onClick={() => {
                const values = askMemory!;
                setAskMemory(null);
                setMemoryAccepted(true);
                void store(values);
              }}
            >
              Keep it in memory until Shopdesk quits
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
