/**
 * Exact decimal arithmetic for amounts the service sends as decimal strings (or plain numbers): read once, summed
 * exactly, written back as text — never a float, never NaN on an odd shape. The usual "233.22" is carried as whole
 * cents in a plain number; anything else as a BigInt at its own scale. Used by the day's figures (figures.ts).
 */

/** A decimal number as whole units at a scale (digits after the point): "12.50" is 1250 at scale 2. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;
/** More digits than any real amount has: a longer text is refused rather than carried. */
const MAX_DIGITS = 40;

/** A decimal string or a plain finite number as an exact decimal; null for anything else (never NaN). */
export function readDecimal(value: unknown): Decimal | null {
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return null;
  if (text.length === 0 || text.length > MAX_DIGITS) return null;
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

const scaled = (d: Decimal, scale: number): bigint => d.units * 10n ** BigInt(scale - d.scale);

function plus(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: scaled(a, scale) + scaled(b, scale), scale };
}

export function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

const ZERO: Decimal = { units: 0n, scale: 2 };

/** The usual shape of an amount ("233.22"): read as whole cents without a BigInt. */
const CENTS = /^(-?)(\d{1,13})\.(\d\d)$/;
/** Whole cents kept as a plain number stay far below 2^53, where every integer is exact. */
const CENTS_LIMIT = 2 ** 50;

/** An amount read once: whole cents (an exact integer) in the usual shape, a Decimal otherwise. */
export type Amount = number | Decimal;

export function readAmount(value: unknown): Amount | null {
  if (typeof value === 'string') {
    const m = CENTS.exec(value);
    if (m) {
      const cents = Number(m[2]) * 100 + Number(m[3]);
      return m[1] === '-' ? -cents : cents;
    }
  }
  return readDecimal(value);
}

export const centsDecimal = (cents: number): Decimal => ({ units: BigInt(cents), scale: 2 });

/**
 * An exact running sum: amounts in whole cents are added as plain integers (kept below CENTS_LIMIT, then carried into
 * the BigInt part), any other as a Decimal — 100,000 orders are summed without a BigInt per order.
 */
export class Sum {
  private cents = 0;
  private rest: Decimal = ZERO;

  add(amount: Amount): void {
    if (typeof amount === 'number') {
      this.cents += amount;
      if (Math.abs(this.cents) > CENTS_LIMIT) {
        this.rest = plus(this.rest, centsDecimal(this.cents));
        this.cents = 0;
      }
    } else this.rest = plus(this.rest, amount);
  }

  /** price × quantity − discount, exact. */
  addLine(price: Amount, quantity: number, discount: Amount): void {
    const times = typeof price === 'number' ? price * quantity : null;
    if (times !== null && Number.isSafeInteger(times) && Math.abs(times) <= CENTS_LIMIT) this.add(times);
    else {
      const p = typeof price === 'number' ? centsDecimal(price) : price;
      this.add({ units: p.units * BigInt(quantity), scale: p.scale });
    }
    this.add(typeof discount === 'number' ? -discount : { units: -discount.units, scale: discount.scale });
  }

  value(): Decimal {
    return this.cents === 0 ? this.rest : plus(this.rest, centsDecimal(this.cents));
  }

  text(): string {
    return decimalText(this.value());
  }
}

/** A decimal string with at least two fraction digits ("1234.50", "-0.005"), exact. */
export function decimalText(d: Decimal): string {
  const scale = Math.max(2, d.scale);
  const units = scaled(d, scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The exact sum of decimal strings ("0.10" + "0.20" is "0.30"); an unreadable one is left out. */
export function sumDecimals(values: readonly unknown[]): string {
  const sum = new Sum();
  for (const value of values) {
    const amount = readAmount(value);
    if (amount !== null) sum.add(amount);
  }
  return sum.text();
}
