/**
 * Display helpers: money, counts, ages and times in the locale in use (i18n.tsx). Never NaN, never "Invalid Date".
 * Intl formatters are costly to build and tables format thousands of figures: one of each is kept per locale.
 */
import { formatMoneyIn, formatNumber } from '../../../shared/money';
import { currentLocale, t } from '../i18n';

let moneyCurrency = '';
/** The shop's currency (Settings → Shop), set by the store when it is read or saved. */
export function setMoneyCurrency(currency: string): void {
  moneyCurrency = currency;
}

/**
 * The one formatter of amounts on every screen: a decimal string from the service or the wizard, exact, in the
 * locale in use, with the shop's currency ("1.234,50 €" in de-DE with EUR); "—" for no amount, never NaN.
 */
export const money = (amount: string | null | undefined): string =>
  formatMoneyIn(amount ?? null, moneyCurrency, currentLocale());

/** A weight, size or other measure in the locale in use (2.313 kg reads "2,313 kg" in de-DE). */
export const measure = (value: number | string | null | undefined, maxDecimals = 3): string =>
  formatNumber(value, currentLocale(), maxDecimals);

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(name: string, make: (locale: string) => F): F {
  const locale = currentLocale();
  const key = `${name}|${locale}`;
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make(locale)));
  return format;
}

export const count = (n: number | null | undefined): string =>
  typeof n === 'number' && Number.isFinite(n) ? cached('count', (l) => new Intl.NumberFormat(l)).format(n) : '—';

export function timeOfDay(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  return cached('time', (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit' })).format(ms);
}

/** A day and time ("23 Nov 2026, 14:05" in en-GB). */
export function dayAndTime(ms: number | null, style: 'medium' | 'long' = 'medium'): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  return cached(
    `day-time-${style}`,
    (l) => new Intl.DateTimeFormat(l, { dateStyle: style, timeStyle: 'short' }),
  ).format(ms);
}

export function age(ms: number | null, now = Date.now()): string {
  if (ms === null || !Number.isFinite(ms)) return t('time.never');
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 60) return t('time.justNow');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('time.minutesAgo', { minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t('time.hoursAgo', { hours });
  return t('time.daysAgo', { days: Math.round(hours / 24) });
}

/** "14:02 (5 min ago)", or the date too when it is not today. */
export function asOf(ms: number | null, now = Date.now()): string {
  if (ms === null || !Number.isFinite(ms)) return t('time.never');
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  return t('time.asOf', { when: sameDay ? timeOfDay(ms) : dayAndTime(ms), age: age(ms, now) });
}

export function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  return s < 60
    ? t('time.seconds', { seconds: s })
    : t('time.minutesSeconds', { minutes: Math.floor(s / 60), seconds: String(s % 60).padStart(2, '0') });
}
