/** Slash dates as the service writes them. The spec leaves day/month order open; the service picks one per instance. */
export type DateOrder = 'dmy' | 'mdy';

const pad = (n: number): string => String(n).padStart(2, '0');

export function formatSlashDate(date: Date, order: DateOrder): string {
  const d = pad(date.getUTCDate());
  const m = pad(date.getUTCMonth() + 1);
  const y = String(date.getUTCFullYear());
  return order === 'dmy' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** Returns the date, or null when the text is not a real slash date in this order. */
export function parseSlashDate(text: string, order: DateOrder): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [a, b, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [day, month] = order === 'dmy' ? [a, b] : [b, a];
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

export function formatTimestamp(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** How the service keeps time; changeable while it runs (tests of reconciliation under wrong clocks). */
export interface ServiceClockSettings {
  /** How far its clock is off, in ms (positive: ahead). */
  skewMs: number;
  /** The zone its created_at stamps are written in, in minutes east of UTC (the spec does not say which). */
  zoneMinutes: number;
}
