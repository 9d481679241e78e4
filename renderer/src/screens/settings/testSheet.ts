/**
 * The scanner check's test sheet (#29.2): one code of each kind a shop meets, so a new scanner is checked in a minute —
 * EAN-13, EAN-8, UPC-A, Code 128 with letters (a capital Z, a small y, a dash and a slash: keys the layouts
 * move, so a scan of it tells the scanner's keyboard layout: QWERTZ swaps Y and Z, AZERTY moves Z and the dash, the
 * Dutch layout the dash and the slash), a
 * weighed item's label in the shop's first weight rule, and a GS1-128 with a weight, an expiry and a lot. Each says
 * what a scan of it should give.
 */
import { barcodeOf, type Barcode } from '../../../../shared/barcodes';
import { gs1CheckDigit } from '../../../../shared/gtin';
import { READY_MADE_RULES, type LabelRule } from '../../../../shared/label-rules';

export const SHEET_KINDS = ['ean13', 'ean8', 'upca', 'code128', 'weighed', 'gs1'] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];

export interface SheetCode {
  kind: SheetKind;
  /** What a scan of it gives (a GS1 code: its element string as a scanner without identifier sends it). */
  value: string;
  /** The line printed under the bars. */
  text: string;
  bars: Barcode;
  /** A weighed label: its rule's prefix, product and weight; null otherwise. */
  weighed: { prefix: string; product: string; weightKg: number } | null;
}

const withCheck = (body: string): string => `${body}${gs1CheckDigit(body)}`;

/** A weighed item's label in `rule` (a weight rule of 13 digits): product 123, 1.234 kg. */
function weighedLabel(rule: LabelRule): { code: string; product: string; weightKg: number } | null {
  const weightKg = 1.234;
  const product = '123'.padStart(rule.productDigits, '0').slice(-rule.productDigits);
  const value = String(Math.round(weightKg * 10 ** rule.decimals)).padStart(rule.valueDigits, '0');
  const body = `${rule.prefix}${product}${'0'.repeat(rule.skipDigits)}${value}`;
  if (body.length !== 12 || value.length !== rule.valueDigits) return null;
  return { code: withCheck(body), product, weightKg };
}

/** The sheet's codes; the weighed label in the first weight rule that makes an EAN-13 (in use first). */
export function sheetCodes(rules: readonly LabelRule[]): SheetCode[] {
  const weightRules = [...rules.filter((r) => r.enabled), ...rules, ...READY_MADE_RULES].filter(
    (r) => r.kind === 'weight' && r.skipDigits === 0,
  );
  const label = weightRules.map((r) => ({ rule: r, read: weighedLabel(r) })).find((x) => x.read !== null);
  // (01) GTIN, (3103) net weight 1.234 kg, (17) expiry, all of fixed length; (10) the lot, variable, last (no GS)
  const gs1Fields: [string, string][] = [
    ['01', withCheck('0950110153000')],
    ['3103', '001234'],
    ['17', '281231'],
    ['10', 'LOT42'],
  ];
  const gs1 = gs1Fields.map(([ai, value]) => ai + value).join('');
  const gs1Text = gs1Fields.map(([ai, value]) => `(${ai})${value}`).join('');
  const codes: {
    kind: SheetKind;
    value: string;
    text: string;
    only?: 'CODE128' | 'GS1_128';
    weighed?: SheetCode['weighed'];
  }[] = [
    { kind: 'ean13', value: withCheck('400638133393'), text: '' },
    { kind: 'ean8', value: withCheck('9638507'), text: '' },
    { kind: 'upca', value: withCheck('03600029145'), text: '' },
    { kind: 'code128', value: 'SD-Zy/128', text: '', only: 'CODE128' },
  ];
  if (label?.read)
    codes.push({
      kind: 'weighed',
      value: label.read.code,
      text: '',
      weighed: { prefix: label.rule.prefix, product: label.read.product, weightKg: label.read.weightKg },
    });
  codes.push({ kind: 'gs1', value: gs1, text: gs1Text, only: 'GS1_128' });
  return codes.flatMap(({ kind, value, text, only, weighed }) => {
    const bars = barcodeOf(value, only);
    return bars ? [{ kind, value, text: text || value, bars, weighed: weighed ?? null }] : [];
  });
}
