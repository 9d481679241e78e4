import { describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../../shared/gtin';
import {
  addOwnRule,
  EMPTY_RULE_DRAFT,
  isOwnRule,
  LabelRule,
  labelAmounts,
  removeOwnRule,
  rulesInUse,
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

describe('a rule staff make (Settings → Scanner → Labels: "Add a rule")', () => {
  // a scale that prints 24, a four-digit product, a price check digit and a five-digit price with 2 decimals
  const draft = {
    ...EMPTY_RULE_DRAFT,
    prefix: '24',
    productDigits: 4,
    skipDigits: 1,
    kind: 'price' as const,
    decimals: 2,
  };

  it('is added on, ahead of the ready-made rows, and reads its labels', () => {
    const added = addOwnRule(rulesInUse(null), draft);
    expect(added.problem).toBeNull();
    const rules = added.rules!;
    expect(rules[0]).toMatchObject({ id: 'own-1', enabled: true, prefix: '24' });
    expect(rulePattern(rules[0]!)).toBe('24 PPPP V $$$$$ C');
    const code = withCheck('24123450123'.padEnd(12, '4'));
    const verdict = readLabel(code, rules);
    expect(verdict && 'read' in verdict ? verdict.read : null).toMatchObject({ product: '1234' });
    // a second one gets the next id; ready-made rows are still there, off
    const second = addOwnRule(rules, { ...draft, prefix: '25' }).rules!;
    expect(second.map((r) => r.id).slice(0, 2)).toEqual(['own-2', 'own-1']);
    expect(second.filter((r) => !isOwnRule(r))).toHaveLength(READY_MADE_RULES.length);
  });

  it('says why it cannot be added: no prefix, a layout that is no EAN-13 or UPC-A, or one there already', () => {
    const rules = rulesInUse(null);
    expect(addOwnRule(rules, { ...draft, prefix: '' }).problem).toBe('prefix');
    expect(addOwnRule(rules, { ...draft, prefix: '2x' }).problem).toBe('prefix');
    expect(addOwnRule(rules, { ...draft, productDigits: 6 }).problem).toBe('length');
    // the ready-made 21 PPPPP WWWWW C with 3 decimals is there (off): turning it on is the way, not a copy
    expect(addOwnRule(rules, { ...EMPTY_RULE_DRAFT, prefix: '21' }).problem).toBe('taken');
    expect(addOwnRule(rules, { ...EMPTY_RULE_DRAFT, prefix: '21', decimals: 2 }).problem).toBeNull();
  });

  it('a rule staff made is taken out again; a ready-made row is not (only turned off)', () => {
    const rules = addOwnRule(rulesInUse(null), draft).rules!;
    expect(removeOwnRule(rules, 'own-1').some((r) => r.id === 'own-1')).toBe(false);
    expect(removeOwnRule(rules, 'weight-21')).toHaveLength(rules.length);
  });
});
