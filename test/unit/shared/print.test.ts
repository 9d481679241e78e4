import { describe, expect, it } from 'vitest';
import { LABEL_LAYOUTS } from '../../../shared/labels';
import { labelPaper, pageCss, pageFor, PageSpec, ROLL_MIN_MM, SHEET_PAPER } from '../../../shared/print';

describe('pages for printing', () => {
  it('A4 keeps its height whatever the content', () => {
    expect(pageFor(SHEET_PAPER.a4, 5000)).toEqual({
      widthMm: 210,
      heightMm: 297,
      marginsMm: { top: 14, right: 14, bottom: 16, left: 14 },
    });
  });

  it('a till roll is cut just after the content, in whole mm, never shorter than ROLL_MIN_MM', () => {
    // 377.95 CSS px = 100 mm of content, + 3 + 8 margins + 1 to spare
    expect(pageFor(SHEET_PAPER['slip-80'], 377.95)).toMatchObject({ widthMm: 80, heightMm: 112 });
    expect(pageFor(SHEET_PAPER['slip-58'], 377.95)).toMatchObject({ widthMm: 58, heightMm: 112 });
    expect(pageFor(SHEET_PAPER['slip-80'], 10).heightMm).toBe(ROLL_MIN_MM);
    // every page fits the contract's schema (the desktop shell receives it)
    expect(PageSpec.safeParse(pageFor(SHEET_PAPER['slip-58'], 1_000_000)).success).toBe(true);
  });

  it('till rolls print within the printable width of their printers (72 and 48 mm)', () => {
    const printable = (size: 'slip-80' | 'slip-58') =>
      SHEET_PAPER[size].widthMm - SHEET_PAPER[size].marginsMm.left - SHEET_PAPER[size].marginsMm.right;
    expect(printable('slip-80')).toBe(72);
    expect(printable('slip-58')).toBe(48);
  });

  it('label papers are the layout’s page without margins', () => {
    for (const id of LABEL_LAYOUTS) expect(labelPaper(id).marginsMm).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
    expect(labelPaper('a4-2x7')).toMatchObject({ widthMm: 210, heightMm: 297 });
    expect(labelPaper('roll-62')).toMatchObject({ widthMm: 62, heightMm: 40 });
  });

  it('the @page rule carries the size and margins', () => {
    expect(pageCss(pageFor(SHEET_PAPER['slip-80'], 377.95))).toBe(
      '@page { size: 80mm 112mm; margin: 3mm 4mm 8mm 4mm; }',
    );
    expect(pageCss(pageFor(labelPaper('a4-3x8'), 0))).toBe('@page { size: 210mm 297mm; margin: 0mm 0mm 0mm 0mm; }');
  });
});
