/**
 * Words for the error codes the core and the browser host send with facts instead of sentences. The core's own
 * message (English, for the log) is never shown.
 */
import type { AppError } from '../../shared/errors';
import type { SimpleKey } from '../../shared/i18n/translate';
import { URL_PROBLEMS, type UrlProblem } from '../../shared/url';
import { BridgeError } from './bridge';
import { t } from './i18n';

const URL_WORDS: Record<Exclude<UrlProblem, 'scheme'>, SimpleKey> = {
  empty: 'settings.url.empty',
  too_long: 'settings.url.tooLong',
  not_url: 'settings.url.notUrl',
  credentials: 'settings.url.credentials',
  plain_http: 'settings.url.plainHttp',
  query: 'settings.url.query',
};

/** What is wrong with a typed service address. */
export const urlProblemText = (problem: UrlProblem, scheme = ''): string =>
  problem === 'scheme' ? t('settings.url.scheme', { scheme }) : t(URL_WORDS[problem]);

type Facts = AppError['facts'];

const fact = (facts: Facts, name: string): string | number | null => facts?.[name] ?? null;

export function errorWords(error: Pick<AppError, 'code' | 'message' | 'facts'>): string {
  const { facts } = error;
  switch (error.code) {
    case 'signed_out':
      return fact(facts, 'reason') === 'login_key_refused' ? t('error.signedOut.refused') : t('error.signedOut');
    case 'token_for_other_address': {
      const origin = fact(facts, 'tokenOrigin');
      return origin === null
        ? t('error.tokenForOtherAddress.unknown')
        : t('error.tokenForOtherAddress', { origin: String(origin) });
    }
    case 'internal':
      return fact(facts, 'reason') === 'lost_contact' ? t('error.lostContact') : error.message;
    case 'data_folder_in_use':
      return t('error.dataFolderInUse');
    case 'invalid_url':
    case 'insecure_url': {
      const reason = fact(facts, 'reason');
      const problem = URL_PROBLEMS.find((known) => known === reason);
      return problem ? urlProblemText(problem, String(fact(facts, 'scheme') ?? '')) : error.message;
    }
    default:
      return error.message;
  }
}

/** What went wrong, in words: a core error by its code, anything else by the fallback message. */
export const errorText = (error: unknown, fallback: SimpleKey): string =>
  error instanceof BridgeError ? errorWords(error) : t(fallback);
