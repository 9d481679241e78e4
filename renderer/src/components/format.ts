/** Display helpers: money, counts, ages and times in the user's locale. Never NaN, never "Invalid Date". */
import { formatMoneyIn, formatNumber } from '../../../shared/money';

let moneyCurrency = '';
/** The shop's currency (Settings → Shop), set by the store when it is read or saved. */
export function setMoneyCurrency(currency: string): void {
  moneyCurrency = currency;
}

/**
 * The one formatter of amounts on every screen: a decimal string from the service or the wizard, exact, in the
 * user's locale, with the shop's currency ("€ 1.234,50" in nl-NL with EUR); "—" for no amount, never NaN.
 */
export const money = (amount: string | null | undefined): string => formatMoneyIn(amount ?? null, moneyCurrency);

/** A weight, size or other measure in the user's locale (2.313 kg reads "2,313 kg" in de-DE). */
export const measure = (value: number | string | null | undefined, maxDecimals = 3): string =>
  formatNumber(value, undefined, maxDecimals);

const countFormat = new Intl.NumberFormat();
export const count = (n: number | null | undefined): string =>
  typeof n === 'number' && Number.isFinite(n) ? countFormat.format(n) : '—';

export function timeOfDay(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function age(ms: number | null, now = Date.now()): string {
  if (ms === null || !Number.isFinite(ms)) return 'never';
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** "14:02 (5 min ago)", or the date too when it is not today. */
export function asOf(ms: number | null, now = Date.now()): string {
  if (ms === null || !Number.isFinite(ms)) return 'never';
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  const when = sameDay
    ? timeOfDay(ms)
    : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `${when} (${age(ms, now)})`;
}

export function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
