/**
 * The connection form's logic: the address and token form, Test connection and its verdict, saving (with the ask
 * before a token is kept in memory only) and its outcome.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ConnectionVerdict } from '../../../../shared/contract';
import { checkBaseUrl } from '../../../../shared/url';
import { BridgeError } from '../../bridge';
import { errorWords, urlProblemText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';

const FormSchema = z.object({
  baseUrl: z.string().superRefine((value, ctx) => {
    const check = checkBaseUrl(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: urlProblemText(check.reason, check.scheme) });
  }),
  token: z.string().max(4096, { error: () => t('settings.tokenTooLong') }),
});
export type ConnectionFormValues = z.infer<typeof FormSchema>;

/** The test's verdict; `failed`: the test itself could not run, in words (no verdict came). */
export type TestVerdict = ConnectionVerdict & { failed?: string };

const originOf = (value: string): string | null => {
  try {
    return new URL(value.trim()).origin;
  } catch {
    return null;
  }
};

export function useConnectionSettings() {
  const settings = useStore((s) => s.settings);
  const saveSettings = useStore((s) => s.saveSettings);
  const testConnection = useStore((s) => s.testConnection);
  const [verdict, setVerdict] = useState<TestVerdict | null>(null);
  const [testing, setTesting] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { baseUrl: '', token: '' },
    mode: 'onSubmit',
  });
  const { handleSubmit, setError, getValues, reset, watch } = form;
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

  /** Staff chose not to keep the token in memory: nothing is stored, and they read why. */
  const refuseMemory = (): void => {
    setAskMemory(null);
    setSaveError(t('settings.memory.notStored'));
  };
  /** Staff chose to keep the token in memory only: the save they asked for goes ahead. */
  const acceptMemory = (): void => {
    const values = askMemory!;
    setAskMemory(null);
    setMemoryAccepted(true);
    void store(values);
  };

  const tokenPlaceholder =
    settings?.mode === 'service' && settings.tokenSet && !tokenElsewhere
      ? t('settings.tokenSaved')
      : t('settings.pasteToken');

  return {
    settings,
    form,
    verdict,
    testing,
    saved,
    saveError,
    tokenElsewhere,
    tokenPlaceholder,
    onTest,
    onSave,
    askingMemory: askMemory !== null,
    closeMemory: () => setAskMemory(null),
    refuseMemory,
    acceptMemory,
  };
}

export type ConnectionSettings = ReturnType<typeof useConnectionSettings>;
