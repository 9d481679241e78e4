/**
 * Words for the error codes the core and the browser host send with facts instead of sentences (#28.5: the core
 * sends codes and facts; words belong to the renderer). An error's `message` is English for the developer's log and is
 * never shown, not even for a code this screen does not know (a newer core's): that one reads as an internal error.
 */
import type { ReadWhy } from '../../shared/contract';
import type { AppError, ErrorCode } from '../../shared/errors';
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

const text = (facts: Facts, name: string): string => String(fact(facts, name) ?? '');

/** The service's own words (a 404 or 422 message), labelled as such. */
const withServiceSaid = (words: string, facts: Facts): string => {
  const said = fact(facts, 'serviceMessage');
  return said === null || said === '' ? words : `${words} ${t('error.serviceSaid', { message: String(said) })}`;
};

/** An error in words, from its code and facts alone. */
export function errorWords(error: Pick<AppError, 'code' | 'facts'>): string {
  const { facts } = error;
  // the service refused one record (an order, a product) opened here: its refusal in words for that record
  const what = fact(facts, 'what');
  if ((what === 'order' || what === 'product') && fact(facts, 'where') === 'service') {
    const refused = refusalWords(error.code, facts, what);
    if (refused !== null) return withServiceSaid(refused, facts);
  }
  switch (error.code) {
    case 'signed_out':
      return fact(facts, 'reason') === 'login_key_refused'
        ? t('error.signedOut.refused')
        : fact(facts, 'reason') === 'session_ended'
          ? t('error.signedOut.ended')
          : t('error.signedOut');
    case 'token_for_other_address': {
      const origin = fact(facts, 'tokenOrigin');
      return origin === null
        ? t('error.tokenForOtherAddress.unknown')
        : t('error.tokenForOtherAddress', { origin: String(origin) });
    }
    case 'internal':
      switch (fact(facts, 'reason')) {
        case 'lost_contact':
          return t('error.lostContact');
        case 'newer_schema':
          return t('error.newerSchema');
        default:
          return t('error.internal');
      }
    case 'data_folder_in_use':
      return t('error.dataFolderInUse');
    case 'invalid_url':
    case 'insecure_url': {
      const reason = fact(facts, 'reason');
      const problem = URL_PROBLEMS.find((known) => known === reason);
      return problem ? urlProblemText(problem, text(facts, 'scheme')) : t('settings.url.notUrl');
    }
    case 'invalid_request':
      switch (fact(facts, 'reason')) {
        case 'token_empty':
          return t('settings.enterToken');
        case 'token_spaces':
          return t('error.tokenSpaces');
        case 'not_in_doubt':
          return t('error.notInDoubt');
        case 'not_discardable':
          return t('error.notDiscardable');
        case 'already_submitted':
          return t('error.alreadySubmitted');
        case 'feed_not_allowed':
          return t('error.feedNotAllowed');
        case 'certificate_not_seen':
          return t('error.certificateNotSeen');
        case 'certificate_unusable':
          return t('error.certificateUnusable');
        default:
          return t('error.invalidRequest');
      }
    case 'unknown_channel':
      return t('error.unknownChannel');
    case 'forbidden_sender':
      return t('error.forbiddenSender');
    case 'not_configured':
      return t('error.notConfigured');
    case 'unauthorized':
      return t('error.unauthorized');
    case 'forbidden':
      return t('error.forbidden');
    case 'unreachable':
      return t('error.unreachable', { network: text(facts, 'network') });
    case 'timeout':
      return t('error.timeout');
    case 'rate_limited':
      return t('error.rateLimited');
    case 'server_error':
      return t('error.serverError', { status: text(facts, 'status') });
    case 'bad_response':
      return withServiceSaid(
        t('error.badResponse', {
          reason: text(facts, 'reason'),
          host: text(facts, 'host'),
          status: text(facts, 'status'),
        }),
        facts,
      );
    case 'too_large':
      return t('error.tooLarge');
    case 'not_found':
      return withServiceSaid(t('error.notFound', { what: text(facts, 'what'), where: text(facts, 'where') }), facts);
    case 'validation':
      return withServiceSaid(t('error.validation'), facts);
    case 'gone':
      return withServiceSaid(t('error.gone'), facts);
    case 'vault_unavailable':
      return t('error.vaultUnavailable');
    case 'demo_failed':
      return t('error.demoFailed');
    case 'closing':
      return t('error.closing');
    case 'erase_needs_confirmation':
      return t('error.eraseNeedsConfirmation', { unsent: Number(fact(facts, 'unsent') ?? 0) });
    default: {
      // every code has its words above (the compiler says so); a code from a newer core reads as an internal error
      const unknown: never = error.code;
      void unknown;
      return t('error.internal');
    }
  }
}

/** The codes of a service's answer with an error status that a read of one record words for that record. */
const REFUSAL_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'unauthorized',
  'forbidden',
  'not_found',
  'gone',
  'validation',
  'rate_limited',
  'server_error',
  'bad_response',
]);

/**
 * A service's refusal of one record, in words for that record ("The service refused access to this order"), or null
 * when the error is not an answer with an error status.
 */
export function refusalWords(code: ErrorCode, facts: Facts, record: 'product' | 'order'): string | null {
  const status = fact(facts, 'status');
  if (!REFUSAL_CODES.has(code) || status === null) return null;
  return t(record === 'order' ? 'read.refused.order' : 'read.refused.product', { code, status: String(status) });
}

/**
 * The service's refusal behind a read that shows this computer's copy, as the notice's title and what the service
 * said (null when the service did not refuse: offline, busy, unreadable, not reached).
 */
export function readRefusal(
  why: ReadWhy | null | undefined,
  record: 'product' | 'order',
): { words: string; said: string | null } | null {
  if (!why?.error) return null;
  const words = refusalWords(why.error.code, why.error.facts, record);
  if (words === null) return null;
  const said = fact(why.error.facts, 'serviceMessage');
  return { words, said: said === null || said === '' ? null : t('error.serviceSaid', { message: String(said) }) };
}

/** Why a record shows this computer's copy instead of the service's (a product or an order read). */
export function readNote(why: ReadWhy | null | undefined, record: 'product' | 'order'): string | null {
  if (!why) return null;
  if (why.code === 'gone') return t('read.note', { note: `gone_${record}`, problem: '' });
  if (why.code === 'failed') {
    const refusal = readRefusal(why, record);
    return t('read.note', {
      note: 'failed',
      problem: refusal
        ? [refusal.words, refusal.said].filter(Boolean).join(' ')
        : why.error
          ? errorWords({ code: why.error.code, facts: why.error.facts })
          : '',
    });
  }
  return t('read.note', { note: why.code, problem: '' });
}

/** What went wrong, in words: a core error by its code, anything else by the fallback message. */
export const errorText = (error: unknown, fallback: SimpleKey): string =>
  error instanceof BridgeError ? errorWords(error) : t(fallback);
