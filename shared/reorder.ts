/**
 * The reorder list (#30.4): the products low or out of stock (Stock → "Low or out", the threshold in Settings →
 * Stock), as CSV for a spreadsheet or a supplier: SKU, name, available, physical and price, one product a line, the
 * figures as the service gave them (an unknown stock figure is an empty cell, never 0).
 */
import { csvDocument } from './csv';
import type { ProductRow } from './domain';

export const REORDER_COLUMNS = ['SKU', 'Name', 'Available', 'Physical', 'Price'] as const;

/** At most this many products in one list (a catalogue's "low or out" is rarely near it; the screen says so). */
export const REORDER_MAX_ROWS = 5000;

export function reorderCsv(rows: readonly ProductRow[]): string {
  return csvDocument(
    [...REORDER_COLUMNS],
    rows.map((p) => [p.sku, p.name, p.available, p.physical, p.price]),
  );
}

/** The file's name: shopdesk-reorder-2026-11-26.csv (the day given, this computer's). */
export const reorderFilename = (isoDay: string): string => `shopdesk-reorder-${isoDay}.csv`;
