/**
 * The outbox in words: each attempt's outcome code, why an entry is in its state, one summary line per entry, and which
 * tab an entry belongs to.
 */
import { attemptKind, type ATTEMPT_OUTCOMES, type OutboxEntry, type OutboxReason } from '../../../../shared/domain';
import { ERROR_CODES, type ErrorCode } from '../../../../shared/errors';
import type { SimpleKey } from '../../../../shared/i18n/translate';
import { money, timeOfDay } from '../../components/format';
import { errorWords } from '../../errors';
import { t } from '../../i18n';

type Attempt = OutboxEntry['attempts'][number];

/** The sender's own outcomes (codes), as they read to staff: every one has words, or this does not compile. */
const OUTCOME_WORDS: Record<(typeof ATTEMPT_OUTCOMES)[number], SimpleKey> = {
  created: 'outbox.attempt.created',
  unreadable_answer: 'outbox.attempt.unreadable',
  error: 'outbox.attempt.error',
  look_found: 'outbox.attempt.found',
  look_none: 'outbox.attempt.none',
  look_several: 'outbox.attempt.several',
  look_unlike: 'outbox.attempt.unlike',
  look_unverified: 'outbox.attempt.unverified',
  staff_sent_again: 'outbox.attempt.sendAgain',
  staff_discarded: 'outbox.attempt.discarded',
  replaced: 'outbox.attempt.replaced',
};

/** A failed send's error code, as an attempt reads; any other error code is worded as the error itself (errorWords). */
const SEND_ERROR_WORDS: Partial<Record<ErrorCode, SimpleKey>> = {
  unreachable: 'outbox.attempt.unreachable',
  timeout: 'outbox.attempt.timeout',
  rate_limited: 'outbox.attempt.rateLimited',
  server_error: 'outbox.attempt.serverError',
  bad_response: 'outbox.attempt.badResponse',
  too_large: 'outbox.attempt.tooLarge',
  unauthorized: 'outbox.attempt.unauthorized',
  forbidden: 'outbox.attempt.forbidden',
  validation: 'outbox.attempt.validation',
  not_found: 'outbox.attempt.notFound',
};

const own = <T>(table: Partial<Record<string, T>>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;

const isErrorCode = (outcome: string): outcome is ErrorCode => (ERROR_CODES as readonly string[]).includes(outcome);

/**
 * An attempt in words, with the service's status code when a failure had one ("The service failed (500)"); only text
 * no Shopdesk writes now is shown as written.
 */
export function attemptWords(attempt: Attempt): string {
  const { outcome } = attempt;
  const key = own(OUTCOME_WORDS, outcome) ?? own(SEND_ERROR_WORDS, outcome);
  const words = key
    ? t(key)
    : isErrorCode(outcome)
      ? errorWords({ code: outcome })
      : // kept by an older Shopdesk in words of its own
        outcome;
  // a created order's 201 adds nothing to "the service created the order"
  return attempt.status !== null && outcome !== 'created'
    ? t('outbox.attempt.http', { words, status: attempt.status })
    : words;
}

/** The reasons that are words alone, by code: every such code has words, or this does not compile. */
const REASON_WORDS: Record<
  Exclude<
    OutboxReason['code'],
    'sent_total_differs' | 'found_on_service' | 'rejected' | 'maybe_delivered' | 'possible_matches' | 'stored'
  >,
  SimpleKey
> = {
  sending: 'outbox.reason.sending',
  sent: 'outbox.reason.sent',
  token_refused: 'outbox.reason.tokenRefused',
  service_busy: 'outbox.reason.serviceBusy',
  unreachable: 'outbox.reason.unreachable',
  answer_not_order: 'outbox.reason.answerNotOrder',
  send_failed: 'outbox.reason.sendFailed',
  interrupted: 'outbox.reason.interrupted',
  not_asked_yet: 'outbox.reason.notAskedYet',
  no_match: 'outbox.reason.noMatch',
  corrected: 'outbox.reason.corrected',
  sent_again_by_staff: 'outbox.reason.sentAgainByStaff',
  discarded_by_staff: 'outbox.reason.discardedByStaff',
};

/**
 * Why an entry is in its state (#28.5: the core keeps a code and its facts), in a sentence or two; what the service
 * said and a reason an older Shopdesk kept in words are shown as written.
 */
export function reasonWords(reason: OutboxReason): string {
  switch (reason.code) {
    case 'sent_total_differs':
      return t('outbox.reason.totalDiffers', { total: money(reason.serviceTotal) });
    case 'found_on_service':
      return reason.poNumber
        ? t('outbox.reason.foundAs', { po: reason.poNumber })
        : reason.orderId !== null
          ? t('outbox.reason.foundId', { id: reason.orderId })
          : t('outbox.reason.found');
    case 'rejected':
      return reason.serviceMessage
        ? t('outbox.reason.rejectedSaid', { message: reason.serviceMessage })
        : t('outbox.reason.rejected');
    case 'maybe_delivered': {
      // the failure as its attempt reads ("No answer in time"); any other is in the steps
      const key = reason.error ? own(SEND_ERROR_WORDS, reason.error) : undefined;
      return key ? t('outbox.reason.maybeDeliveredAfter', { problem: t(key) }) : t('outbox.reason.maybeDelivered');
    }
    case 'possible_matches':
      return t('outbox.reason.possibleMatches', { count: reason.count });
    case 'stored':
      return reason.text;
    default:
      return t(REASON_WORDS[reason.code]);
  }
}

/** Attempts that were a POST of the order (not a look on the service nor a staff action). */
const isSend = (a: Attempt): boolean => attemptKind(a.outcome) === 'send';
const OFFLINE = new Set(['unreachable', 'rate_limited']);

/** What happened and what is next, in a sentence or a few. */
export function summaryLine(entry: OutboxEntry): string {
  const sends = entry.attempts.filter(isSend);
  const failed = sends.filter((a) => a.outcome !== 'created');
  const offline = failed.filter((a) => OFFLINE.has(a.outcome)).length;
  const sentences: string[] = [];
  if (failed.length)
    sentences.push(
      t('outbox.summary.tried', {
        count: failed.length,
        offline: offline === failed.length ? 'all' : offline ? 'some' : 'none',
        offlineCount: offline,
      }),
    );
  const last = entry.attempts.at(-1);
  const po = entry.serverPoNumber;
  switch (entry.state) {
    case 'sent': {
      const time = timeOfDay(entry.updatedAt);
      const found = last?.outcome === 'look_found';
      if (found) sentences.push(po ? t('outbox.summary.foundAs', { time, po }) : t('outbox.summary.found', { time }));
      else sentences.push(po ? t('outbox.summary.sentAs', { time, po }) : t('outbox.summary.sent', { time }));
      if (entry.totalsMismatch) sentences.push(t('outbox.summary.totalsDiffer'));
      break;
    }
    case 'queued':
      if (entry.paused) sentences.push(t('outbox.summary.paused'));
      else if (failed.length === 0) sentences.push(t('outbox.summary.waiting'));
      else sentences.push(t(offline ? 'outbox.summary.whenBack' : 'outbox.summary.shortly'));
      break;
    case 'sending':
      sentences.push(t('outbox.summary.sending'));
      break;
    case 'rejected':
      // the rejection is the news; earlier tries are in the steps
      return t('outbox.summary.rejected', {
        time: timeOfDay(entry.updatedAt),
        problems: Object.keys(entry.fieldErrors ?? {}).length,
      });
    case 'unknown': {
      sentences.push(t('outbox.summary.unknown'));
      // what the last look found is said once: by the check below the summary when there is one
      const look = entry.check
        ? undefined
        : [...entry.attempts].reverse().find((a) => attemptKind(a.outcome) === 'look');
      if (look)
        sentences.push(
          t(look.outcome === 'look_none' ? 'outbox.summary.lookedNone' : 'outbox.summary.lookedSeveral', {
            time: timeOfDay(look.at),
          }),
        );
      sentences.push(t('outbox.summary.unknownNext'));
      break;
    }
    case 'discarded':
      return t('outbox.summary.discarded');
  }
  return sentences.join(' ');
}

export type OutboxTab = 'needs-you' | 'waiting' | 'sent-today';

const sameDay = (a: number, b: number): boolean => new Date(a).toDateString() === new Date(b).toDateString();

/** Where an entry is listed: what staff must act on, what waits on its own, what went out today; null: nowhere. */
export function tabOf(entry: OutboxEntry, now = Date.now()): OutboxTab | null {
  if (entry.state === 'rejected' || entry.state === 'unknown' || (entry.state === 'queued' && entry.paused))
    return 'needs-you';
  if (entry.state === 'queued' || entry.state === 'sending') return 'waiting';
  if (entry.state === 'sent' && sameDay(entry.updatedAt, now)) return 'sent-today';
  return null;
}
