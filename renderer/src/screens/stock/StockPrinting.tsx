/**
 * Printing from Stock (#30.4, #30.5): shelf labels for the filtered products, the list itself on A4 (the reorder list
 * when the filter is "Low or out"), and the same list as CSV. The list is read a window at a time through the
 * catalogue query the screen shows, with Settings → Stock's low-stock threshold.
 */
import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconFileTypeCsv, IconPrinter, IconTags } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { CatalogueQueryRequest } from '../../../../shared/contract';
import type { ProductRow } from '../../../../shared/domain';
import { LIST_PAPER } from '../../../../shared/print';
import { REORDER_MAX_ROWS, reorderCsv, reorderFilename } from '../../../../shared/reorder';
import { CSV_TYPE, saveFile } from '../../components/saveFile';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { PrintPreview } from '../../print/PrintPreview';
import { filteredProducts, ReorderListDocument } from '../../print/ReorderList';
import { ShelfLabelsPreview } from '../../print/ShelfLabels';
import { MAX_LABEL_PRODUCTS } from '../../print/words';
import { useStore } from '../../store';

type ListQuery = Omit<CatalogueQueryRequest, 'offset' | 'limit'>;

export function useStockPrinting(query: ListQuery) {
  /** What is being printed from the list: its products read for labels, or the list itself. */
  const [printing, setPrinting] = useState<{
    what: 'labels' | 'list';
    rows: ProductRow[];
    total: number;
    at: number;
  } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const open = async (what: 'labels' | 'list'): Promise<void> => {
    setNote(null);
    try {
      const { rows, total } = await filteredProducts(query, what === 'labels' ? MAX_LABEL_PRODUCTS : REORDER_MAX_ROWS);
      setPrinting({ what, rows, total, at: Date.now() });
    } catch (e) {
      setNote(errorText(e, 'stock.lookupFailed'));
    }
  };
  const exportCsv = async (): Promise<void> => {
    setNote(null);
    try {
      const { rows, total } = await filteredProducts(query, REORDER_MAX_ROWS);
      saveFile(reorderCsv(rows), reorderFilename(dayjs().format('YYYY-MM-DD')), CSV_TYPE);
      setNote(t('reorder.exported', { rows: rows.length, total }));
    } catch (e) {
      setNote(errorText(e, 'stock.lookupFailed'));
    }
  };
  // "Low or out" prints as the reorder list
  const lowOrOut = query.stock === 'low-or-out';
  return { printing, close: () => setPrinting(null), open, exportCsv, note, lowOrOut };
}

export type StockPrinting = ReturnType<typeof useStockPrinting>;

/**
 * The screen's buttons: labels, the list on paper, the list as CSV. One compact group of three icon buttons, each named
 * (and its tip saying) what it does, so they stay on the title's line at 1024 px wide in every language (#30.4): three
 * worded buttons wrapped onto a second line there and cost the list a row.
 */
export function StockPrintActions({ printing }: { printing: StockPrinting }) {
  const actions = [
    { name: t('labels.print'), icon: IconTags, run: () => void printing.open('labels') },
    { name: t('reorder.print'), icon: IconPrinter, run: () => void printing.open('list') },
    { name: t('reorder.export'), icon: IconFileTypeCsv, run: () => void printing.exportCsv() },
  ];
  return (
    <ActionIcon.Group>
      {actions.map(({ name, icon: Icon, run }) => (
        <Tooltip key={name} label={name}>
          <ActionIcon variant="default" size={30} aria-label={name} onClick={run}>
            <Icon size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </ActionIcon.Group>
  );
}

/** How an export went (or why a list could not be read). */
export function StockPrintNote({ printing }: { printing: StockPrinting }) {
  if (!printing.note) return null;
  return (
    <Text size="sm" role="status" data-testid="list-note">
      {printing.note}
    </Text>
  );
}

/** The previews: labels, or the list. */
export function StockPrintPreviews({ printing }: { printing: StockPrinting }) {
  const { lowOrOut } = printing;
  const shopName = useStore((s) => s.shop.name);
  const lowStock = useStore((s) => s.ui.lowStock);
  const open = printing.printing;
  if (!open) return null;
  if (open.what === 'labels')
    return <ShelfLabelsPreview onClose={printing.close} products={open.rows} total={open.total} />;
  return (
    <PrintPreview
      opened
      onClose={printing.close}
      title={lowOrOut ? t('reorder.title') : t('reorder.stockList')}
      document="lists"
      paper={LIST_PAPER}
    >
      <ReorderListDocument
        rows={open.rows}
        total={open.total}
        shopName={shopName}
        lowStock={lowStock}
        lowOrOut={lowOrOut}
        printed={open.at}
      />
    </PrintPreview>
  );
}
