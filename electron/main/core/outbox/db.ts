/**
 * The outbox: orders entered by hand, written here (synchronous=FULL) before anything is sent, with every
 * attempt recorded. A damaged outbox is moved aside and reported, never deleted.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3-multiple-ciphers';
import {
  OutboxReason,
  type AttemptOutcome,
  type NewOrder,
  type OutboxCheck,
  type OutboxEntry,
  type OutboxState,
} from '../../../../shared/domain';
import { compact, openDatabase, rekey } from '../storage/open';
import { insertSql, type RowOf } from '../storage/sql';
import { redact } from '../redact';

import { OUTBOX_MIGRATIONS } from './migrations';

/** When an entry's latest POST began, for finding it on the service (sync/reconcile.ts). */
export interface SendTiming {
  serviceKey: string;
  sentAt: number | null;
  serviceSentAt: number | null;
  orderBookAsOf: number | null;
  /** The order book's write number when the POST began (null: sent by an older version). */
  seenSeq: number | null;
  /** How long before the POST the order book was last read whole, on the monotonic clock (null: not known). */
  bookAgeMs: number | null;
  /** The POST's start on the monotonic clock of the process `monoEpoch` names. */
  sentMono: number | null;
  monoEpoch: string | null;
}

/** What is taken when a POST begins (SendTiming without the service). */
export type ClaimTiming = Pick<SendTiming, 'sentAt' | 'serviceSentAt' | 'orderBookAsOf'> &
  Partial<Pick<SendTiming, 'seenSeq' | 'bookAgeMs' | 'sentMono' | 'monoEpoch'>> & { sentAt: number };

type Row = Record<string, unknown>;

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

export class OutboxRepository {
  readonly db: Database.Database;
  readonly movedAside: string | null;
  private readonly stmt;

  /**
   * `key` encrypts the file (core/database-key.ts); without one (some tests) it is plain. `scrub` is the one way into
   * the file for every text an answer or an error brought (reasons, field messages, attempts' excerpts, checks): it
   * takes out the tokens in use and anything shaped like a credential (core/redact.ts); by default the shapes only.
   */
  constructor(
    file: string,
    key?: Buffer,
    private readonly scrub: (text: string) => string = (text) => redact(text, [], Number.POSITIVE_INFINITY),
  ) {
    const opened = openDatabase({ file, migrations: OUTBOX_MIGRATIONS, synchronous: 'FULL', key });
    this.db = opened.db;
    this.movedAside = opened.movedAside;
    const db = this.db;
    this.stmt = {
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
      interrupted: db.prepare(
        "UPDATE outbox SET state = 'unknown', reason = ?, updated_at = ? WHERE state = 'sending'",
      ),
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
    // An entry left 'sending' by a crash or a power cut may or may not have reached the service.
    this.stmt.interrupted.run(writeReason({ code: 'interrupted' }), Date.now());
  }

  close(): void {
    this.db.close();
  }

  /** Queues an order once per draft: submitting the same draft again returns the entry already queued. */
  submit(draftId: string, serviceKey: string, order: NewOrder, now = Date.now()): OutboxEntry {
    return this.db.transaction(() => {
      const existing = this.stmt.byDraft.get(draftId) as Row | undefined;
      if (existing) return this.toEntry(existing);
      const id = randomUUID();
      this.stmt.insert.run({
        id,
        draft_id: draftId,
        service_key: serviceKey,
        state: 'queued',
        created_at: now,
        updated_at: now,
        payload: JSON.stringify(order),
      });
      return this.get(id)!;
    })();
  }

  /** The entry a draft became, if it was submitted. */
  forDraft(draftId: string): OutboxEntry | null {
    const row = this.stmt.byDraft.get(draftId) as Row | undefined;
    return row ? this.toEntry(row) : null;
  }

  get(id: string): OutboxEntry | null {
    const row = this.stmt.byId.get(id) as Row | undefined;
    return row ? this.toEntry(row) : null;
  }

  list(serviceKey: string): OutboxEntry[] {
    return (this.stmt.list.all(serviceKey) as Row[]).map((row) => this.toEntry(row));
  }

  nextQueued(serviceKey: string): OutboxEntry | null {
    const row = this.stmt.nextQueued.get(serviceKey) as Row | undefined;
    return row ? this.toEntry(row) : null;
  }

  /** Takes a queued entry for sending; false when it is no longer queued (another sender has it, or it changed). */
  claim(id: string, timing: ClaimTiming, now = Date.now()): boolean {
    return (
      this.stmt.claim.run({
        reason: writeReason({ code: 'sending' }),
        sent_at: timing.sentAt,
        service_sent_at: timing.serviceSentAt,
        order_book_as_of: timing.orderBookAsOf,
        seen_seq: timing.seenSeq ?? null,
        book_age_ms: timing.bookAgeMs ?? null,
        sent_mono: timing.sentMono ?? null,
        mono_epoch: timing.monoEpoch ?? null,
        updated_at: now,
        id,
      }).changes === 1
    );
  }

  /** Entries of a service whose arrival is in doubt. */
  inDoubt(serviceKey: string): OutboxEntry[] {
    return (this.stmt.inDoubt.all(serviceKey) as Row[]).map((row) => this.toEntry(row));
  }

  timing(id: string): SendTiming | null {
    const row = this.stmt.timing.get(id) as Row | undefined;
    return row
      ? {
          serviceKey: row.service_key as string,
          sentAt: (row.sent_at as number | null) ?? null,
          serviceSentAt: (row.service_sent_at as number | null) ?? null,
          orderBookAsOf: (row.order_book_as_of as number | null) ?? null,
          seenSeq: (row.seen_seq as number | null) ?? null,
          bookAgeMs: (row.book_age_ms as number | null) ?? null,
          sentMono: (row.sent_mono as number | null) ?? null,
          monoEpoch: (row.mono_epoch as string | null) ?? null,
        }
      : null;
  }

  /** created_at minus the service's UTC, as learnt from its last confirmed order; null before any. */
  zone(serviceKey: string): number | null {
    return (this.stmt.zone.get(serviceKey) as number | undefined) ?? null;
  }

  setZone(serviceKey: string, zoneMs: number, now = Date.now()): void {
    this.stmt.setZone.run(serviceKey, zoneMs, now);
  }

  /** Service order ids already matched to an entry (other than `except`): one order never answers for two entries. */
  claimedOrderIds(except = ''): Set<number> {
    return new Set(this.stmt.claimed.all(except) as number[]);
  }

  /** The service's ids of the orders this desk sent to service `serviceKey` (the day's figures count them). */
  sentOrderIds(serviceKey: string): Set<number> {
    return new Set(this.stmt.sentIds.all(serviceKey) as number[]);
  }

  /** Orders of one service not sent yet (what erasing it would lose). */
  unsentFor(serviceKey: string): number {
    return this.stmt.unsentFor.get(serviceKey) as number;
  }

  /** Removes every entry of one service, with its attempts and what was learnt of its clock (sign out and erase). */
  forget(serviceKey: string): void {
    this.db.transaction(() => {
      this.stmt.forgetService.run(serviceKey);
      this.stmt.forgetEntries.run(serviceKey);
      this.stmt.forgetZone.run(serviceKey);
    })();
    compact(this.db);
  }

  /** Keeps the address service `key` stands for (to name it when its orders are counted before an erase). */
  noteService(serviceKey: string, origin: string): void {
    this.stmt.noteService.run(serviceKey, origin);
  }

  /** The addresses of the services noted, by key. */
  serviceOrigins(): Map<string, string> {
    return new Map((this.stmt.services.all() as { key: string; origin: string }[]).map((r) => [r.key, r.origin]));
  }

  /** Orders not on the service yet (rejected ones too), per service: what erasing everything would lose. */
  unsentByService(): { key: string; unsent: number }[] {
    return this.stmt.unsentByService.all() as { key: string; unsent: number }[];
  }

  /**
   * Sign out and erase: every entry of every service removed, with its attempts, what was learnt of the services' clocks
   * and their addresses; the file rebuilt and rewritten under `key`.
   */
  eraseAll(key: Buffer): void {
    this.db.exec('DELETE FROM outbox_attempts; DELETE FROM outbox; DELETE FROM service_clock; DELETE FROM services;');
    rekey(this.db, key);
  }

  /** Every order not on the service (the outbox badge, the quit guard): queued, paused, sending, in doubt, rejected. */
  unsentCount(): number {
    return this.stmt.unsent.get() as number;
  }

  /** Orders the service has still to take or be asked about: queued (paused too), sending, in doubt; not rejected. */
  awaitingCount(): number {
    return this.stmt.awaiting.get() as number;
  }

  transition(
    id: string,
    state: OutboxState,
    details: {
      reason?: OutboxReason | null;
      fieldErrors?: Record<string, string[]> | null;
      serverOrderId?: number | null;
      serverPoNumber?: string | null;
      totalsMismatch?: boolean;
    } = {},
    attempt?: { outcome: AttemptOutcome; status?: number | null; excerpt?: string | null },
    check?: OutboxCheck,
    now = Date.now(),
  ): OutboxEntry {
    const scrub = (text: string | null | undefined): string | null => (text == null ? null : this.scrub(text));
    this.db.transaction(() => {
      this.stmt.setState.run({
        state,
        reason: details.reason ? writeReason(this.scrubAll(details.reason)) : null,
        field_errors: details.fieldErrors ? JSON.stringify(this.scrubAll(details.fieldErrors)) : null,
        server_order_id: details.serverOrderId ?? null,
        server_po_number: scrub(details.serverPoNumber || null),
        totals_mismatch: details.totalsMismatch ? 1 : 0,
        updated_at: now,
        check_result: check ? JSON.stringify(this.scrubAll(check)) : null,
        id,
      });
      if (attempt)
        this.stmt.attempt.run({
          entry_id: id,
          at: now,
          outcome: attempt.outcome,
          status: attempt.status ?? null,
          excerpt: scrub(attempt.excerpt)?.slice(0, 300) ?? null,
        });
    })();
    return this.get(id)!;
  }

  /** Every text in a value (field messages, a check's candidates) scrubbed; its shape kept, so it reads back. */
  private scrubAll<T>(value: T): T {
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.scrub(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [k, inner] of Object.entries(v))
          Object.defineProperty(out, k, { value: walk(inner), enumerable: true, writable: true, configurable: true });
        return out;
      }
      return v;
    };
    return walk(value) as T;
  }

  setPaused(serviceKey: string, paused: boolean): void {
    this.stmt.pause.run(paused ? 1 : 0, serviceKey);
  }

  private toEntry(row: Row): OutboxEntry {
    return {
      id: row.id as string,
      draftId: row.draft_id as string,
      state: row.state as OutboxState,
      createdAt: row.created_at as number,
      updatedAt: row.updated_at as number,
      order: JSON.parse(row.payload as string) as NewOrder,
      reason: readReason(row.reason),
      fieldErrors: row.field_errors ? (JSON.parse(row.field_errors as string) as Record<string, string[]>) : null,
      serverOrderId: (row.server_order_id as number | null) ?? null,
      serverPoNumber: (row.server_po_number as string | null) ?? null,
      totalsMismatch: row.totals_mismatch === 1,
      paused: row.paused === 1,
      check: readCheck(row.check_result),
      attempts: this.stmt.attempts.all(row.id) as OutboxEntry['attempts'],
    };
  }
}

/** A reason as the `reason` column keeps it: its code and facts as JSON (#28.5, outbox migration 007). */
function writeReason(reason: OutboxReason): string {
  return JSON.stringify(reason);
}

/** The `reason` column read back; text that is not a reason's JSON is shown as it was written (code `stored`). */
function readReason(value: unknown): OutboxReason | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const parsed = OutboxReason.safeParse(JSON.parse(value));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: words kept by an older Shopdesk
  }
  return { code: 'stored', text: value.slice(0, 2000) };
}

function readCheck(value: unknown): OutboxCheck | null {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value) as OutboxCheck;
  } catch {
    return null;
  }
}
