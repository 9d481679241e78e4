/**
 * Slash dates of the service ("dd/mm/yyyy" or "mm/dd/yyyy": the spec does not say which). Parsed once at the edge
 * with a day/month order; an impossible date is kept as written and flagged, never shown as "Invalid Date".
 */
export type DatePart = 'day' | 'month' | 'year';

/**
 * Every day/month order the service may use, in one table: how staff see it written, an example, and the order of
 * its parts. Code that needs an order's shape reads it here instead of comparing with 'dmy'.
 */
export const DATE_ORDERS = {
  dmy: { pattern: 'dd/mm/yyyy', example: '22/11/2026', parts: ['day', 'month', 'year'] },
  mdy: { pattern: 'mm/dd/yyyy', example: '11/22/2026', parts: ['month', 'day', 'year'] },
} as const satisfies Record<string, { pattern: string; example: string; parts: readonly DatePart[] }>;

export type DateOrder = keyof typeof DATE_ORDERS;
export const DATE_ORDER_KEYS = Object.keys(DATE_ORDERS) as [DateOrder, ...DateOrder[]];
/** The order assumed until the data or Settings say otherwise. */
export const DEFAULT_DATE_ORDER: DateOrder = 'dmy';

export const isDateOrder = (value: unknown): value is DateOrder =>
  typeof value === 'string' && Object.hasOwn(DATE_ORDERS, value);

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
  return day <= daysInMonth(year, month);
}

/** A real calendar date in this order, or null (empty, not slash-shaped, or impossible such as 31/02). */
export function parseSlashDate(text: string, order: DateOrder): CalendarDate | null {
  const g = groups(text);
  if (!g) return null;
  const date = fromParts(order, g);
  return isRealDate(date) ? date : null;
}

/** A calendar date from three numbers written in this order. */
function fromParts(order: DateOrder, values: readonly [number, number, number]): CalendarDate {
  const date = { year: 0, month: 0, day: 0 };
  DATE_ORDERS[order].parts.forEach((part, i) => (date[part] = values[i]!));
  return date;
}

export function formatSlashDate(date: CalendarDate, order: DateOrder): string {
  return DATE_ORDERS[order].parts.map((part) => String(date[part]).padStart(part === 'year' ? 4 : 2, '0')).join('/');
}

/** Days in a month (1–12) of a year, by the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  // by rule, not through Date (whose years 0–99 are 1900–1999): the day's figures read 100,000 stamps with it
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
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

// ---------- dates as staff type them, in their own locale ----------

export interface LocaleDateShape {
  /** The order of the parts in this locale ("de-DE": day, month, year). */
  parts: DatePart[];
  /** The separator the locale writes between them ("." in de-DE, "/" in en-US and fr-FR, "-" in nl-NL). */
  separator: string;
}

const shapes = new Map<string, LocaleDateShape>();

/** How the user's locale writes a date with numbers (from Intl, so every locale has one). */
export function localeDateShape(locale?: string): LocaleDateShape {
  const key = locale ?? '';
  const known = shapes.get(key);
  if (known) return known;
  const formatted = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(2026, 10, 22));
  const parts = formatted.flatMap((p) => (p.type === 'day' || p.type === 'month' || p.type === 'year' ? [p.type] : []));
  const separator = formatted.find((p) => p.type === 'literal')?.value.trim() || '/';
  const shape = { parts: parts.length === 3 ? parts : (['day', 'month', 'year'] as DatePart[]), separator };
  shapes.set(key, shape);
  return shape;
}

/** "dd.mm.yyyy", "mm/dd/yyyy": what to type, for a placeholder or a message. */
export function localeDatePattern(locale?: string): string {
  const { parts, separator } = localeDateShape(locale);
  return parts.map((p) => (p === 'day' ? 'dd' : p === 'month' ? 'mm' : 'yyyy')).join(separator);
}

/** An ISO day written as the user's locale writes dates with numbers ("22.11.2026" in de-DE). */
export function formatLocaleDate(iso: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date: CalendarDate = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const { parts, separator } = localeDateShape(locale);
  return parts.map((p) => String(date[p]).padStart(p === 'year' ? 4 : 2, '0')).join(separator);
}

export type LocaleDateRead =
  | { ok: true; iso: string }
  | { ok: false; problem: 'empty' }
  /** Not three numbers in the locale's order. */
  | { ok: false; problem: 'unreadable' }
  | { ok: false; problem: 'no-such-month'; month: number }
  /** "31.02.2026": the month has fewer days. */
  | { ok: false; problem: 'no-such-day'; year: number; month: number; days: number };

/**
 * A date typed in the user's locale: its numbers in the locale's order with any of / . - or spaces between them, a
 * two-digit year taken as 20xx, an ISO day, or "t"/"today". Says why when it is not a date ("February 2026 has 28
 * days" is worded by the renderer from { problem: 'no-such-day', year, month, days }).
 */
export function readLocaleDate(text: string, locale?: string, now = new Date()): LocaleDateRead {
  const clean = text.trim();
  if (!clean) return { ok: false, problem: 'empty' };
  if (/^(t|today)$/i.test(clean))
    return { ok: true, iso: isoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() }) };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(clean);
  const groups = iso ? null : /^(\d{1,4})[\s./-]+(\d{1,2})[\s./-]+(\d{1,4})$/.exec(clean);
  let date: CalendarDate;
  if (iso) date = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  else if (groups) {
    const values = [Number(groups[1]), Number(groups[2]), Number(groups[3])];
    date = { year: 0, month: 0, day: 0 };
    localeDateShape(locale).parts.forEach((part, i) => (date[part] = values[i]!));
    const yearText = groups[1 + localeDateShape(locale).parts.indexOf('year')]!;
    if (yearText.length <= 2) date.year += 2000;
    else if (yearText.length !== 4) return { ok: false, problem: 'unreadable' };
  } else return { ok: false, problem: 'unreadable' };
  if (date.month < 1 || date.month > 12) return { ok: false, problem: 'no-such-month', month: date.month };
  const days = daysInMonth(date.year, date.month);
  if (date.day < 1 || date.day > days)
    return { ok: false, problem: 'no-such-day', year: date.year, month: date.month, days };
  return { ok: true, iso: isoDate(date) };
}
