/**
 * Weighed and priced labels (issue #29.4): a shop's scale prints an EAN-13 (or a UPC-A) whose first digits (20–29, or
 * 2 for a UPC-A) say it is an in-store label, then the product's digits, then the weight or the price, then the check
 * digit: `21 PPPPP WWWWW C` is product PPPPP weighing WW.WWW kg. A small table of rules, as Odoo's barcode
 * nomenclature, says how to read each prefix; ready-made rows cover the common scale formats.
 *
 * The service takes whole quantities only, so each rule says what a label sends: `per_label` (the default) adds one
 * of the product a label, its weight and price going with the line and into the order's remarks; `grams` adds its
 * weight in grams as the quantity (for products priced per gram).
 *
 * Pure: `readLabel` reads a code by the rules; `productCodes` gives the codes its product may go by in the catalogue.
 */
import Big from 'big.js';
import { z } from 'zod';
import { gs1CheckDigit } from './gtin';

export const LABEL_KINDS = ['weight', 'price'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];
export const LABEL_SENDS = ['per_label', 'grams'] as const;

interface RuleShape {
  prefix: string;
  productDigits: number;
  skipDigits: number;
  valueDigits: number;
}
export type LabelSends = (typeof LABEL_SENDS)[number];

export const LabelRule = z
  .object({
    /** A ready-made row's id ("weight-21"), or one staff made ("own-1"). */
    id: z.string().min(1).max(40),
    enabled: z.boolean(),
    /** The digits the code starts with. */
    prefix: z.string().regex(/^\d{1,3}$/),
    /** How many digits name the product. */
    productDigits: z.number().int().min(1).max(8),
    /** A digit between product and value that checks the price (some scales print one): read past. */
    skipDigits: z.number().int().min(0).max(1),
    kind: z.enum(LABEL_KINDS),
    valueDigits: z.number().int().min(3).max(6),
    /** Decimals of the value: a weight in kg, a price in the shop's currency. */
    decimals: z.number().int().min(0).max(3),
    sends: z.enum(LABEL_SENDS),
  })
  .refine((rule) => [12, 13].includes(ruleLength(rule)), { message: 'length' });
export type LabelRule = z.infer<typeof LabelRule>;

/** The length of the codes a rule reads: its parts and the check digit (13: EAN-13, 12: UPC-A). */
export function ruleLength(rule: RuleShape): number {
  return rule.prefix.length + rule.productDigits + rule.skipDigits + rule.valueDigits + 1;
}

/** The rule's layout as letters: "21 PPPPP WWWWW C" (P product, V price check digit, W weight, $ price, C check digit). */
export function rulePattern(rule: RuleShape & { kind: LabelKind }): string {
  const value = (rule.kind === 'weight' ? 'W' : '$').repeat(rule.valueDigits);
  return [rule.prefix, 'P'.repeat(rule.productDigits), rule.skipDigits ? 'V' : '', value, 'C']
    .filter(Boolean)
    .join(' ');
}

/** The common scale formats, off until staff turn one on. */
export const READY_MADE_RULES: readonly LabelRule[] = [
  // Odoo's "Weighted barcodes 3 decimals": 21.....{NNDDD}
  rule('weight-21', '21', 5, 0, 'weight', 5, 3),
  // Odoo's "Price barcodes 2 decimals": 23.....{NNNDD}
  rule('price-23', '23', 5, 0, 'price', 5, 2),
  // a four-digit product with a price check digit before a five-digit price (many European scales)
  rule('price-22-check', '22', 4, 1, 'price', 5, 2),
  // a weight with a five-digit product under prefix 28 (the in-store range many German and Dutch scales use)
  rule('weight-28', '28', 5, 0, 'weight', 5, 3),
  // UPC-A variable-measure price (number system 2): 2 PPPPP V $$$$ C
  rule('upc-price-2', '2', 5, 1, 'price', 4, 2),
];

function rule(
  id: string,
  prefix: string,
  productDigits: number,
  skipDigits: number,
  kind: LabelKind,
  valueDigits: number,
  decimals: number,
): LabelRule {
  return { id, enabled: false, prefix, productDigits, skipDigits, kind, valueDigits, decimals, sends: 'per_label' };
}

/** The rules in use: the kept ones, with any ready-made row they lack (off). */
export function rulesInUse(kept: readonly LabelRule[] | null | undefined): LabelRule[] {
  const rules = [...(kept ?? [])];
  for (const ready of READY_MADE_RULES) if (!rules.some((r) => r.id === ready.id)) rules.push(ready);
  return rules;
}

export interface LabelRead {
  rule: LabelRule;
  /** The product's digits as printed ("00123"). */
  product: string;
  /** The code as its rule reads it (a UPC-A sent as an EAN-13 with a leading 0 loses it). */
  code: string;
  /** Decimal kilograms for a weight label. */
  weightKg: string | null;
  /** Decimal amount for a price label. */
  price: string | null;
}

export type LabelVerdict = { read: LabelRead } | { misread: LabelRule } | null;

/** Digits as a decimal with `decimals` of them after the point ("01234", 3 → "1.234"). */
function decimal(digits: string, decimals: number): string {
  return new Big(digits).div(new Big(10).pow(decimals)).toFixed(decimals);
}

/**
 * Reads a code by the first enabled rule whose prefix and length it has: the product's digits and the value; a code
 * a rule would read whose check digit is wrong is a misread (scan it again); null when no rule reads it.
 */
export function readLabel(code: string, rules: readonly LabelRule[]): LabelVerdict {
  if (!/^\d{12,13}$/.test(code)) return null;
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const length = ruleLength(rule);
    // a UPC-A arrives as an EAN-13 with a leading 0 from some scanners
    const text = code.length === length + 1 && code.startsWith('0') ? code.slice(1) : code;
    if (text.length !== length || !text.startsWith(rule.prefix)) continue;
    if (gs1CheckDigit(text.slice(0, -1)) !== Number(text[text.length - 1])) return { misread: rule };
    const productAt = rule.prefix.length;
    const valueAt = productAt + rule.productDigits + rule.skipDigits;
    const value = decimal(text.slice(valueAt, valueAt + rule.valueDigits), rule.decimals);
    return {
      read: {
        rule,
        code: text,
        product: text.slice(productAt, productAt + rule.productDigits),
        weightKg: rule.kind === 'weight' ? value : null,
        price: rule.kind === 'price' ? value : null,
      },
    };
  }
  return null;
}

/**
 * The codes the label's product may go by in the catalogue, most likely first: the label with its value (and price
 * check digit) as zeros and the check digit made again (how Odoo and most scale software file the product), then the
 * product digits as a SKU or PLU, as printed and without leading zeros.
 */
export function productCodes(read: LabelRead): string[] {
  const { rule, code, product } = read;
  const body = `${rule.prefix}${product}${'0'.repeat(rule.skipDigits + rule.valueDigits)}`;
  const zeroed = `${body}${gs1CheckDigit(body)}`;
  const codes = [zeroed, product, product.replace(/^0+(?=\d)/, '')];
  if (code.length === 12) codes.splice(1, 0, `0${zeroed}`);
  return [...new Set(codes)];
}

/**
 * What a label comes to for a product of `unitPrice` a kilogram: the weight and the price, one read from the label and
 * the other worked out (null when it cannot be: no unit price); and the quantity the rule sends for it.
 */
export function labelAmounts(
  read: LabelRead,
  unitPrice: string | null,
): { weightKg: string | null; price: string | null; quantity: number } {
  const unit = unitPrice !== null && /^\d+(\.\d+)?$/.test(unitPrice) ? new Big(unitPrice) : null;
  let weightKg = read.weightKg;
  let price = read.price;
  if (weightKg !== null && price === null && unit)
    price = new Big(weightKg).times(unit).round(2, Big.roundHalfUp).toFixed(2);
  if (price !== null && weightKg === null && unit && unit.gt(0))
    weightKg = new Big(price).div(unit).round(3, Big.roundHalfUp).toFixed(3);
  const grams = weightKg === null ? 0 : Number(new Big(weightKg).times(1000).round(0, Big.roundHalfUp).toFixed(0));
  const quantity = read.rule.sends === 'grams' && grams >= 1 ? grams : 1;
  return { weightKg, price, quantity };
}

/** A rule staff are making in Settings → Scanner → Labels, before it is added. */
export type RuleDraft = Omit<LabelRule, 'id' | 'enabled'>;

export const EMPTY_RULE_DRAFT: RuleDraft = {
  prefix: '',
  productDigits: 5,
  skipDigits: 0,
  kind: 'weight',
  valueDigits: 5,
  decimals: 3,
  sends: 'per_label',
};

/** What stops a draft from being a rule, as a code the screen words (null: it can be added). */
export type DraftProblem = 'prefix' | 'length' | 'taken';

/** The rule staff made, on, ahead of the others (so it reads its codes before a ready-made row of the same prefix). */
export function addOwnRule(
  rules: readonly LabelRule[],
  draft: RuleDraft,
): { rules: LabelRule[]; problem: null } | { rules: null; problem: DraftProblem } {
  const problem = draftProblem(rules, draft);
  if (problem) return { rules: null, problem };
  let n = 1;
  while (rules.some((r) => r.id === `own-${n}`)) n++;
  return { rules: [{ ...draft, id: `own-${n}`, enabled: true }, ...rules], problem: null };
}

/** Why a draft cannot be added yet: no prefix (1–3 digits), a layout that is not 13 or 12 digits, or one kept already. */
export function draftProblem(rules: readonly LabelRule[], draft: RuleDraft): DraftProblem | null {
  if (!/^\d{1,3}$/.test(draft.prefix)) return 'prefix';
  if (!LabelRule.safeParse({ ...draft, id: 'own', enabled: true }).success) return 'length';
  const same = (r: RuleShape & { kind: LabelKind; decimals: number }) =>
    rulePattern(r) === rulePattern(draft) && r.decimals === draft.decimals;
  return rules.some(same) ? 'taken' : null;
}

/** A rule staff made can be taken out again; a ready-made row is only turned off. */
export const isOwnRule = (rule: Pick<LabelRule, 'id'>): boolean => rule.id.startsWith('own-');

export function removeOwnRule(rules: readonly LabelRule[], id: string): LabelRule[] {
  return rules.filter((r) => !(r.id === id && isOwnRule(r)));
}
