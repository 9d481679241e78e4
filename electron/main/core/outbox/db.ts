/**
 * The outbox: orders entered by hand, written here (synchronous=FULL) before anything is sent, with every
 * attempt recorded. A damaged outbox is moved aside and reported, never deleted.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3-multiple-ciphers';
import type {
  AttemptOutcome,
  NewOrder,
  OutboxCheck,
  OutboxEntry,
  OutboxReason,
  OutboxState,
} from '../../../../shared/domain';
import { compact, openDatabase, rekey } from '../storage/open';
import { redact } from '../redact';
import { OUTBOX_MIGRATIONS } from './migrations';
import { scrubAll, toEntry, writeReason, type StoredEntry } from './rows';
import { outboxStatements } from './statements';

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

export class OutboxRepository {
  readonly db: Database.Database;
  readonly movedAside: string | null;
  private readonly stmt: ReturnType<typeof outboxStatements>;

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
    this.stmt = outboxStatements(this.db);
    // An entry left 'sending' by a crash or a power cut may or may not have reached the service.
    this.stmt.interrupted.run(writeReason({ code: 'interrupted' }), Date.now());
  }

  close(): void {
    this.db.close();
  }

  /** Queues an order once per draft: submitting the same draft again returns the entry already queued. */
  submit(draftId: string, serviceKey: string, order: NewOrder, now = Date.now()): OutboxEntry {
    return this.db.transaction(() => {
      const existing = this.stmt.byDraft.get(draftId) as StoredEntry | undefined;
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
    const row = this.stmt.byDraft.get(draftId) as StoredEntry | undefined;
    return row ? this.toEntry(row) : null;
  }

  get(id: string): OutboxEntry | null {
    const row = this.stmt.byId.get(id) as StoredEntry | undefined;
    return row ? this.toEntry(row) : null;
  }

  list(serviceKey: string): OutboxEntry[] {
    return (this.stmt.list.all(serviceKey) as StoredEntry[]).map((row) => this.toEntry(row));
  }

  nextQueued(serviceKey: string): OutboxEntry | null {
    const row = this.stmt.nextQueued.get(serviceKey) as StoredEntry | undefined;
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
    return (this.stmt.inDoubt.all(serviceKey) as StoredEntry[]).map((row) => this.toEntry(row));
  }

  timing(id: string): SendTiming | null {
    const row = this.stmt.timing.get(id) as StoredEntry | undefined;
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

  private scrubAll<T>(value: T): T {
    return scrubAll(value, this.scrub);
  }

  setPaused(serviceKey: string, paused: boolean): void {
    this.stmt.pause.run(paused ? 1 : 0, serviceKey);
  }

  private toEntry(row: StoredEntry): OutboxEntry {
    return toEntry(row, this.stmt.attempts.all(row.id) as OutboxEntry['attempts']);
  }
}
