/**
 * Settings → Scanner's check (#29.2): what one scan sent, read from its keys as they came — the characters (as this
 * computer's layout typed them and as the scanner meant them), the key that ended it, the pauses between keys, the
 * layout verdict, the symbology and the check digit — and from that the settings to keep: the end key, the scanner's
 * keyboard layout, a prefix or suffix around the code, a symbology identifier to take off, and the scanner's pace.
 * Pure: fed recorded keys.
 *
 * The layout: the keys are read through each layout a scanner may be set to (keyboardLayouts.ts), and one that reads
 * them better than the one set is proposed — one that gives a code of the test sheet (whose Code 128 has the letters
 * layouts move), else a code whose check digit is right, else one without characters no scanner's code holds (`ß`,
 * `é`). Among layouts that read them equally well: US (most scanners' own), else the one named layout that does, else
 * "same as this computer".
 */
import { gs1CheckDigit, gtinVerdict } from '../../../../shared/gtin';
import { looksGs1, parseGs1 } from '../../../../shared/gs1';
import {
  aimOf,
  cleanScan,
  isAffix,
  PACE_LIMITS,
  SCANNER_LAYOUTS,
  type ScannerLayout,
  type ScannerPrefs,
} from '../../../../shared/scanner-prefs';
import { GS, readKeys } from '../../components/keyboardLayouts';

export interface CheckKey {
  key: string;
  code: string;
  shift: boolean;
  /** KeyboardEvent.timeStamp (ms). */
  time: number;
}

export type CheckEnd = 'Enter' | 'Tab';

export const SYMBOLOGIES = [
  'ean13',
  'ean8',
  'upca',
  'upce',
  'gtin14',
  'gs1',
  'code128',
  'code39',
  'itf',
  'qr',
  'datamatrix',
  'other',
] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/** How the keys came: at a scanner's pace (within the default), a slower scanner's, or a person's. */
export type Pace = 'scanner' | 'slow' | 'person';

export interface CheckResult {
  /** What the keys typed on this computer's layout. */
  typed: string;
  /** What the scanner meant (its keys read through the proposed layout, unless it types this computer's). */
  read: string;
  /** Whether the two differ (a US scanner on an AZERTY or QWERTZ computer). */
  layoutDiffers: boolean;
  /** The layout the keys were read through (the proposal's). */
  layout: ScannerLayout;
  end: CheckEnd | null;
  /** Pauses between keys, the end key's included: average and longest (ms); null for a single key. */
  averageMs: number | null;
  longestMs: number | null;
  pace: Pace;
  /** The symbology identifier the scanner put first (`]E0`), or null. */
  aim: string | null;
  symbology: Symbology;
  /** The GS1 check digit of an EAN/UPC/GTIN (or a GS1 code's GTIN): valid, misread; null when the code has none. */
  check: 'valid' | 'misread' | null;
  /** Characters around a code that has a check digit: what the scanner adds (found only around such a code). */
  prefix: string | null;
  suffix: string | null;
  /** The code once what the scanner adds is taken off by the proposed settings. */
  code: string;
  /** The settings that read this scanner: the current ones with what this scan showed. */
  proposal: ScannerPrefs;
  /** The settings the proposal changes. */
  changes: (keyof ScannerPrefs)[];
}

/** The symbology of an AIM identifier's letter and modifier (ISO/IEC 15424). */
function symbologyOfAim(aim: string): Symbology {
  const [letter, modifier] = [aim[1], aim[2]];
  switch (letter) {
    case 'E':
      return modifier === '4' ? 'ean8' : 'ean13';
    case 'C':
      return modifier === '1' ? 'gs1' : 'code128';
    case 'A':
      return 'code39';
    case 'I':
      return 'itf';
    case 'Q':
      return modifier === '3' ? 'gs1' : 'qr';
    case 'd':
      return modifier === '2' ? 'gs1' : 'datamatrix';
    case 'e':
      return 'gs1';
    default:
      return 'other';
  }
}

/** The symbology a code's content points to (when the scanner sends no identifier). */
function symbologyOfContent(code: string): Symbology {
  if (/^\d{13}$/.test(code)) return 'ean13';
  if (/^\d{12}$/.test(code)) return 'upca';
  if (/^\d{14}$/.test(code)) return 'gtin14';
  if (/^\d{8}$/.test(code))
    return gs1CheckDigit(code.slice(0, -1)) === Number(code[7]) || !/^[01]/.test(code) ? 'ean8' : 'upce';
  if (looksGs1(code)) return 'gs1';
  return /^[\x20-\x7e]+$/.test(code) ? 'code128' : 'other';
}

const clamp = (value: number, [low, high]: readonly [number, number]): number =>
  Math.min(high, Math.max(low, Math.ceil(value)));

/** The check digit of the first EAN/UPC/GTIN-sized run of digits in a text (a prefix or identifier around it). */
const gtinIn = (text: string): 'valid' | 'misread' | null => {
  const digits = /\d{14}|\d{12,13}|\d{8}/.exec(text.slice(aimOf(text)?.length ?? 0));
  return digits ? gtinVerdict(digits[0]) : null;
};

/** How well a reading fits what a scanner sends: a code of the test sheet, a right check digit, printable ASCII. */
function fit(text: string, expected: readonly string[]): number {
  if (expected.some((code) => text.includes(code))) return 3;
  if (gtinIn(text) === 'valid') return 2;
  // a GS1 code's GS (FNC1) aside
  return /^[\x20-\x7e]+$/.test(text.replaceAll(GS, '')) ? 1 : 0;
}

/** The layout that reads these keys best: the one set unless another reads them better (see the top). */
function bestLayout(keys: readonly CheckKey[], current: ScannerLayout, expected: readonly string[]): ScannerLayout {
  const fits = new Map(SCANNER_LAYOUTS.map((layout) => [layout, fit(readKeys(keys, layout), expected)]));
  const best = Math.max(...fits.values());
  if (fits.get(current) === best) return current;
  const bests = SCANNER_LAYOUTS.filter((layout) => fits.get(layout) === best);
  const named = bests.filter((layout) => layout !== 'host');
  if (bests.includes('us')) return 'us';
  if (named.length === 1) return named[0]!;
  return bests.includes('host') ? 'host' : bests[0]!;
}

/**
 * What the keys of one scan (its end key not among them) show, and the settings that read it; `expected`: the codes
 * of the test sheet (a scan of one of them tells the scanner's layout).
 */
export function checkScan(
  keys: readonly CheckKey[],
  end: { key: CheckEnd; time: number } | null,
  current: ScannerPrefs,
  expected: readonly string[] = [],
): CheckResult {
  const typed = keys.map((k) => k.key).join('');
  const times = [...keys.map((k) => k.time), ...(end ? [end.time] : [])];
  const pauses = times.slice(1).map((time, i) => time - times[i]!);
  const averageMs = pauses.length > 0 ? pauses.reduce((a, b) => a + b, 0) / pauses.length : null;
  const longestMs = pauses.length > 0 ? Math.max(...pauses) : null;
  const pace: Pace =
    averageMs === null || averageMs > PACE_LIMITS.averageMs[1]
      ? 'person'
      : averageMs <= 40 && (longestMs ?? 0) <= 100
        ? 'scanner'
        : 'slow';
  // a person's keys tell nothing of a scanner's layout; a digit typed with Shift (AZERTY's way) is read as typed
  const layout = pace === 'person' ? current.layout : bestLayout(keys, current.layout, expected);
  const read = readKeys(keys, layout);

  const aim = aimOf(read);
  const afterAim = aim ? read.slice(aim.length) : read;
  // what the scanner adds around a code is seen only around a code whose check digit vouches for it
  const around = /^(\D*?)(\d{14}|\d{12,13}|\d{8})(\D*)$/.exec(afterAim);
  const framed = around && gtinVerdict(around[2]!) === 'valid' ? around : null;
  const bare = framed ? framed[2]! : afterAim;
  const symbology = aim ? symbologyOfAim(aim) : symbologyOfContent(bare);
  let check: CheckResult['check'] = gtinVerdict(bare);
  if (check === null && symbology === 'gs1') {
    const gs1 = parseGs1(read);
    check = gs1.ok ? (gs1.data.gtin === null ? null : 'valid') : gs1.problem === 'bad_check_digit' ? 'misread' : null;
  }

  const proposal: ScannerPrefs = { ...current, layout };
  if (end) proposal.end = end.key === 'Tab' ? 'tab' : 'enter';
  // a GS1 identifier stays for the GS1 reader; any other is taken off
  if (aim) proposal.stripAim = true;
  else if (framed) proposal.stripAim = false;
  // a prefix or suffix is kept as characters a scanner can be told to send: printable, no space, up to 8
  if (framed && isAffix(framed[1]!) && isAffix(framed[3]!)) {
    proposal.prefix = framed[1]!;
    proposal.suffix = framed[3]!;
  }
  if (pace !== 'person' && averageMs !== null && longestMs !== null) {
    // room above what was measured (a busy computer hands keys over late), never below the defaults
    proposal.averageMs = clamp(Math.max(40, averageMs * 1.5), PACE_LIMITS.averageMs);
    proposal.gapMs = clamp(Math.max(100, longestMs * 1.5), PACE_LIMITS.gapMs);
  }
  const changes = (Object.keys(proposal) as (keyof ScannerPrefs)[]).filter((k) => proposal[k] !== current[k]);
  return {
    typed,
    read,
    layoutDiffers: read !== typed,
    layout,
    end: end?.key ?? null,
    averageMs,
    longestMs,
    pace,
    aim,
    symbology,
    check,
    prefix: framed ? framed[1]! : null,
    suffix: framed ? framed[3]! : null,
    code: cleanScan(read, proposal),
    proposal,
    changes,
  };
}
