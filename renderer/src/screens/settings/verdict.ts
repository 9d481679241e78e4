/** The connection test's verdict, the address check and the token store's note, worded from their codes (issue #18). */
import type { ConnectionVerdict, SettingsView } from '../../../../shared/contract';
import type { SimpleKey } from '../../../../shared/i18n/translate';
import { errorWords, urlProblemText } from '../../errors';
import { t } from '../../i18n';

export const VERDICT_TITLE: Record<ConnectionVerdict['verdict'], SimpleKey> = {
  connected: 'settings.verdict.connected',
  wrong_token: 'settings.verdict.wrongToken',
  unreachable: 'settings.verdict.unreachable',
  not_service: 'settings.verdict.notService',
  insecure_url: 'settings.verdict.insecureUrl',
  invalid_url: 'settings.verdict.invalidUrl',
  timeout: 'settings.verdict.timeout',
  server_error: 'settings.verdict.serverError',
  forbidden: 'settings.verdict.forbidden',
  no_token: 'settings.verdict.noToken',
  token_for_other_address: 'settings.verdict.tokenForOtherAddress',
};

const SIMPLE_REASON: Partial<Record<NonNullable<ConnectionVerdict['why']>['reason'], SimpleKey>> = {
  connected_no_total: 'settings.why.connectedNoTotal',
  no_address: 'settings.why.noAddress',
  no_token: 'settings.why.noToken',
  not_service: 'settings.why.notService',
  not_service_error: 'settings.why.notServiceError',
  wrong_token: 'settings.why.wrongToken',
  forbidden: 'settings.why.forbidden',
  busy: 'settings.why.busy',
};

/** The verdict's sentence: from its reason code and facts (a verdict without a reason: its title). */
export function verdictText(verdict: ConnectionVerdict): string {
  const why = verdict.why;
  if (verdict.verdict === 'token_for_other_address')
    return errorWords({ code: 'token_for_other_address', facts: { tokenOrigin: verdict.tokenOrigin ?? null } });
  if (!why) return t(VERDICT_TITLE[verdict.verdict]);
  const host = why.host ?? '';
  switch (why.reason) {
    case 'connected':
      return t('settings.why.connected', { products: why.products ?? 0 });
    case 'url':
      return why.problem ? urlProblemText(why.problem, why.scheme) : t(VERDICT_TITLE[verdict.verdict]);
    case 'refused':
      return t('settings.why.refused', { host });
    case 'host_not_found':
      return t('settings.why.hostNotFound', { host });
    case 'tls':
      return t('settings.why.tls', { host });
    case 'network':
      return t('settings.why.network', { host });
    case 'lost':
      return t('settings.why.lost', { host });
    case 'timeout':
      return t('settings.why.timeout', { host, seconds: why.seconds ?? 0 });
    case 'server_error':
      return t('settings.why.serverError', { host, status: String(why.status ?? '') });
    case 'proxy':
      return t('settings.why.proxy', { proxy: why.proxy ?? '', status: why.status ? String(why.status) : 'none' });
    case 'proxy_auth':
      return t('settings.why.proxyAuth', { proxy: why.proxy ?? '' });
    case 'untrusted_certificate':
      return t('settings.why.untrustedCertificate', {
        host,
        selfSigned: why.certificate?.selfSigned ? 'yes' : 'no',
      });
    case 'certificate_changed':
      return t('settings.why.certificateChanged', { host });
    default: {
      const key = SIMPLE_REASON[why.reason];
      return key ? t(key) : t(VERDICT_TITLE[verdict.verdict]);
    }
  }
}

/** How the test's request went out: directly, or through which proxy and from which setting (#26). */
export function routeText(verdict: ConnectionVerdict): string | null {
  const route = verdict.route;
  if (!route || route.source === 'loopback') return null;
  return route.proxy
    ? t('settings.route.proxy', { proxy: route.proxy, source: route.source })
    : t('settings.route.direct');
}

const VAULT_NOTE: Record<NonNullable<SettingsView['vault']['noteCode']>, SimpleKey> = {
  memory: 'settings.vault.memory',
  no_keychain: 'settings.vault.noKeychain',
  basic_text: 'settings.vault.basicText',
  unlock_failed: 'settings.vault.unlockFailed',
  browser_file: 'settings.vault.browserFile',
};

/** The token store's note in words; null when there is none. */
export const vaultNote = (vault: SettingsView['vault']): string | null =>
  vault.noteCode ? t(VAULT_NOTE[vault.noteCode]) : null;

/** Whether the store's note already says where the token is kept (every note but a failed unlock does). */
export const noteSaysWhere = (vault: SettingsView['vault']): boolean =>
  vault.noteCode !== null && vault.noteCode !== 'unlock_failed';
