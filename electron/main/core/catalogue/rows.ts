/**
 * A stored product as the screens get it: a row of the stock table (its flags from their bit mask), or its detail,
 * whose fields are read again from the raw record kept whole (so the write path stays lean).
 */
import { FLAG_NAMES, type ProductDetail, type ProductRow } from '../../../../shared/domain';
import { parseProduct, type ParsedProduct } from './api';

/** A products row as SQLite gives it. */
export type StoredRow = Record<string, unknown>;

export function toRow(row: StoredRow): ProductRow {
  const mask = row.flags as number;
  return {
    id: row.id as number,
    sku: row.sku as string,
    name: row.name as string,
    barcode: row.barcode as string,
    status: row.status as string,
    available: row.available as number | null,
    physical: row.physical as number | null,
    price: row.price as string | null,
    flags: FLAG_NAMES.filter((_, i) => (mask & (1 << i)) !== 0),
    listed: row.listed === 1,
    fetchedAt: row.fetched_at as number,
  };
}

export function toDetail(row: StoredRow): ProductDetail {
  let parsed: ParsedProduct | null = null;
  try {
    const result = parseProduct(JSON.parse(row.raw as string));
    if (result.ok) parsed = result.product;
  } catch {
    parsed = null;
  }
  const empty = { value: null, text: '' };
  return {
    ...toRow(row),
    packageContent: parsed?.packageContent ?? '',
    weight: parsed?.weight ?? null,
    weightUnit: parsed?.weightUnit ?? '',
    length: parsed?.length ?? null,
    width: parsed?.width ?? null,
    height: parsed?.height ?? null,
    sizeUnit: parsed?.sizeUnit ?? '',
    tariffCode: parsed?.tariffCode ?? '',
    packagingType: parsed?.packagingType ?? '',
    flagValues: FLAG_NAMES.map((name) => ({ name, ...(parsed?.flags[name] ?? empty) })),
    extra: parsed?.extra ?? {},
  };
}
