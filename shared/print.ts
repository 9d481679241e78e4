/**
 * Printing (#30.6): the documents Shopdesk prints, the paper each goes on, and what this computer chose for them in
 * Settings → Printing (the order sheet's size and each kind of document's printer). A page is given by its size and
 * margins in millimetres; the renderer sets them as CSS `@page` (the browser host prints at that size through the
 * browser) and the desktop app hands the same figures to `webContents.print` with the chosen printer (Chromium's
 * silent printing ignores the paper size unless it is given: electron/electron#9780).
 */
import { z } from 'zod';
import { LABEL_LAYOUTS, LAYOUTS, type LabelLayoutId } from './labels';

/** Kinds of document, each with its own printer per computer. */
export const PRINT_DOCUMENTS = ['orderSheet', 'labels', 'lists'] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];

/** The order sheet's paper: A4 (fits US Letter too) or a till printer's roll. */
export const SHEET_SIZES = ['a4', 'slip-80', 'slip-58'] as const;
export type SheetSize = (typeof SHEET_SIZES)[number];

export const Margins = z
  .object({
    top: z.number().min(0).max(50),
    right: z.number().min(0).max(50),
    bottom: z.number().min(0).max(50),
    left: z.number().min(0).max(50),
  })
  .strict();
export type Margins = z.infer<typeof Margins>;

/** A page: its size and margins in mm. */
export const PageSpec = z
  .object({
    widthMm: z.number().min(20).max(1000),
    heightMm: z.number().min(20).max(5000),
    marginsMm: Margins,
  })
  .strict();
export type PageSpec = z.infer<typeof PageSpec>;

/** A paper: a page of fixed height, or a roll cut after the content (`heightMm` null). */
export interface Paper {
  widthMm: number;
  heightMm: number | null;
  marginsMm: Margins;
}

const margins = (top: number, right: number, bottom: number, left: number): Margins => ({ top, right, bottom, left });

/** 80 mm till printers print 72 mm wide, 58 mm ones 48 mm: the rest is margin. */
export const SHEET_PAPER: Record<SheetSize, Paper> = {
  a4: { widthMm: 210, heightMm: 297, marginsMm: margins(14, 14, 16, 14) },
  'slip-80': { widthMm: 80, heightMm: null, marginsMm: margins(3, 4, 8, 4) },
  'slip-58': { widthMm: 58, heightMm: null, marginsMm: margins(3, 5, 8, 5) },
};

/** A list (the reorder list): A4, several pages. */
export const LIST_PAPER: Paper = { widthMm: 210, heightMm: 297, marginsMm: margins(12, 12, 14, 12) };

/** Label sheets and rolls carry their labels edge to edge: the layout's own offsets place them. */
export function labelPaper(layout: LabelLayoutId): Paper {
  const { page } = LAYOUTS[layout];
  return { widthMm: page.widthMm, heightMm: page.heightMm, marginsMm: margins(0, 0, 0, 0) };
}

/** The shortest and longest slip a roll is cut to. */
export const ROLL_MIN_MM = 40;
export const ROLL_MAX_MM = 3000;

const MM_PER_CSS_PX = 25.4 / 96;

/**
 * The page a paper gives for content of a measured height (CSS px, as laid out at the paper's width): a roll is cut
 * just after the content (whole millimetres, at least ROLL_MIN_MM); a fixed page keeps its height.
 */
export function pageFor(paper: Paper, contentHeightPx: number): PageSpec {
  const { widthMm, marginsMm } = paper;
  if (paper.heightMm !== null) return { widthMm, heightMm: paper.heightMm, marginsMm };
  const content = Math.max(0, contentHeightPx) * MM_PER_CSS_PX;
  const heightMm = Math.min(
    ROLL_MAX_MM,
    Math.max(ROLL_MIN_MM, Math.ceil(content + marginsMm.top + marginsMm.bottom + 1)),
  );
  return { widthMm, heightMm, marginsMm };
}

const mm = (value: number): string => `${Math.round(value * 100) / 100}mm`;

/** The `@page` rule that makes the browser lay the page out at this size (the browser host prints with it). */
export function pageCss(page: PageSpec): string {
  const m = page.marginsMm;
  return `@page { size: ${mm(page.widthMm)} ${mm(page.heightMm)}; margin: ${mm(m.top)} ${mm(m.right)} ${mm(m.bottom)} ${mm(m.left)}; }`;
}

const Printer = z.string().trim().max(300).nullable();

/** Settings → Printing, per computer: the order sheet's paper, the label layout last used, a printer per document. */
export const PrintPrefs = z.object({
  orderSheet: z.enum(SHEET_SIZES),
  labels: z.enum(LABEL_LAYOUTS),
  /** A printer's system name per kind of document; null: the system's default printer. */
  printers: z.object({ orderSheet: Printer, labels: Printer, lists: Printer }),
});
export type PrintPrefs = z.infer<typeof PrintPrefs>;

/** The printers this computer has (the desktop app; the browser host has none to list: `available` false). */
export const PrinterList = z.object({
  available: z.boolean(),
  printers: z
    .array(z.object({ name: z.string().max(300), displayName: z.string().max(300), isDefault: z.boolean() }))
    .max(200),
});
export type PrinterList = z.infer<typeof PrinterList>;

/** Print what the window shows for printing now, on this page, to this printer (null: the system's default). */
export const PrintRequest = z
  .object({
    document: z.enum(PRINT_DOCUMENTS),
    printer: Printer,
    page: PageSpec,
    copies: z.number().int().min(1).max(100),
  })
  .strict();
export type PrintRequest = z.infer<typeof PrintRequest>;

/**
 * printed: handed to the printer; failed: the system said no (`reason` as the system gave it, for the log and for
 * staff); unavailable: this host cannot print by itself (the browser host: the page prints through the browser).
 */
export const PrintOutcome = z.object({
  outcome: z.enum(['printed', 'failed', 'unavailable']),
  reason: z.string().max(500).nullable(),
});
export type PrintOutcome = z.infer<typeof PrintOutcome>;
