/**
 * Reasons as codes (#28.5): the `reason` column held a sentence in English ('Discarded by staff.', 'Found on the
 * service as order …: it had arrived.'); it now holds a reason's code and facts as JSON (shared/domain.ts
 * OutboxReason), worded by the renderer in the language in use. Each sentence an older Shopdesk wrote becomes its code,
 * with the facts it named; a rejected order's reason was the service's own message and stays that, as data; any other
 * text is kept as it was written under the code `stored`, and shown as it is.
 */
import type { OutboxReason } from '../../../../../shared/domain';
import { ERROR_CODES, type ErrorCode } from '../../../../../shared/errors';
import type { Migration } from '../../storage/open';

const SAME: Readonly<Record<string, OutboxReason>> = {
  'Sending…': { code: 'sending' },
  'Sent.': { code: 'sent' },
  'The service answered, but not with the order, so it may or may not have been created.': {
    code: 'answer_not_order',
  },
  'Sending failed in an unexpected way; the order may or may not have arrived.': { code: 'send_failed' },
  'Waiting: the service refused the API token. Fix it in Settings and the order is sent.': { code: 'token_refused' },
  'The service asked to wait; sending again shortly.': { code: 'service_busy' },
  'The service cannot be reached; the order is sent when it is back.': { code: 'unreachable' },
  'Not known whether this order arrived: the service could not be asked yet.': { code: 'not_asked_yet' },
  'No matching order was found on the service. Send it again, or discard it.': { code: 'no_match' },
  'Shopdesk stopped while this order was being sent; it may or may not have arrived.': { code: 'interrupted' },
  'Corrected and entered again.': { code: 'corrected' },
  'Sent again on purpose by staff.': { code: 'sent_again_by_staff' },
  'Discarded by staff.': { code: 'discarded_by_staff' },
};

const TOTAL_DIFFERS = /^Sent; the service's total \((.*)\) differs from the one entered\.$/s;
const FOUND = /^Found on the service as order (.+): it had arrived\.$/s;
const MATCHES = /^(\d+) (?:possibly )?matching orders? (?:was|were) found on the service\./;
const MAYBE = / The order may or may not have been created\.$/;

/** An older Shopdesk's reason as a code; `row` gives the state and what the entry already knows of the service. */
export function reasonOf(
  text: string,
  row: { state: string; serverOrderId: number | null; serverPoNumber: string | null; lastOutcome: string | null },
): OutboxReason {
  const same = Object.prototype.hasOwnProperty.call(SAME, text) ? SAME[text] : undefined;
  if (same) return same;
  const total = TOTAL_DIFFERS.exec(text);
  if (total) {
    const said = total[1] ?? '—';
    return { code: 'sent_total_differs', serviceTotal: said === '—' ? null : said };
  }
  const found = FOUND.exec(text);
  if (found) {
    const named = found[1] ?? '';
    const hash = /^#(\d+)$/.exec(named);
    return {
      code: 'found_on_service',
      poNumber: hash ? row.serverPoNumber : named,
      orderId: row.serverOrderId ?? (hash ? Number(hash[1]) : null),
    };
  }
  const matches = MATCHES.exec(text);
  if (matches) return { code: 'possible_matches', count: Number(matches[1]) };
  if (MAYBE.test(text)) return { code: 'maybe_delivered', error: errorCodeOf(row.lastOutcome) };
  // a refusal's reason was the service's own message (or Shopdesk's words when it gave none)
  if (row.state === 'rejected')
    return { code: 'rejected', serviceMessage: text === 'The service rejected the data.' ? null : text };
  return { code: 'stored', text };
}

/** The error code a failed POST was recorded under (its attempt's outcome), when it is one a reason can name. */
function errorCodeOf(outcome: string | null): ErrorCode | null {
  return (ERROR_CODES as readonly (string | null)[]).includes(outcome) ? (outcome as ErrorCode) : null;
}

export const up: Migration = (db) => {
  const rows = db
    .prepare(
      `SELECT o.id, o.state, o.reason, o.server_order_id, o.server_po_number,
         (SELECT a.outcome FROM outbox_attempts a WHERE a.entry_id = o.id ORDER BY a.at DESC LIMIT 1) AS last_outcome
       FROM outbox o WHERE o.reason IS NOT NULL`,
    )
    .all() as {
    id: string;
    state: string;
    reason: string;
    server_order_id: number | null;
    server_po_number: string | null;
    last_outcome: string | null;
  }[];
  const write = db.prepare('UPDATE outbox SET reason = @reason WHERE id = @id');
  for (const row of rows) {
    const reason = reasonOf(row.reason, {
      state: row.state,
      serverOrderId: row.server_order_id,
      serverPoNumber: row.server_po_number,
      lastOutcome: row.last_outcome,
    });
    write.run({ id: row.id, reason: JSON.stringify(reason) });
  }
};
