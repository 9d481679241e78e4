/**
 * Settings → Proxy (#26.4): how requests reach the service on a company network — the system's proxy settings (the
 * default: the desktop's own settings, PAC file and WPAD in the app; the environment's HTTPS_PROXY in the browser
 * host), a proxy typed by hand with its login, or none. The password is kept with the token's protection and never
 * shown again; "Test connection" above says which proxy the test used.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { NetworkView, ProxyModeSetting } from '../../../../shared/contract';
import { BridgeError, call } from '../../bridge';
import { errorText } from '../../errors';
import { t } from '../../i18n';

export function ProxySettings() {
  const [view, setView] = useState<NetworkView | null>(null);
  // kept here: saving stores new values, and the form starts again from them
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    void call('settings:network', {})
      .then((v) => live && setView(v))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!view) return null;
  // the form starts again from what is stored whenever that changes
  return (
    <ProxyForm
      key={JSON.stringify(view)}
      view={view}
      saved={saved}
      onSaving={() => setSaved(false)}
      onSaved={(next) => {
        setView(next);
        setSaved(true);
      }}
    />
  );
}

function ProxyForm({
  view,
  saved,
  onSaving,
  onSaved,
}: {
  view: NetworkView;
  saved: boolean;
  onSaving: () => void;
  onSaved: (v: NetworkView) => void;
}) {
  const [mode, setMode] = useState<ProxyModeSetting>(view.mode);
  const [url, setUrl] = useState(view.url ?? '');
  const [username, setUsername] = useState(view.username ?? '');
  const [password, setPassword] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (): Promise<void> => {
    setSaving(true);
    setError(null);
    setUrlError(null);
    onSaving();
    try {
      const next = await call('settings:network-save', {
        mode,
        url: url.trim() === '' ? null : url,
        username: mode === 'manual' ? username : undefined,
        password: mode === 'manual' && password !== '' ? password : undefined,
      });
      onSaved(next);
    } catch (e) {
      const reason = e instanceof BridgeError ? e.fields?.proxyUrl?.[0] : undefined;
      if (reason) setUrlError(proxyUrlProblem(reason));
      else setError(errorText(e, 'proxy.notSaved'));
    } finally {
      setSaving(false);
    }
  };

  const systemLine =
    view.systemFrom === 'desktop'
      ? t('proxy.systemDesktop')
      : view.environmentProxy
        ? t('proxy.systemEnvironment', { proxy: view.environmentProxy })
        : t('proxy.systemEnvironmentNone');

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('proxy.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {t('proxy.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('proxy.help')}
          </Text>
          <SegmentedControl
            aria-label={t('proxy.mode')}
            value={mode}
            onChange={(value) => setMode(value as ProxyModeSetting)}
            data={[
              { value: 'system', label: t('proxy.mode.system') },
              { value: 'manual', label: t('proxy.mode.manual') },
              { value: 'none', label: t('proxy.mode.none') },
            ]}
          />
          {mode === 'system' && <Text size="sm">{systemLine}</Text>}
          {mode === 'none' && <Text size="sm">{t('proxy.noneHelp')}</Text>}
          {mode === 'manual' && (
            <>
              <TextInput
                label={t('proxy.address')}
                description={t('proxy.addressHelp')}
                placeholder={t('proxy.addressPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                value={url}
                onChange={(event) => setUrl(event.currentTarget.value)}
                error={urlError}
                maxLength={500}
              />
              <Group grow align="flex-start">
                <TextInput
                  label={t('proxy.username')}
                  autoComplete="off"
                  spellCheck={false}
                  value={username}
                  onChange={(event) => setUsername(event.currentTarget.value)}
                  maxLength={200}
                />
                <PasswordInput
                  label={t('proxy.password')}
                  autoComplete="off"
                  placeholder={view.passwordSet ? t('proxy.passwordSaved') : undefined}
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  maxLength={1000}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('proxy.loginHelp')}
              </Text>
            </>
          )}
          <Group>
            <Button type="submit" variant="default" loading={saving}>
              {t('proxy.save')}
            </Button>
          </Group>
          {saved && (
            <div role="status" aria-label={t('proxy.saveResult')}>
              <Alert color="teal">{t('proxy.saved')}</Alert>
            </div>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** Why a typed proxy address was refused (the core's reason code). */
function proxyUrlProblem(reason: string): string {
  switch (reason) {
    case 'scheme':
      return t('proxy.problem.scheme');
    case 'credentials':
      return t('proxy.problem.credentials');
    case 'path':
      return t('proxy.problem.path');
    default:
      return t('proxy.problem.address');
  }
}
