/** The one money formatter (currency in the user's locale, exact), non-money numbers, tax from the shop's rate. */
import { describe, expect, it } from 'vitest';
import { formatMoneyIn, formatNumber } from '../../../shared/money';
import { computeTotals } from '../../../shared/order-entry';
import { ShopSettings } from '../../../shared/shop';
import { taxRuleOf } from '../../../shared/shop-rules';

// Intl puts a narrow or normal no-break space in some locales: compare with plain spaces
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money with the shop’s currency in the user’s locale', () => {
  it('formats en-US, de-DE, fr-FR and nl-NL exactly, from the decimal string', () => {
    const cases: [string, string, string][] = [
      ['en-US', 'USD', '$1,234,567.89'],
      ['de-DE', 'EUR', '1.234.567,89 €'],
      ['fr-FR', 'EUR', '1 234 567,89 €'],
      ['nl-NL', 'EUR', '€ 1.234.567,89'],
    ];
    for (const [locale, currency, expected] of cases)
      expect(plain(formatMoneyIn('1234567.89', currency, locale))).toBe(expected);
    // beyond a float's precision: still exact
    expect(plain(formatMoneyIn('9007199254740993.01', 'EUR', 'de-DE'))).toBe('9.007.199.254.740.993,01 €');
    // more decimals than the currency uses (a line at 0.005) are kept; a currency without cents shows none
    expect(formatMoneyIn('0.005', 'USD', 'en-US')).toBe('$0.005');
    expect(formatMoneyIn('1500.00', 'JPY', 'en-US')).toBe('¥1,500');
    expect(plain(formatMoneyIn('-4.95', 'EUR', 'nl-NL'))).toBe('€ -4,95');
  });

  it('never shows NaN: no amount is a dash, no currency is a plain grouped figure', () => {
    expect(formatMoneyIn(null, 'EUR', 'de-DE')).toBe('—');
    expect(formatMoneyIn('abc', 'EUR', 'de-DE')).toBe('—');
    expect(formatMoneyIn('1234.5', '', 'de-DE')).toBe('1.234,5');
    expect(formatMoneyIn('1234.50', '', 'en-US')).toBe('1,234.50');
  });

  it('numbers that are not money follow the locale too (2.313 kg is not two thousand in German)', () => {
    expect(formatNumber('2.313', 'de-DE')).toBe('2,313');
    expect(formatNumber('2.313', 'en-US')).toBe('2.313');
    expect(plain(formatNumber('12345.5', 'fr-FR'))).toBe('12 345,5');
    expect(formatNumber('1234.5', 'nl-NL')).toBe('1.234,5');
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatNumber(null, 'de-DE')).toBe('—');
    expect(formatNumber('n/a', 'de-DE')).toBe('n/a');
  });
});

describe('tax from the shop’s rate', () => {
  const line = (productId: number, price: string, quantity = 1) => ({
    productId,
    sku: `S${productId}`,
    name: 'x',
    price,
    available: 1,
    addedAt: 0,
    quantity,
  });
  const none = { shipping_cost: '', total_tax: '', total_discounts: '' };

  it('rounds half-up once over many lines, not per line', () => {
    // 200 lines at 0.05 and 21 %: per line 0.0105 → 0.01 each would give 2.00; once over 10.00 gives 2.10
    const lines = Array.from({ length: 200 }, (_, i) => line(i + 1, '0.05'));
    const totals = computeTotals(lines, none, { ratePercent: '21', shippingTaxed: false });
    expect(totals.subtotal).toBe('10.00');
    expect(totals.tax).toBe('2.10');
    expect(totals.total).toBe('12.10');
    // half-up at the cent: 0.125 → 0.13
    expect(computeTotals([line(1, '1.25')], none, { ratePercent: '10', shippingTaxed: false }).tax).toBe('0.13');
    // an exact rate with decimals over lines with more than two decimals
    const odd = [line(1, '0.333', 3), line(2, '19.995', 7)];
    // (0.999 + 139.965) × 8.875 % = 12.510555 → 12.51
    expect(computeTotals(odd, none, { ratePercent: '8.875', shippingTaxed: false }).tax).toBe('12.51');
  });

  it('taxes shipping only when the shop says so; a typed amount overrides and is marked as such', () => {
    const lines = [line(1, '100.00')];
    const shipping = { ...none, shipping_cost: '10' };
    expect(computeTotals(lines, shipping, { ratePercent: '20', shippingTaxed: false }).tax).toBe('20.00');
    expect(computeTotals(lines, shipping, { ratePercent: '20', shippingTaxed: true }).tax).toBe('22.00');
    const typed = computeTotals(lines, { ...shipping, total_tax: '5' }, { ratePercent: '20', shippingTaxed: true });
    expect(typed).toMatchObject({ tax: '5.00', computedTax: '22.00', taxOverridden: true, total: '115.00' });
    // no rate set: the typed tax as before (empty is 0.00)
    expect(computeTotals(lines, shipping, null)).toMatchObject({ tax: '0.00', computedTax: null, total: '110.00' });
  });

  it('stores a rate as a decimal string and refuses what is not a percentage', () => {
    const base = { name: '', address: '', country: '', currency: 'eur', shippingTaxed: true };
    expect(ShopSettings.parse({ ...base, taxRatePercent: '8,875' })).toMatchObject({
      currency: 'EUR',
      taxRatePercent: '8.875',
    });
    expect(ShopSettings.safeParse({ ...base, taxRatePercent: '101' }).success).toBe(false);
    expect(ShopSettings.safeParse({ ...base, taxRatePercent: '-1' }).success).toBe(false);
    expect(ShopSettings.safeParse({ ...base, taxRatePercent: '', currency: 'XXY' }).success).toBe(false);
    expect(taxRuleOf(ShopSettings.parse({ ...base, taxRatePercent: '' }))).toBeNull();
    expect(taxRuleOf(ShopSettings.parse({ ...base, taxRatePercent: '21' }))).toEqual({
      ratePercent: '21',
      shippingTaxed: true,
    });
  });
});
