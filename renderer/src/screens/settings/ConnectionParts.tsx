/**
 * The connection settings' parts, drawn from what useConnectionSettings holds: the address and token form with the
 * test's verdict and the save's outcome, where the token is kept, and the ask before keeping it in memory only.
 */
import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SettingsView } from '../../../../shared/contract';
import { errorWords } from '../../errors';
import { t } from '../../i18n';
import { CertificateVerdict } from './CertificateTrust';
import type { ConnectionSettings, TestVerdict } from './useConnectionSettings';
import { noteSaysWhere, routeText, vaultNote, VERDICT_TITLE, verdictText } from './verdict';

/** The connection form: address, token, Test connection and Save, and what each of them came to. */
export function ConnectionForm({ connection }: { connection: ConnectionSettings }) {
  const { form, verdict, testing, saved, saveError, tokenElsewhere, tokenPlaceholder, onTest, onSave } = connection;
  const { register, formState } = form;
  return (
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
        {verdict && <TestResult verdict={verdict} />}
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
  );
}

/** Test connection's verdict in words, with how fast the service answered and the route the test took. */
function TestResult({ verdict }: { verdict: TestVerdict }) {
  return (
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
  );
}

/** Where the token is kept (keychain, file or memory), and the vault's own note. */
export function TokenStorage({ settings }: { settings: SettingsView }) {
  return (
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
          <Text size="sm" c={settings.vault.secure ? 'dimmed' : undefined} fw={settings.vault.secure ? undefined : 600}>
            {vaultNote(settings.vault)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The ask before a token is kept in memory only (no secure keychain here): keep it so, or store nothing. */
export function MemoryTokenDialog({ connection }: { connection: ConnectionSettings }) {
  const { settings, askingMemory, closeMemory, refuseMemory, acceptMemory } = connection;
  return (
    <Modal opened={askingMemory} onClose={closeMemory} title={t('settings.memory.title')} centered>
      <Stack>
        <Text size="sm">
          {(settings && vaultNote(settings.vault)) ?? t('settings.memory.noPlace')} {t('settings.memory.noDisk')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={refuseMemory}>
            {t('settings.memory.dont')}
          </Button>
          <Button onClick={acceptMemory}>{t('settings.memory.keep')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
