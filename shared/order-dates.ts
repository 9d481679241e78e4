/**
 * The order's dates as staff type them and as the service takes them: slash dates in the service's day/month order
 * ("22/11/2026", "22-11-2026", "22.11.2026"), ISO days, "t" for today; the draft keeps ISO days.
 */
import {
  DATE_ORDERS,
  formatSlashDate,
  isoDate,
  isRealDate,
  parseSlashDate,
  type CalendarDate,
  type DateOrder,
} from './dates';

export const datePattern = (order: DateOrder): string => DATE_ORDERS[order].pattern;

export function todayIso(now = new Date()): string {
  return isoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function fromIso(text: string): CalendarDate | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(date) ? date : null;
}

/**
 * A date as staff type it, read in the service's day/month order: "22/11/2026", "22-11-2026", "22.11.2026", an ISO
 * day, or "t"/"today". Returns the ISO day, or null when it is not a real date in that order.
 */
export function readDateInput(text: string, order: DateOrder, now = new Date()): string | null {
  const clean = text.trim();
  if (/^(t|today)$/i.test(clean)) return todayIso(now);
  const iso = fromIso(clean);
  if (iso) return isoDate(iso);
  const date = parseSlashDate(clean.replace(/[-.]/g, '/'), order);
  return date ? isoDate(date) : null;
}

/** How a stored draft date is shown in the field: ISO days in the service's order, anything else as typed. */
export function showDate(value: string, order: DateOrder): string {
  const iso = fromIso(value);
  return iso ? formatSlashDate(iso, order) : value;
}

/** The slash date the service takes, or "" for an empty field. */
export function sendDate(value: string, order: DateOrder): string {
  if (!value.trim()) return '';
  const iso = readDateInput(value, order);
  const date = iso ? fromIso(iso) : null;
  return date ? formatSlashDate(date, order) : value.trim();
}
