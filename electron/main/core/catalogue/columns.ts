/**
 * The catalogue's write path as data: what is kept of a product (a flat tuple, cheap to hand to the writer thread), and
 * one list of the products table's columns that generates the insert, the upsert and the order of their arguments.
 */
import { FLAG_NAMES, type FlagName } from '../../../../shared/domain';
import { toCents } from '../../../../shared/money';
import type { ParsedProduct } from './api';
import { UNKNOWN_KEY } from './schema';

/**
 * What the cache stores of a product, as a flat tuple: cheap to hand to the writer thread (structured clone of
 * primitives) and all the write path needs. The detail fields are read again from `raw` when a product is opened.
 */
export type WriteRow = [
  id: number,
  sku: string,
  name: string,
  barcode: string,
  status: string,
  available: number | null,
  physical: number | null,
  price: string | null,
  contents: string,
  flags: number,
  raw: string,
];

export interface PageRows {
  page: number;
  rows: WriteRow[];
  /** What identifies this version of the page (sent back as a conditional request next pass). */
  etag?: string | null;
  lastModified?: string | null;
}

/** How a write changed the row counts (the writer thread reports it; the reading side adds it to its own). */
export interface WriteDelta {
  rows: number;
  listed: number;
}

/** Where and when a row was read: the page of a pass (null for a product read on its own), the pass, the time. */
export interface WriteContext {
  page: number | null;
  pass: number;
  fetchedAt: number;
}

interface Column {
  name: string;
  value: (row: WriteRow, at: WriteContext) => unknown;
  /** What an update of an existing row sets (default: the new value). */
  onConflict?: string;
}

/** Every column of the products table, in the order the statements name them and take their arguments. */
const COLUMNS: readonly Column[] = [
  { name: 'id', value: (r) => r[0] },
  { name: 'sku', value: (r) => r[1] },
  { name: 'name', value: (r) => r[2] },
  { name: 'name_key', value: (r) => r[2].toLowerCase() },
  { name: 'barcode', value: (r) => r[3] },
  { name: 'status', value: (r) => r[4] },
  { name: 'available', value: (r) => r[5] },
  { name: 'physical', value: (r) => r[6] },
  { name: 'price', value: (r) => r[7] },
  { name: 'available_key', value: (r) => r[5] ?? UNKNOWN_KEY },
  { name: 'physical_key', value: (r) => r[6] ?? UNKNOWN_KEY },
  { name: 'price_key', value: (r) => toCents(r[7]) ?? UNKNOWN_KEY },
  { name: 'flags', value: (r) => r[9] },
  { name: 'raw', value: (r) => r[10] },
  // a product read on its own keeps the page and pass it was last listed in
  { name: 'page', value: (_, at) => at.page, onConflict: 'coalesce(excluded.page, products.page)' },
  { name: 'seen_pass', value: (_, at) => at.pass, onConflict: 'max(excluded.seen_pass, products.seen_pass)' },
  { name: 'listed', value: () => 1 },
  { name: 'fetched_at', value: (_, at) => at.fetchedAt },
];

/** A plain insert (a first download into an empty cache: every row is new). */
export const INSERT_PRODUCT = `INSERT INTO products (${COLUMNS.map((c) => c.name).join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;

/** Insert or update by id. */
export const UPSERT_PRODUCT = `${INSERT_PRODUCT} ON CONFLICT(id) DO UPDATE SET ${COLUMNS.filter((c) => c.name !== 'id')
  .map((c) => `${c.name} = ${c.onConflict ?? `excluded.${c.name}`}`)
  .join(', ')}`;

/** The arguments of INSERT_PRODUCT and UPSERT_PRODUCT for one row. */
export function productArgs(row: WriteRow, at: WriteContext): unknown[] {
  return COLUMNS.map((c) => c.value(row, at));
}

export const flagMask = (flags: Iterable<FlagName>): number => {
  let mask = 0;
  for (const f of flags) mask |= 1 << FLAG_NAMES.indexOf(f);
  return mask;
};

export function toWriteRow(p: ParsedProduct): WriteRow {
  const flags = flagMask(FLAG_NAMES.filter((f) => p.flags[f].value === true));
  return [p.id, p.sku, p.name, p.barcode, p.status, p.available, p.physical, p.price, p.packageContent, flags, p.raw];
}
