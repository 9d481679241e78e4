/** Money as exact decimal strings (big.js), never floats. */
import Big from 'big.js';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** Strings toMoney would give back unchanged: no sign, no leading zero, exactly two decimals. */
const CANONICAL = /^(0|[1-9]\d{0,14})\.\d\d$/;

/** Two amounts the same in value ("12.5" and "12.50"); both missing counts as the same, an unreadable one never does. */
export function sameMoney(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  try {
    return new Big(a).eq(b);
  } catch {
    return false;
  }
}

/** A decimal string from a string or number ("12.5" -> "12.50", 7 -> "7.00"); null when it is not a number. */
export function toMoney(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    if (/e/i.test(text)) return null;
  } else if (typeof value === 'string') {
    // already in the usual form ("233.22"): nothing to normalise (a sync reads millions of these)
    if (CANONICAL.test(value)) return value;
    text = value.trim();
  } else return null;
  if (!DECIMAL.test(text) || text.length > 40) return null;
  if (text.startsWith('+')) text = text.slice(1); // big.js refuses an explicit plus sign
  const big = new Big(text);
  const decimals = Math.max(2, (text.split('.')[1] ?? '').length);
  return big.toFixed(decimals);
}

/** Whole cents for sorting and range filters (rounded half up); null when not money. */
export function toCents(money: string | null): number | null {
  if (money === null) return null;
  const cents = Number(new Big(money).times(100).round(0, Big.roundHalfUp).toFixed(0));
  return Number.isSafeInteger(cents) ? cents : null;
}

export function addMoney(...values: string[]): string {
  return values.reduce((sum, v) => sum.plus(v), new Big(0)).toFixed(2);
}

const formats = new Map<string, { grouping: Intl.NumberFormat; decimal: string }>();

/** Intl formatters are costly to build; tables format thousands of figures, so one is kept per locale. */
function numberFormat(locale: string | undefined): { grouping: Intl.NumberFormat; decimal: string } {
  const key = locale ?? '';
  let format = formats.get(key);
  if (!format) {
    const grouping = new Intl.NumberFormat(locale, { useGrouping: true });
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    formats.set(key, (format = { grouping, decimal }));
  }
  return format;
}

/** Formats a decimal string for display in the user's locale without going through a float. */
export function formatMoney(money: string | null, locale?: string): string {
  if (money === null) return '—';
  const negative = money.startsWith('-');
  const [whole = '0', fraction = ''] = money.replace(/^[+-]/, '').split('.');
  const { grouping, decimal } = numberFormat(locale);
  const grouped = grouping.format(BigInt(whole));
  return `${negative ? '−' : ''}${grouped}${fraction ? decimal + fraction : ''}`;
}

/** A discount as an amount taken off ("4.95" → "-4.95"); zero stays as it is, never "−0.00". */
export function asDeduction(money: string | null): string | null {
  if (money === null || /^[+-]?0*\.?0*$/.test(money) || money.startsWith('-')) return money;
  return `-${money}`;
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one way an amount is shown: a decimal string in the user's locale with the shop's currency (ISO 4217), exact
 * (Intl formats the decimal string itself, never a float). "1234.5" in de-DE with EUR is "1.234,50 €". Without a
 * currency the amount is shown grouped, without a symbol. Amounts with more decimals than the currency uses (a line
 * at 0.005) keep them.
 */
export function formatMoneyIn(money: string | null, currency: string, locale?: string): string {
  if (money === null || !DECIMAL.test(money.trim())) return '—';
  if (!currency) return formatMoney(money.trim(), locale);
  const decimals = (money.split('.')[1] ?? '').length;
  const key = `${locale ?? ''}|${currency}|${decimals}`;
  let format = currencyFormats.get(key);
  if (!format) {
    const usual = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions();
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: usual.minimumFractionDigits,
      maximumFractionDigits: Math.max(usual.maximumFractionDigits ?? 2, decimals),
    });
    currencyFormats.set(key, format);
  }
  return format.format(money.trim() as Intl.StringNumericLiteral);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number that is not money (a weight, a size, a count) in the user's locale: "2.313" kg is "2,313" in de-DE, never
 * a figure a reader takes for two thousand. Decimal strings are formatted as written (exact, their own decimals).
 */
export function formatNumber(value: number | string | null | undefined, locale?: string, maxDecimals = 3): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL.test(text) || text.length > 40) return value.trim() || '—';
    const decimals = Math.min(20, (text.split('.')[1] ?? '').length);
    return numberFormat2(locale, decimals).format(text as Intl.StringNumericLiteral);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  return numberFormat2(locale, maxDecimals).format(value);
}

function numberFormat2(locale: string | undefined, maxDecimals: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${maxDecimals}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals })));
  return format;
}
