/** The outbox in words: each attempt's outcome code, one summary line per entry, and which tab an entry belongs to. */
import type { OutboxEntry } from '../../../../shared/domain';
import { timeOfDay } from '../../components/format';

type Attempt = OutboxEntry['attempts'][number];

/** Attempt outcomes recorded by the sender, as they read to staff. Unknown codes are shown as written. */
const ATTEMPT_WORDS: Record<string, string> = {
  created: 'Sent: the service created the order',
  unreachable: 'The service could not be reached',
  timeout: 'No answer in time',
  rate_limited: 'The service asked to wait a moment',
  server_error: 'The service had an error',
  bad_response: 'The service answered with something unreadable',
  too_large: 'The service’s answer was too large',
  unauthorized: 'The service refused the API token',
  forbidden: 'The service refused access',
  validation: 'The service rejected the order',
  not_found: 'The service did not know the address',
  'unreadable answer': 'The service answered, but not with the order',
  error: 'Sending failed in an unexpected way',
  'reconciled: found': 'Looked for it on the service: found',
  'reconciled: none': 'Looked for it on the service: no matching order',
  'reconciled: several': 'Looked for it on the service: several matching orders',
  'send again (staff)': 'Sent again on purpose',
  'discarded (staff)': 'Discarded',
  'replaced by a corrected order': 'Replaced by a corrected order',
};

export const attemptWords = (attempt: Attempt): string =>
  `${ATTEMPT_WORDS[attempt.outcome] ?? attempt.outcome}${attempt.status !== null ? ` (HTTP ${attempt.status})` : ''}`;

/** Attempts that were a POST of the order (not a look on the service nor a staff action). */
const isSend = (a: Attempt): boolean =>
  !a.outcome.startsWith('reconciled') && !a.outcome.includes('(staff)') && !a.outcome.startsWith('replaced');
const OFFLINE = new Set(['unreachable', 'rate_limited']);

const times = (n: number): string => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** One line that says what happened and what is next. */
export function summaryLine(entry: OutboxEntry): string {
  const line = summaryWords(entry);
  return line[0]!.toUpperCase() + line.slice(1);
}

function summaryWords(entry: OutboxEntry): string {
  const sends = entry.attempts.filter(isSend);
  const failed = sends.filter((a) => a.outcome !== 'created');
  const offline = failed.filter((a) => OFFLINE.has(a.outcome)).length;
  const tried = failed.length
    ? `Tried ${times(failed.length)}${offline === failed.length ? ' while offline' : offline ? ` (${offline} while offline)` : ''}; `
    : '';
  const last = entry.attempts.at(-1);
  const po = entry.serverPoNumber ? ` as ${entry.serverPoNumber}` : '';
  switch (entry.state) {
    case 'sent': {
      const found = last?.outcome === 'reconciled: found';
      return `${tried}${found ? 'found on the service' : 'sent'} ${timeOfDay(entry.updatedAt)}${po}.${entry.totalsMismatch ? ' The service’s total differs from the one entered.' : ''}`;
    }
    case 'queued':
      if (entry.paused)
        return `${tried}waiting: the service refused the API token. It is sent once the token is fixed.`;
      if (failed.length === 0) return 'Waiting to be sent.';
      return `${tried}${offline ? 'it is sent when the service is back' : 'it is sent again shortly'}.`;
    case 'sending':
      return `${tried}sending now…`;
    case 'rejected': {
      const problems = Object.keys(entry.fieldErrors ?? {}).length;
      return `Rejected by the service at ${timeOfDay(entry.updatedAt)}${problems ? `: ${problems} thing${problems === 1 ? '' : 's'} to correct` : ''}. Correct it and send it again, or discard it.`;
    }
    case 'unknown': {
      const look = [...entry.attempts].reverse().find((a) => a.outcome.startsWith('reconciled'));
      const lookText = look
        ? look.outcome === 'reconciled: none'
          ? ` Looked at ${timeOfDay(look.at)}: no matching order on the service.`
          : ` Looked at ${timeOfDay(look.at)}: several matching orders on the service.`
        : '';
      return `${tried}not known whether it arrived.${lookText} Look again, send it again, or discard it.`;
    }
    case 'discarded':
      return 'Discarded; it will not be sent.';
  }
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
