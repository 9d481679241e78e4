import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../../shared/domain';
import { REORDER_COLUMNS, reorderCsv, reorderFilename } from '../../../shared/reorder';
import { parseCsv } from '../../support/csv-parse';

const row = (patch: Partial<ProductRow>): ProductRow => ({
  id: 1,
  sku: 'SKU-1',
  name: 'Thing',
  barcode: '',
  status: 'Available',
  available: 2,
  physical: 3,
  price: '4.50',
  flags: [],
  listed: true,
  fetchedAt: 0,
  ...patch,
});

describe('the reorder list as CSV (#30.4)', () => {
  it('reads back as SKU, name, available, physical and price, one product a line', () => {
    const csv = reorderCsv([
      row({}),
      row({ id: 2, sku: '-7', name: 'Tape, "wide", 50 m', available: 0, physical: null, price: '12.00' }),
      row({ id: 3, sku: 'X\nY', name: 'Über', available: -2, physical: 0, price: null }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      [...REORDER_COLUMNS],
      ['SKU-1', 'Thing', '2', '3', '4.50'],
      // a cell a spreadsheet would run as a formula is neutralised; numbers stay numbers; unknown is empty
      ["'-7", 'Tape, "wide", 50 m', '0', '', '12.00'],
      ['X\nY', 'Über', '-2', '0', ''],
    ]);
    expect(reorderFilename('2026-11-26')).toBe('shopdesk-reorder-2026-11-26.csv');
  });
});
