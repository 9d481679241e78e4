/** Printing's words (#30.4–6): papers, label layouts and kinds of document, for Settings → Printing and the previews. */
import type { LabelLayoutId } from '../../../shared/labels';
import type { PrintDocument, SheetSize } from '../../../shared/print';
import { t } from '../i18n';

/** Labels are printed for at most this many of the filtered products at once. */
export const MAX_LABEL_PRODUCTS = 500;

/** An order sheet's paper. */
export const sheetSizeText = (size: SheetSize): string =>
  size === 'a4' ? t('print.size.a4') : t('print.size.slip', { width: size === 'slip-80' ? 80 : 58 });

/** A label layout: "A4, 3 × 8 labels" or "Label roll, 58 mm". */
export function labelLayoutText(layout: LabelLayoutId): string {
  const sheet = /^a4-(\d)x(\d)$/.exec(layout);
  if (sheet) return t('print.layout.sheet', { columns: Number(sheet[1]), rows: Number(sheet[2]) });
  return t('print.layout.roll', { width: layout === 'roll-58' ? 58 : 62 });
}

export const documentText = (document: PrintDocument): string =>
  document === 'orderSheet'
    ? t('print.document.orderSheet')
    : document === 'labels'
      ? t('print.document.labels')
      : t('print.document.lists');
