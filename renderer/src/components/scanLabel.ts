/**
 * What a scanned code means before the catalogue is asked (#29.5): a GS1 element string (GS1-128, GS1 DataMatrix, or
 * its bracketed human form) is looked up by its GTIN, and what else it says (lot, expiry, serial, net weight, price)
 * goes on the order line; any other code is looked up as it is.
 */
import type { LineLabel } from '../../../shared/domain';
import { looksGs1, parseGs1 } from '../../../shared/gs1';
import { cleanScan, DEFAULT_SCANNER, type ScannerPrefs } from '../../../shared/scanner-prefs';

export interface ScanMeaning {
  /** The code as read, without the scanner's prefix, suffix and symbology identifier (Settings → Scanner). */
  code: string;
  /** The code to look the product up by. */
  lookup: string;
  /** What the label says beside its product; null for a plain code. */
  label: LineLabel | null;
}

export function readScan(scanned: string, scanner: ScannerPrefs = DEFAULT_SCANNER, now = new Date()): ScanMeaning {
  const code = cleanScan(scanned, scanner);
  if (!looksGs1(code)) return { code, lookup: code, label: null };
  const read = parseGs1(code, now);
  if (!read.ok || read.data.gtin === null) return { code, lookup: code, label: null };
  const { gtin, lot, expiry, serial, weightKg, price } = read.data;
  const label: LineLabel = { code };
  if (lot !== null) label.lot = lot;
  if (expiry !== null) label.expiry = expiry;
  if (serial !== null) label.serial = serial;
  if (weightKg !== null) label.weightKg = weightKg;
  if (price !== null) label.price = price;
  return { code, lookup: gtin, label };
}
