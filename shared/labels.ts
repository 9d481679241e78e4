/**
 * Shelf labels (#30.5): the sheets and rolls they go on and where each label sits (shared/barcodes.ts draws each
 * product's code). Pure: no DOM, no words (the renderer words the layouts and draws the labels from these positions).
 *
 * Sheets are A4 (210 × 297 mm) with the label sizes and pitches of the common stationery (3 × 8 of 63.5 × 33.9 mm,
 * 3 × 7 of 63.5 × 38.1 mm, 2 × 7 of 99.1 × 38.1 mm); rolls are one label a page, as label printers feed them.
 */
export const LABEL_LAYOUTS = ['a4-3x8', 'a4-3x7', 'a4-2x7', 'roll-58', 'roll-62'] as const;
export type LabelLayoutId = (typeof LABEL_LAYOUTS)[number];

export interface LabelLayout {
  id: LabelLayoutId;
  kind: 'sheet' | 'roll';
  /** The page (a sheet, or one label of a roll), mm. */
  page: { widthMm: number; heightMm: number };
  columns: number;
  rows: number;
  /** One label, mm. */
  label: { widthMm: number; heightMm: number };
  /** The first label's top left corner on the page, mm. */
  originMm: { x: number; y: number };
  /** From one label's corner to the next one's, mm. */
  pitchMm: { x: number; y: number };
}

const sheet = (
  id: LabelLayoutId,
  columns: number,
  rows: number,
  label: [number, number],
  origin: [number, number],
  pitch: [number, number],
): LabelLayout => ({
  id,
  kind: 'sheet',
  page: { widthMm: 210, heightMm: 297 },
  columns,
  rows,
  label: { widthMm: label[0], heightMm: label[1] },
  originMm: { x: origin[0], y: origin[1] },
  pitchMm: { x: pitch[0], y: pitch[1] },
});

const roll = (id: LabelLayoutId, widthMm: number, heightMm: number): LabelLayout => ({
  id,
  kind: 'roll',
  page: { widthMm, heightMm },
  columns: 1,
  rows: 1,
  label: { widthMm, heightMm },
  originMm: { x: 0, y: 0 },
  pitchMm: { x: widthMm, y: heightMm },
});

export const LAYOUTS: Record<LabelLayoutId, LabelLayout> = {
  'a4-3x8': sheet('a4-3x8', 3, 8, [63.5, 33.9], [7.2, 12.9], [66.0, 33.9]),
  'a4-3x7': sheet('a4-3x7', 3, 7, [63.5, 38.1], [7.2, 15.1], [66.0, 38.1]),
  'a4-2x7': sheet('a4-2x7', 2, 7, [99.1, 38.1], [4.7, 15.1], [101.6, 38.1]),
  'roll-58': roll('roll-58', 58, 40),
  'roll-62': roll('roll-62', 62, 40),
};

/** Labels on one sheet (or 1 for a roll). */
export const perPage = (layout: LabelLayout): number => layout.columns * layout.rows;

/** At most this many labels in one print (copies included): about 210 sheets of 24. */
export const MAX_LABELS = 5000;
export const MAX_COPIES = 100;

export interface PlacedLabel<T> {
  item: T;
  /** Which page (0-based), and which place on it: 1-based, row by row as the sheet is numbered. */
  page: number;
  position: number;
  row: number;
  column: number;
  /** The label's top left corner on its page, mm. */
  xMm: number;
  yMm: number;
}

export interface LabelPlan<T> {
  pages: PlacedLabel<T>[][];
  /** Labels asked for beyond MAX_LABELS, left out. */
  leftOut: number;
}

/**
 * Where each label goes: every item `copies` times in turn, from place `start` (1-based) of the first sheet — the
 * places before it are used already on a half-used sheet — then the next sheets from their first place. A roll has
 * no used places: `start` is ignored there.
 */
export function planLabels<T>(
  layout: LabelLayout,
  items: readonly { item: T; copies: number }[],
  start = 1,
): LabelPlan<T> {
  const slots = perPage(layout);
  const first = layout.kind === 'roll' ? 0 : Math.min(Math.max(1, Math.floor(start)), slots) - 1;
  const pages: PlacedLabel<T>[][] = [];
  let index = first;
  let wanted = 0;
  for (const { item, copies } of items) {
    const n = Math.min(Math.max(0, Math.floor(copies)), MAX_COPIES);
    wanted += n;
    for (let c = 0; c < n && index - first < MAX_LABELS; c++, index++) {
      const page = Math.floor(index / slots);
      const place = index % slots;
      const row = Math.floor(place / layout.columns);
      const column = place % layout.columns;
      (pages[page] ??= []).push({
        item,
        page,
        position: place + 1,
        row,
        column,
        xMm: round(layout.originMm.x + column * layout.pitchMm.x),
        yMm: round(layout.originMm.y + row * layout.pitchMm.y),
      });
    }
  }
  return { pages, leftOut: Math.max(0, wanted - (index - first)) };
}

const round = (mm: number): number => Math.round(mm * 100) / 100;
