/**
 * The outbox's statements, prepared once: entries queued, claimed for sending (only one still queued: two senders
 * never both send it), moved between states with their attempts, looked for when in doubt, counted (the badge, the
 * quit guard, what erasing would lose), and forgotten per service; what was learnt of each service's clock.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import { insertSql, type RowOf } from '../storage/sql';

const ENTRY_COLUMNS = ['id', 'draft_id', 'service_key', 'state', 'created_at', 'updated_at', 'payload'] as const;
const ATTEMPT_COLUMNS = ['entry_id', 'at', 'outcome', 'status', 'excerpt'] as const;

/** setState's parameters, by name. */
type StateChange = RowOf<
  readonly [
    'state',
    'reason',
    'field_errors',
    'server_order_id',
    'server_po_number',
    'totals_mismatch',
    'updated_at',
    'check_result',
    'id',
  ]
>;

/** claim's parameters, by name. */
type Claim = RowOf<
  readonly [
    'reason',
    'sent_at',
    'service_sent_at',
    'order_book_as_of',
    'seen_seq',
    'book_age_ms',
    'sent_mono',
    'mono_epoch',
    'updated_at',
    'id',
  ]
>;

export function outboxStatements(db: Database.Database) {
  return {
    insert: db.prepare<RowOf<typeof ENTRY_COLUMNS>>(insertSql('outbox', ENTRY_COLUMNS)),
    byDraft: db.prepare('SELECT * FROM outbox WHERE draft_id = ?'),
    byId: db.prepare('SELECT * FROM outbox WHERE id = ?'),
    list: db.prepare(
      "SELECT * FROM outbox WHERE service_key = ? AND state <> 'discarded' ORDER BY created_at DESC LIMIT 500",
    ),
    nextQueued: db.prepare(
      "SELECT * FROM outbox WHERE service_key = ? AND state = 'queued' AND paused = 0 ORDER BY created_at LIMIT 1",
    ),
    setState: db.prepare<StateChange>(`
      UPDATE outbox SET state = @state, reason = @reason, field_errors = @field_errors,
        server_order_id = coalesce(@server_order_id, server_order_id),
        server_po_number = coalesce(@server_po_number, server_po_number), totals_mismatch = @totals_mismatch,
        updated_at = @updated_at, check_result = coalesce(@check_result, check_result)
      WHERE id = @id`),
    // only an entry still queued (and not paused) is taken: two senders never both send it
    claim: db.prepare<Claim>(`
      UPDATE outbox SET state = 'sending', reason = @reason, sent_at = @sent_at, service_sent_at = @service_sent_at,
        order_book_as_of = @order_book_as_of, seen_seq = @seen_seq, book_age_ms = @book_age_ms, sent_mono = @sent_mono,
        mono_epoch = @mono_epoch, check_result = NULL, updated_at = @updated_at
      WHERE id = @id AND state = 'queued' AND paused = 0`),
    inDoubt: db.prepare("SELECT * FROM outbox WHERE service_key = ? AND state = 'unknown' ORDER BY created_at"),
    timing: db.prepare(
      'SELECT service_key, sent_at, service_sent_at, order_book_as_of, seen_seq, book_age_ms, sent_mono, mono_epoch FROM outbox WHERE id = ?',
    ),
    zone: db.prepare('SELECT zone_ms FROM service_clock WHERE service_key = ?').pluck(),
    setZone: db.prepare('INSERT OR REPLACE INTO service_clock (service_key, zone_ms, learnt_at) VALUES (?, ?, ?)'),
    forgetService: db.prepare(
      'DELETE FROM outbox_attempts WHERE entry_id IN (SELECT id FROM outbox WHERE service_key = ?)',
    ),
    forgetEntries: db.prepare('DELETE FROM outbox WHERE service_key = ?'),
    forgetZone: db.prepare('DELETE FROM service_clock WHERE service_key = ?'),
    unsentFor: db
      .prepare("SELECT count(*) FROM outbox WHERE service_key = ? AND state IN ('queued', 'sending', 'unknown')")
      .pluck(),
    pause: db.prepare("UPDATE outbox SET paused = ? WHERE service_key = ? AND state = 'queued'"),
    attempt: db.prepare<RowOf<typeof ATTEMPT_COLUMNS>>(insertSql('outbox_attempts', ATTEMPT_COLUMNS)),
    attempts: db.prepare('SELECT at, outcome, status, excerpt FROM outbox_attempts WHERE entry_id = ? ORDER BY at'),
    interrupted: db.prepare("UPDATE outbox SET state = 'unknown', reason = ?, updated_at = ? WHERE state = 'sending'"),
    claimed: db
      .prepare("SELECT server_order_id FROM outbox WHERE state = 'sent' AND server_order_id IS NOT NULL AND id <> ?")
      .pluck(),
    sentIds: db
      .prepare(
        "SELECT server_order_id FROM outbox WHERE service_key = ? AND state = 'sent' AND server_order_id IS NOT NULL",
      )
      .pluck(),
    // every order not on the service: waiting (paused or not), going out, in doubt, or refused and waiting for a fix
    unsent: db
      .prepare("SELECT count(*) FROM outbox WHERE state IN ('queued', 'sending', 'unknown', 'rejected')")
      .pluck(),
    // those still to go out or be looked for (a rejected order waits for staff, not for the service)
    awaiting: db.prepare("SELECT count(*) FROM outbox WHERE state IN ('queued', 'sending', 'unknown')").pluck(),
    noteService: db.prepare('INSERT OR REPLACE INTO services (service_key, origin) VALUES (?, ?)'),
    services: db.prepare('SELECT service_key AS key, origin FROM services'),
    // per service, the same count (what erasing everything would lose)
    unsentByService: db.prepare(
      "SELECT service_key AS key, count(*) AS unsent FROM outbox WHERE state IN ('queued', 'sending', 'unknown', 'rejected') GROUP BY service_key",
    ),
  };
}
