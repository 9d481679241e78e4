import { describe, expect, it } from 'vitest';
import { barcodeFormat, barcodeOf, barRuns } from '../../../shared/barcodes';
import { LABEL_LAYOUTS, LAYOUTS, MAX_LABELS, perPage, planLabels } from '../../../shared/labels';

const items = (n: number, copies = 1) => Array.from({ length: n }, (_, i) => ({ item: `p${i + 1}`, copies }));

describe('label layouts', () => {
  it('every sheet fits its labels inside A4, none overlapping', () => {
    for (const id of LABEL_LAYOUTS) {
      const l = LAYOUTS[id];
      expect(l.id).toBe(id);
      const right = l.originMm.x + (l.columns - 1) * l.pitchMm.x + l.label.widthMm;
      const bottom = l.originMm.y + (l.rows - 1) * l.pitchMm.y + l.label.heightMm;
      expect(right, `${id} right edge`).toBeLessThanOrEqual(l.page.widthMm);
      expect(bottom, `${id} bottom edge`).toBeLessThanOrEqual(l.page.heightMm + 0.01);
      expect(l.pitchMm.x, `${id} across`).toBeGreaterThanOrEqual(l.label.widthMm);
      expect(l.pitchMm.y, `${id} down`).toBeGreaterThanOrEqual(l.label.heightMm);
    }
    expect([perPage(LAYOUTS['a4-3x8']), perPage(LAYOUTS['a4-3x7']), perPage(LAYOUTS['a4-2x7'])]).toEqual([24, 21, 14]);
    expect(LAYOUTS['roll-58'].page).toEqual({ widthMm: 58, heightMm: 40 });
    expect(LAYOUTS['roll-62'].page.widthMm).toBe(62);
  });

  it('places labels row by row on 3 × 8: corners at the pitch, a new sheet after 24', () => {
    const { pages, leftOut } = planLabels(LAYOUTS['a4-3x8'], items(25));
    expect(leftOut).toBe(0);
    expect(pages.map((p) => p.length)).toEqual([24, 1]);
    expect(pages[0]![0]).toMatchObject({ item: 'p1', page: 0, position: 1, row: 0, column: 0, xMm: 7.2, yMm: 12.9 });
    expect(pages[0]![1]).toMatchObject({ position: 2, row: 0, column: 1, xMm: 73.2, yMm: 12.9 });
    expect(pages[0]![3]).toMatchObject({ position: 4, row: 1, column: 0, xMm: 7.2, yMm: 46.8 });
    expect(pages[0]![23]).toMatchObject({ position: 24, row: 7, column: 2, xMm: 139.2, yMm: 250.2 });
    expect(pages[1]![0]).toMatchObject({ item: 'p25', page: 1, position: 1, xMm: 7.2, yMm: 12.9 });
  });

  it('2 × 7 and 3 × 7 use their own pitches', () => {
    const two = planLabels(LAYOUTS['a4-2x7'], items(15)).pages;
    expect(two.map((p) => p.length)).toEqual([14, 1]);
    expect(two[0]![1]).toMatchObject({ column: 1, xMm: 106.3, yMm: 15.1 });
    expect(two[0]![13]).toMatchObject({ row: 6, column: 1, xMm: 106.3, yMm: 243.7 });
    const three = planLabels(LAYOUTS['a4-3x7'], items(22)).pages;
    expect(three.map((p) => p.length)).toEqual([21, 1]);
    expect(three[0]![20]).toMatchObject({ position: 21, row: 6, column: 2, xMm: 139.2, yMm: 243.7 });
  });

  it('a half-used sheet: the first label goes to the start place, the next sheet starts at its first', () => {
    const { pages } = planLabels(LAYOUTS['a4-3x8'], items(10), 20);
    expect(pages.map((p) => p.map((l) => l.position))).toEqual([
      [20, 21, 22, 23, 24],
      [1, 2, 3, 4, 5],
    ]);
    expect(pages[0]![0]).toMatchObject({ item: 'p1', row: 6, column: 1, xMm: 73.2, yMm: 216.3 });
    expect(pages[1]![0]).toMatchObject({ item: 'p6', page: 1 });
    // a start beyond the sheet is its last place; below 1 is the first
    expect(planLabels(LAYOUTS['a4-2x7'], items(2), 99).pages[0]![0]!.position).toBe(14);
    expect(planLabels(LAYOUTS['a4-2x7'], items(1), 0).pages[0]![0]!.position).toBe(1);
  });

  it('copies per product, in turn; none for 0 copies', () => {
    const { pages } = planLabels(LAYOUTS['a4-3x7'], [
      { item: 'a', copies: 3 },
      { item: 'b', copies: 0 },
      { item: 'c', copies: 2 },
    ]);
    expect(pages[0]!.map((l) => l.item)).toEqual(['a', 'a', 'a', 'c', 'c']);
  });

  it('a roll is one label a page and ignores the start place', () => {
    const { pages } = planLabels(LAYOUTS['roll-58'], items(3, 2), 5);
    expect(pages).toHaveLength(6);
    for (const page of pages) expect(page).toEqual([expect.objectContaining({ position: 1, xMm: 0, yMm: 0 })]);
    expect(pages.map((p) => p[0]!.item)).toEqual(['p1', 'p1', 'p2', 'p2', 'p3', 'p3']);
  });

  it('stops at MAX_LABELS and says how many were left out', () => {
    const plan = planLabels(LAYOUTS['a4-3x8'], items(60, 100));
    expect(plan.pages.flat()).toHaveLength(MAX_LABELS);
    expect(plan.leftOut).toBe(6000 - MAX_LABELS);
  });
});

describe('barcode choice', () => {
  it.each([
    ['4006381333931', 'EAN13'],
    ['5901234123457', 'EAN13'],
    ['036000291452', 'UPC'],
    ['96385074', 'EAN8'],
    ['04252614', 'UPCE'],
    // 8 digits right both as EAN-8 and as UPC-E: EAN-8
    ['01234565', 'EAN8'],
    // wrong check digits are printed as they are, in Code 128 (never "corrected" into another product's number)
    ['4006381333932', 'CODE128'],
    ['036000291453', 'CODE128'],
    ['12345678', 'CODE128'],
    // other lengths and SKUs
    ['00012345678905', 'CODE128'],
    ['123', 'CODE128'],
    ['SKU-0042/b', 'CODE128'],
    ['', null],
    ['Café', null],
    ['a\tb', null],
  ] as const)('%s → %s', (code, format) => {
    expect(barcodeFormat(code)).toBe(format);
  });

  it('draws each symbology’s modules: EAN-13 and UPC-A 95, EAN-8 67, UPC-E 51, guards longer', () => {
    const ean13 = barcodeOf('4006381333931')!;
    expect(ean13.modules).toHaveLength(95);
    expect(ean13.modules.startsWith('101')).toBe(true);
    expect(ean13.modules.endsWith('101')).toBe(true);
    expect(ean13.guards).toEqual([
      [0, 3],
      [45, 50],
      [92, 95],
    ]);
    expect(barcodeOf('036000291452')!.modules).toHaveLength(95);
    expect(barcodeOf('96385074')!.modules).toHaveLength(67);
    expect(barcodeOf('04252614')!.modules).toHaveLength(51);
    const sku = barcodeOf(' SKU-ABCD ')!;
    expect(sku).toMatchObject({ format: 'CODE128', text: 'SKU-ABCD', guards: [] });
    // Code 128 set B: start, 8 characters, check, stop (11 modules each, stop 13)
    expect(sku.modules).toHaveLength(11 * 10 + 13);
    expect(barcodeOf('')).toBeNull();
    expect(barcodeOf('Ü')).toBeNull();
  });

  it('runs of dark modules become one bar each', () => {
    expect(barRuns('1101000111')).toEqual([
      [0, 2],
      [3, 1],
      [7, 3],
    ]);
    const runs = barRuns(barcodeOf('4006381333931')!.modules);
    // EAN-13: two bars a digit (12 digits) and 2 + 2 + 2 guard bars
    expect(runs).toHaveLength(30);
  });
});
