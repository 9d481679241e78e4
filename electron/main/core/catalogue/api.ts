/**
 * Tolerant reading of products and product pages: strings or numbers, the spec's misspelt names, placeholder
 * flags, unknown fields kept. A record without a usable id is skipped and counted, never a crash.
 */
import { FLAG_NAMES, type FlagName, type SkipReason } from '../../../../shared/domain';
import { toMoney } from '../../../../shared/money';
import { readSignals, type PageSignals } from '../http/pager';
import { MAX_TEXT, measure, rawId, stock, text, toCount, type SkippedReject } from '../http/fields';

export interface ParsedProduct {
  id: number;
  sku: string;
  name: string;
  barcode: string;
  status: string;
  available: number | null;
  physical: number | null;
  price: string | null;
  packageContent: string;
  weight: string | null;
  weightUnit: string;
  length: string | null;
  width: string | null;
  height: string | null;
  sizeUnit: string;
  tariffCode: string;
  packagingType: string;
  flags: Record<FlagName, { value: boolean | null; text: string }>;
  extra: Record<string, string>;
  /** The record as received, for the cache. */
  raw: string;
}

const KNOWN = new Set([
  'id',
  'sku',
  'name',
  'bar_code',
  'barcode',
  'status',
  'physical_stock',
  'available_stock',
  'available_stocks',
  'price',
  'package_content',
  'weight',
  'weight_unit',
  'length',
  'lenght',
  'width',
  'height',
  'size_unit',
  'tariff_code',
  'packaging_type',
  ...FLAG_NAMES.map((f) => `flag_${f}`),
]);

const FLAG_KEYS = FLAG_NAMES.map((name) => [name, `flag_${name}`] as const);

const YES = new Set(['1', 'y', 'yes', 'true', 'x', 'ja', 'oui', 'on']);
const NO = new Set(['0', 'n', 'no', 'false', '', 'nee', 'non', 'off', '-', 'none', 'null']);

/** Flags take a handful of spellings across a whole catalogue: each is read once (the cache stays small). */
const FLAG_READS = new Map<string, { value: boolean | null; text: string }>();

export function flag(value: unknown): { value: boolean | null; text: string } {
  if (typeof value === 'boolean') return { value, text: String(value) };
  if (value === null || value === undefined) return { value: false, text: '' };
  const cached = typeof value === 'string' ? FLAG_READS.get(value) : undefined;
  if (cached) return { ...cached };
  const t = text(value);
  const key = t.toLowerCase();
  const read = { value: YES.has(key) ? true : NO.has(key) ? false : null, text: t };
  if (typeof value === 'string' && value.length <= 32 && FLAG_READS.size < 256) FLAG_READS.set(value, read);
  return { ...read };
}

export type ProductParse = { ok: true; product: ParsedProduct } | { ok: false; reason: string; code: SkipReason };

export function parseProduct(input: unknown): ProductParse {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return { ok: false, reason: 'not an object', code: 'not_an_object' };
  const r = input as Record<string, unknown>;
  const id = toCount(r.id);
  if (id === null || id === 0) return { ok: false, reason: 'no usable id', code: 'no_usable_id' };
  const flags = {} as ParsedProduct['flags'];
  for (const [name, key] of FLAG_KEYS) flags[name] = flag(r[key]);
  const extra: Record<string, string> = {};
  for (const key of Object.keys(r)) {
    if (KNOWN.has(key) || key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const value = r[key];
    Object.defineProperty(extra, key.slice(0, 100), {
      value: typeof value === 'string' ? value.slice(0, MAX_TEXT) : (JSON.stringify(value)?.slice(0, MAX_TEXT) ?? ''),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return {
    ok: true,
    product: {
      id,
      sku: text(r.sku),
      name: text(r.name),
      barcode: text(r.bar_code ?? r.barcode).replace(/\s+/g, ''),
      status: text(r.status),
      available: stock(r.available_stock ?? r.available_stocks),
      physical: stock(r.physical_stock),
      price: toMoney(r.price),
      packageContent: text(r.package_content),
      weight: measure(r.weight),
      weightUnit: text(r.weight_unit),
      length: measure(r.length ?? r.lenght),
      width: measure(r.width),
      height: measure(r.height),
      sizeUnit: text(r.size_unit),
      tariffCode: text(r.tariff_code),
      packagingType: text(r.packaging_type),
      flags,
      extra,
      raw: JSON.stringify(input),
    },
  };
}

export interface ParsedPage {
  products: ParsedProduct[];
  skipped: number;
  rejects: SkippedReject[];
  currentPage: number | null;
  lastPage: number | null;
  total: number | null;
  perPage: number | null;
  /** What the page says of the pages after it (api/pager.ts). */
  signals: PageSignals;
}

/**
 * A product list page: a Laravel paginator (full or simple; `meta` and `links`, or their fields beside `data`),
 * `{data}` without meta, or a bare array. Data may be missing or odd, meta may be missing.
 */
export function parseProductPage(body: unknown): ParsedPage | null {
  let list: unknown[];
  let meta: Record<string, unknown> = {};
  if (Array.isArray(body)) list = body;
  else if (body !== null && typeof body === 'object') {
    const page = body as { data?: unknown; meta?: unknown };
    if (!Array.isArray(page.data)) return null;
    list = page.data;
    meta =
      page.meta && typeof page.meta === 'object' && !Array.isArray(page.meta)
        ? (page.meta as Record<string, unknown>)
        : (body as Record<string, unknown>);
  } else return null;
  const products: ParsedProduct[] = [];
  const rejects: SkippedReject[] = [];
  for (const record of list) {
    const parsed = parseProduct(record);
    if (parsed.ok) products.push(parsed.product);
    else rejects.push({ id: rawId(record), reason: parsed.code });
  }
  const signals = readSignals(body, list);
  return {
    products,
    skipped: rejects.length,
    rejects,
    currentPage: toCount(meta.current_page),
    lastPage: signals.lastPage,
    total: toCount(meta.total),
    perPage: signals.perPage,
    signals,
  };
}
