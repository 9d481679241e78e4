/**
 * Exact money of an order being entered: amounts as staff type them ("4,95" and "4.95", never a guess), the shop's
 * tax rate, and the order's totals worked out exactly (big.js), rounded half-up once at the end.
 */
import Big from 'big.js';
import type { DraftLine } from './drafts';
import { english, type Say } from './i18n/english';
import type { DraftFields } from './order-schema';
import type { TaxRule } from './shop-rules';

const MONEY_INPUT = /^\d{1,10}([.,]\d{0,2})?$/;

export type MoneyRead = { ok: true; value: string } | { ok: false; message: string };

/**
 * Reads an amount typed by staff: "4.95", "4,95", "4" and "" (nothing: 0.00) are fine; more than two decimals,
 * a minus sign, thousands separators or letters get a message instead of a guess.
 */
export function readMoneyInput(text: string, say: Say = english.t): MoneyRead {
  const clean = text.trim().replace(/\s+/g, '');
  if (clean === '') return { ok: true, value: '0.00' };
  if (clean.startsWith('-')) return { ok: false, message: say('order.error.moneyNegative') };
  if (/^\d+[.,]\d{3,}$/.test(clean)) return { ok: false, message: say('order.error.moneyDecimals') };
  if (!MONEY_INPUT.test(clean)) return { ok: false, message: say('order.error.moneyShape') };
  return { ok: true, value: new Big(clean.replace(',', '.')).toFixed(2) };
}

export interface Totals {
  /** Each line's price × quantity, exact; null when the line has no price. */
  lines: (string | null)[];
  subtotal: string | null;
  shipping: string | null;
  /** The tax sent: the override when one is typed, else the one computed from the rate. */
  tax: string | null;
  /** The tax the shop's rate gives (null without a rate or while a figure is missing). */
  computedTax: string | null;
  /** Staff typed the tax instead of taking the computed one. */
  taxOverridden: boolean;
  discounts: string | null;
  /** subtotal + shipping + tax − discounts, or null when a figure is missing or unreadable. */
  total: string | null;
}

const RATE = /^\d{1,3}(\.\d{1,4})?$/;
export const isTaxRate = (text: string): boolean => RATE.test(text) && new Big(text).lte(100);

type PriceFields = Pick<DraftFields, 'shipping_cost' | 'total_tax' | 'total_discounts'>;

/**
 * Exact totals. Line amounts keep every decimal the catalogue gave; the subtotal is rounded half-up to cents once,
 * at the end, so many lines or large quantities never drift. Tax from the shop's rate is worked out on the exact
 * sum of the lines (and shipping when it is taxed) and rounded half-up once.
 */
export function computeTotals(lines: readonly DraftLine[], prices: PriceFields, tax: TaxRule | null = null): Totals {
  const lineAmounts = lines.map((line) => {
    if (line.price === null || !/^\d+(\.\d+)?$/.test(line.price)) return null;
    return new Big(line.price).times(line.quantity);
  });
  const exact = lineAmounts.every((a) => a !== null)
    ? lineAmounts.reduce<Big>((sum, a) => sum.plus(a!), new Big(0))
    : null;
  const subtotal = exact === null ? null : exact.round(2, Big.roundHalfUp).toFixed(2);
  const read = (text: string): string | null => {
    const r = readMoneyInput(text);
    return r.ok ? r.value : null;
  };
  const shipping = read(prices.shipping_cost);
  const computedTax =
    tax && isTaxRate(tax.ratePercent) && exact !== null && shipping !== null
      ? exact
          .plus(tax.shippingTaxed ? shipping : 0)
          .times(tax.ratePercent)
          .div(100)
          .round(2, Big.roundHalfUp)
          .toFixed(2)
      : null;
  const typedTax = prices.total_tax.trim() !== '' || !tax || !isTaxRate(tax.ratePercent);
  const taxValue = typedTax ? read(prices.total_tax) : computedTax;
  const discounts = read(prices.total_discounts);
  const total =
    subtotal !== null && shipping !== null && taxValue !== null && discounts !== null
      ? new Big(subtotal).plus(shipping).plus(taxValue).minus(discounts).toFixed(2)
      : null;
  return {
    lines: lineAmounts.map((a) => (a === null ? null : a.toFixed(Math.max(2, decimals(a.toString()))))),
    subtotal,
    shipping,
    tax: taxValue,
    computedTax,
    taxOverridden: prices.total_tax.trim() !== '',
    discounts,
    total,
  };
}

const decimals = (text: string): number => (text.split('.')[1] ?? '').length;
