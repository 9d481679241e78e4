/**
 * Barcodes on shelf labels (#30.5): which symbology a product's code is printed in, and its bars as modules, drawn by
 * the renderer as SVG rectangles (sharp at any size). The encoding is jsbarcode's (its object renderer: no DOM).
 */
import JsBarcode from 'jsbarcode';
import { gs1CheckDigit, upcEToUpcA } from './gtin';

/** GS1_128: Code 128 that starts with FNC1, carrying a GS1 element string (a scanner check's test sheet, #29.2). */
export type BarcodeFormat = 'EAN13' | 'EAN8' | 'UPC' | 'UPCE' | 'CODE128' | 'GS1_128';

const validCheck = (digits: string): boolean =>
  gs1CheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);

/**
 * Which symbology a code is printed in: EAN-13, EAN-8 or UPC-A (12 digits) when its digits and check digit make one,
 * UPC-E for 8 digits that are one (and not an EAN-8), Code 128 for any other code of printable ASCII (a SKU, a
 * GTIN-14, a code whose check digit is wrong — printed as it is, never "corrected"); null for none (empty, or
 * characters Code 128 cannot carry).
 */
export function barcodeFormat(code: string): BarcodeFormat | null {
  if (code === '') return null;
  if (/^\d{13}$/.test(code) && validCheck(code)) return 'EAN13';
  if (/^\d{12}$/.test(code) && validCheck(code)) return 'UPC';
  if (/^\d{8}$/.test(code)) {
    if (validCheck(code)) return 'EAN8';
    const upcA = upcEToUpcA(code);
    if (upcA !== null && validCheck(upcA)) return 'UPCE';
  }
  // Code 128 carries ASCII 0–127; a label's code has no control characters
  return /^[\x20-\x7e]{1,80}$/.test(code) ? 'CODE128' : null;
}

export interface Barcode {
  format: BarcodeFormat;
  /** The bars: '1' a dark module, '0' a light one, left to right (quiet zones not included). */
  modules: string;
  /** Modules that reach below the others (EAN/UPC guard bars), as [from, to) ranges. */
  guards: [number, number][];
  /** The human-readable line printed under the bars. */
  text: string;
}

/**
 * The bars of a code in the symbology barcodeFormat picks for it (or in Code 128, for a document's number such as a
 * PO number; or in GS1-128, for a GS1 element string with its fixed-length fields first and at most one variable one,
 * last, so no GS is needed inside), or null when it cannot be printed.
 */
export function barcodeOf(code: string, only?: 'CODE128' | 'GS1_128'): Barcode | null {
  const value = code.trim();
  const chosen = barcodeFormat(value);
  const format = chosen && only ? only : chosen;
  if (!format) return null;
  const target: { encodings?: { data: string; text?: string; options?: { height?: number } }[] } = {};
  try {
    JsBarcode(target, value, {
      format: format === 'GS1_128' ? 'CODE128' : format,
      ean128: format === 'GS1_128',
      flat: false,
      displayValue: false,
    });
  } catch {
    return null;
  }
  const encodings = target.encodings ?? [];
  const code128 = format === 'CODE128' || format === 'GS1_128';
  let modules = '';
  const guards: [number, number][] = [];
  // EAN/UPC come in parts: the guard bars are the parts without their own text, drawn longer
  const tall = Math.max(...encodings.map((e) => e.options?.height ?? 0));
  for (const part of encodings) {
    if (!code128 && part.data.length > 0 && (part.options?.height ?? 0) === tall && tall > 0)
      guards.push([modules.length, modules.length + part.data.length]);
    modules += part.data;
  }
  return { format, modules, guards: code128 ? [] : mergeGuards(guards), text: value };
}

function mergeGuards(guards: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [from, to] of guards) {
    const last = merged[merged.length - 1];
    if (last && last[1] === from) last[1] = to;
    else merged.push([from, to]);
  }
  return merged;
}

/** The dark bars as runs: [first module, width in modules], for drawing one rectangle per bar. */
export function barRuns(modules: string): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] !== '1') continue;
    let j = i;
    while (modules[j + 1] === '1') j++;
    runs.push([i, j - i + 1]);
    i = j;
  }
  return runs;
}
