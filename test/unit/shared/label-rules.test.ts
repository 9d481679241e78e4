import { describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../../shared/gtin';
import {
  LabelRule,
  labelAmounts,
  productCodes,
  READY_MADE_RULES,
  readLabel,
  ruleLength,
  rulePattern,
} from '../../../shared/label-rules';

const withCheck = (body: string): string => `${body}${gs1CheckDigit(body)}`;
const on = (id: string): LabelRule[] => READY_MADE_RULES.map((r) => ({ ...r, enabled: r.id === id }));
const ruleOf = (id: string): LabelRule => READY_MADE_RULES.find((r) => r.id === id)!;

describe('weighed and priced labels (#29.4): every ready-made rule', () => {
  it('every ready-made rule is a valid rule of an EAN-13 or a UPC-A, off until turned on', () => {
    for (const rule of READY_MADE_RULES) {
      expect(LabelRule.safeParse(rule).success, rule.id).toBe(true);
      expect([12, 13]).toContain(ruleLength(rule));
      expect(rule.enabled).toBe(false);
      expect(rule.sends).toBe('per_label');
    }
    expect(readLabel(withCheck('210012301234'), READY_MADE_RULES)).toBeNull();
  });

  it('21 PPPPP WWWWW C: product 00123, 1.234 kg', () => {
    const code = withCheck('210012301234');
    expect(code).toBe('2100123012343');
    expect(rulePattern(ruleOf('weight-21'))).toBe('21 PPPPP WWWWW C');
    expect(readLabel(code, on('weight-21'))).toMatchObject({
      read: { product: '00123', weightKg: '1.234', price: null },
    });
  });

  it('23 PPPPP $$$$$ C: product 04567, 12.34 in the shop’s currency', () => {
    expect(rulePattern(ruleOf('price-23'))).toBe('23 PPPPP $$$$$ C');
    expect(readLabel(withCheck('230456701234'), on('price-23'))).toMatchObject({
      read: { product: '04567', price: '12.34', weightKg: null },
    });
  });

  it('22 PPPP V $$$$$ C: product 1234, the price check digit read past, 3.99', () => {
    expect(rulePattern(ruleOf('price-22-check'))).toBe('22 PPPP V $$$$$ C');
    expect(readLabel(withCheck('221234700399'), on('price-22-check'))).toMatchObject({
      read: { product: '1234', price: '3.99' },
    });
  });

  it('28 PPPPP WWWWW C: product 00042, 0.250 kg', () => {
    expect(rulePattern(ruleOf('weight-28'))).toBe('28 PPPPP WWWWW C');
    expect(readLabel(withCheck('280004200250'), on('weight-28'))).toMatchObject({
      read: { product: '00042', weightKg: '0.250' },
    });
  });

  it('UPC-A 2 PPPPP V $$$$ C: product 12345, 5.49; also when sent as an EAN-13 with a leading 0', () => {
    expect(rulePattern(ruleOf('upc-price-2'))).toBe('2 PPPPP V $$$$ C');
    const upc = withCheck('21234580549');
    expect(readLabel(upc, on('upc-price-2'))).toMatchObject({ read: { product: '12345', price: '5.49', code: upc } });
    expect(readLabel(`0${upc}`, on('upc-price-2'))).toMatchObject({ read: { product: '12345', price: '5.49' } });
  });

  it('a label whose check digit is wrong is a misread; another prefix or length is no label', () => {
    const code = withCheck('210012301234');
    const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    expect(readLabel(wrong, on('weight-21'))).toEqual({
      misread: { ...ruleOf('weight-21'), enabled: true },
    });
    expect(readLabel(withCheck('870012301234'), on('weight-21'))).toBeNull();
    expect(readLabel('21001230123', on('weight-21'))).toBeNull();
    expect(readLabel('SKU-21001', on('weight-21'))).toBeNull();
  });

  it('a rule whose parts do not make 12 or 13 digits is refused', () => {
    expect(LabelRule.safeParse({ ...ruleOf('weight-21'), productDigits: 7 }).success).toBe(false);
    expect(LabelRule.safeParse({ ...ruleOf('weight-21'), productDigits: 3 }).success).toBe(false);
  });

  it('the product’s codes: the label with its value as zeros (Odoo’s way), then the digits as a SKU or PLU', () => {
    const read = readLabel(withCheck('210012301234'), on('weight-21'));
    if (!read || !('read' in read)) throw new Error('not read');
    expect(productCodes(read.read)).toEqual([withCheck('210012300000'), '00123', '123']);
    const upc = readLabel(withCheck('21234580549'), on('upc-price-2'));
    if (!upc || !('read' in upc)) throw new Error('not read');
    expect(productCodes(upc.read)[0]).toBe(withCheck('21234500000'));
    expect(productCodes(upc.read)[1]).toBe(`0${withCheck('21234500000')}`);
  });

  it('what a label comes to: the price of a weight, the weight of a price, and what each choice sends', () => {
    const weight = readLabel(withCheck('210012301234'), on('weight-21'));
    if (!weight || !('read' in weight)) throw new Error('not read');
    expect(labelAmounts(weight.read, '10.00')).toEqual({ weightKg: '1.234', price: '12.34', quantity: 1 });
    expect(labelAmounts(weight.read, null)).toEqual({ weightKg: '1.234', price: null, quantity: 1 });
    const grams = { ...weight.read, rule: { ...weight.read.rule, sends: 'grams' as const } };
    expect(labelAmounts(grams, '10.00').quantity).toBe(1234);
    const price = readLabel(withCheck('230456701234'), on('price-23'));
    if (!price || !('read' in price)) throw new Error('not read');
    expect(labelAmounts(price.read, '8.00')).toEqual({ weightKg: '1.543', price: '12.34', quantity: 1 });
    expect(labelAmounts({ ...price.read, rule: { ...price.read.rule, sends: 'grams' } }, '8.00').quantity).toBe(1543);
    // no unit price: a price label has no weight, and sends one
    expect(labelAmounts({ ...price.read, rule: { ...price.read.rule, sends: 'grams' } }, null).quantity).toBe(1);
  });
});
