/**
 * Slash dates of the service ("dd/mm/yyyy" or "mm/dd/yyyy": the spec does not say which). Parsed once at the edge
 * with a day/month order; an impossible date is kept as written and flagged, never shown as "Invalid Date".
 */
export type DateOrder = 'dmy' | 'mdy';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const SLASH = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** The two leading groups of a slash date, or null when the text is not slash-shaped. */
function groups(text: string): [number, number, number] | null {
  const match = SLASH.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

export function isRealDate({ year, month, day }: CalendarDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** A real calendar date in this order, or null (empty, not slash-shaped, or impossible such as 31/02). */
export function parseSlashDate(text: string, order: DateOrder): CalendarDate | null {
  const g = groups(text);
  if (!g) return null;
  const [a, b, year] = g;
  const date = order === 'dmy' ? { year, month: b, day: a } : { year, month: a, day: b };
  return isRealDate(date) ? date : null;
}

export function formatSlashDate(date: CalendarDate, order: DateOrder): string {
  const dd = String(date.day).padStart(2, '0');
  const mm = String(date.month).padStart(2, '0');
  return order === 'dmy' ? `${dd}/${mm}/${date.year}` : `${mm}/${dd}/${date.year}`;
}

/** "2026-05-27": sorts as text, and is what the cache indexes. */
export function isoDate(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

export interface DateOrderEvidence {
  /** Dates whose first group is above 12: only day-first reads them. */
  dayFirst: number;
  /** Dates whose second group is above 12: only month-first reads them. */
  monthFirst: number;
  /** Dates that read either way. */
  ambiguous: number;
}

export function collectDateEvidence(
  texts: Iterable<string>,
  into: DateOrderEvidence = { dayFirst: 0, monthFirst: 0, ambiguous: 0 },
): DateOrderEvidence {
  for (const text of texts) {
    const g = groups(text);
    if (!g) continue;
    const [a, b] = g;
    if (a > 12 && b <= 12) into.dayFirst += 1;
    else if (b > 12 && a <= 12) into.monthFirst += 1;
    else if (a <= 12 && b <= 12) into.ambiguous += 1;
  }
  return into;
}

/**
 * The order the data proves: a first group above 12 proves day-first, a second group above 12 proves month-first.
 * Null while nothing proves either (or when the data contradicts itself).
 */
export function learnDateOrder(evidence: DateOrderEvidence): DateOrder | null {
  if (evidence.dayFirst > 0 && evidence.monthFirst === 0) return 'dmy';
  if (evidence.monthFirst > 0 && evidence.dayFirst === 0) return 'mdy';
  return null;
}

export type ReadDate =
  | { kind: 'empty' }
  | { kind: 'date'; date: CalendarDate; iso: string }
  /** Shown as written, with a flag: not a date in the current order. */
  | { kind: 'invalid'; text: string };

export function readDate(text: unknown, order: DateOrder): ReadDate {
  if (typeof text !== 'string' || text.trim() === '') return { kind: 'empty' };
  const date = parseSlashDate(text, order);
  return date ? { kind: 'date', date, iso: isoDate(date) } : { kind: 'invalid', text: text.trim().slice(0, 40) };
}
