/**
 * Attempt outcomes as codes (#28.5): the outcomes an older Shopdesk wrote in words ('reconciled: found', 'send again
 * (staff)', …) become the codes that say what each attempt was (shared/domain.ts ATTEMPT_KINDS), so nothing reads an
 * attempt by the words of its code. An outcome not in this list (an error code) stays as it is.
 */
import type { Migration } from '../../storage/open';

export const LEGACY_OUTCOMES: Readonly<Record<string, string>> = {
  'unreadable answer': 'unreadable_answer',
  'reconciled: found': 'look_found',
  'reconciled: none': 'look_none',
  'reconciled: several': 'look_several',
  'reconciled: unlike': 'look_unlike',
  'reconciled: unverified': 'look_unverified',
  'send again (staff)': 'staff_sent_again',
  'discarded (staff)': 'staff_discarded',
  'replaced by a corrected order': 'replaced',
};

export const up: Migration = (db) => {
  const rename = db.prepare('UPDATE outbox_attempts SET outcome = @to WHERE outcome = @from');
  for (const [from, to] of Object.entries(LEGACY_OUTCOMES)) rename.run({ from, to });
};
