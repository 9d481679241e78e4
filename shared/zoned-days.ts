/**
 * Calendar days in a shop's time zone (IANA name): the day and hour of an instant there, the first instant of a day
 * (midnight, or the first moment after a gap at midnight), ISO days and ranges of them, and the service's zone-less
 * "YYYY-MM-DD HH:MM:SS" stamps read as wall-clock fields. Pure; used by the day's figures (figures.ts) and the Today
 * screen's range.
 */
import { daysInMonth } from './dates';

const zoneParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of an instant in a time zone (IANA name). */
function partsIn(instant: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  let format = zoneParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneParts.set(timeZone, format);
  }
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour! % 24, mi: p.minute! };
}

/** Whether the runtime knows this time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const isoOf = (y: number, mo: number, d: number): string => `${String(y).padStart(4, '0')}-${pad2(mo)}-${pad2(d)}`;

/** The ISO day and hour of an instant in a time zone. */
export function dayAndHourIn(instant: number, timeZone: string): { day: string; hour: number } {
  const p = partsIn(instant, timeZone);
  return { day: isoOf(p.y, p.mo, p.d), hour: p.h };
}

/** The first instant of an ISO day in a time zone (midnight, or the first moment after a gap at midnight). */
export function dayStartIn(isoDay: string, timeZone: string): number {
  const [y, mo, d] = isoDay.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d);
  // the zone's offset at a guess, then at the corrected guess (a change of offset near midnight moves it once more)
  let instant = wall;
  for (let i = 0; i < 3; i++) {
    const p = partsIn(instant, timeZone);
    const offset = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi) - Math.floor(instant / 60_000) * 60_000;
    const next = wall - offset;
    if (next === instant) break;
    instant = next;
  }
  // a day that begins in a gap (clocks forward at midnight) begins at the gap's end: the first instant on that day
  while (dayAndHourIn(instant, timeZone).day < isoDay) instant += 15 * 60_000;
  return instant;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The ISO day `days` after (or before) another. */
export function addIsoDays(isoDay: string, days: number): string {
  const [y, mo, d] = isoDay.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d + days));
  return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The days from one ISO day to another, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to && out.length <= MAX_RANGE_DAYS; day = addIsoDays(day, 1)) out.push(day);
  return out;
}

/** The longest range the figures are worked out for (a year and a day: a leap year and its neighbour). */
export const MAX_RANGE_DAYS = 367;

const STAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** A created_at stamp ("YYYY-MM-DD HH:MM:SS", no zone) as its wall-clock fields, or null when it is not a real one. */
export function readStamp(stamp: unknown): { day: string; hour: number; asUtc: number } | null {
  if (typeof stamp !== 'string') return null;
  const m = STAMP.exec(stamp);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  return { day: stamp.slice(0, 10), hour: h, asUtc: Date.UTC(y, mo - 1, d, h, mi, s) };
}

// --- the figures --------------------------------------------------------------------------------------------------
