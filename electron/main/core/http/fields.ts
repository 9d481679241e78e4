/**
 * Tolerant readers of what a service writes (shared by the catalogue, the order book, the outbox and the connection
 * check): text from a string or a number, whole figures from numbers or numeric strings, an id as written for the
 * log, a record bare or inside `data`. Any other shape gives '' or null, never a throw, never NaN.
 */
import type { SkipReason } from '../../../../shared/domain';

export const MAX_TEXT = 2000;
/**
 * Control characters from the service are removed on purpose (tab, newline and carriage return stay), and so are
 * the bidi embedding/override/isolate controls: a right-to-left override in a product name can make "gpj.exe" read
 * as "exe.jpg". Arabic and Hebrew text needs none of them to show correctly; the raw record keeps everything as sent.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
/** The same characters, tested for without the global flag's lastIndex state. */
const HAS_CONTROL_CHAR = new RegExp(CONTROL_CHARS.source);

/** Text from a string or number; '' for anything else. Control characters are removed, length capped. */
export function text(value: unknown): string {
  if (typeof value === 'string') {
    // a sync reads millions of these: the common clean string is only tested, not rewritten
    const clean = HAS_CONTROL_CHAR.test(value) ? value.replace(CONTROL_CHARS, '') : value;
    return clean.trim().slice(0, MAX_TEXT);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A stock figure: an integer from a number or a numeric string (negative allowed: oversold); null otherwise. */
export function stock(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,12}\s*$/.test(value)) return Number(value);
  return null;
}

/** A measurement as a decimal string ("0.350"), or null. */
export function measure(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return value.trim();
  return null;
}

/** A record of a list that could not be read: its id as written, when it had one, and why. */
export interface SkippedReject {
  id: string | null;
  reason: SkipReason;
}

/** A skipped record's id as the service wrote it (shortened), for the details view and the log. */
export function rawId(record: unknown): string | null {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return null;
  const value = (record as Record<string, unknown>).id;
  if (value === null || value === undefined) return null;
  const shown = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return shown === '' ? null : shown.slice(0, 40);
}

/** GET /api/product/{id} may answer the product bare or inside data. */
export function unwrapRecord(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    const data = (body as { data: unknown }).data;
    if (data && typeof data === 'object' && !Array.isArray(data)) return data;
  }
  return body;
}

/** A non-negative whole number from a number or a numeric string; null otherwise. */
export function toCount(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * An answer's text read as JSON when its type says so or it looks like JSON; `parsed` false when it cannot be (a web
 * page, a cut-off body). The one reading for the client's answers and the writer thread's pages.
 */
export function jsonBody(text: string, contentType: string): { parsed: boolean; body: unknown } {
  if (!/json/i.test(contentType) && !/^\s*[[{]/.test(text)) return { parsed: false, body: undefined };
  try {
    return { parsed: true, body: JSON.parse(text) as unknown };
  } catch {
    return { parsed: false, body: undefined };
  }
}
