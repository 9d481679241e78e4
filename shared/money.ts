/** Money as exact decimal strings (big.js), never floats. */
import Big from 'big.js';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** Strings toMoney would give back unchanged: no sign, no leading zero, exactly two decimals. */
const CANONICAL = /^(0|[1-9]\d{0,14})\.\d\d$/;

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
