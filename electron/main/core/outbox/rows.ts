/**
 * An outbox entry as stored and read back: its reason as a code and facts in JSON (#28.5, outbox migration 007; words
 * an older Shopdesk kept are read back as `stored`), its check, and every text an answer or an error brought scrubbed
 * on its way in, its shape kept so it reads back.
 */
import {
  OutboxReason,
  type NewOrder,
  type OutboxCheck,
  type OutboxEntry,
  type OutboxState,
} from '../../../../shared/domain';

/** An outbox row as SQLite gives it. */
export type StoredEntry = Record<string, unknown>;

/** The entry a row holds, with its attempts. */
export function toEntry(row: StoredEntry, attempts: OutboxEntry['attempts']): OutboxEntry {
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
    attempts,
  };
}

/** Every text in a value (field messages, a check's candidates) scrubbed; its shape kept, so it reads back. */
export function scrubAll<T>(value: T, scrub: (text: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrub(v);
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

/** A reason as the `reason` column keeps it: its code and facts as JSON (#28.5, outbox migration 007). */
export function writeReason(reason: OutboxReason): string {
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
