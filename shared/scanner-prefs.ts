/**
 * How this computer's scanner sends a code (#29.1, #29.2), as Settings → Scanner keeps it: the key that ends a code,
 * characters it puts before and after every code (a prefix, a suffix, a symbology identifier such as `]E0`), and its
 * pace — learned from a scan in the scanner check, or set by hand. Zod-free (the first screen reads the defaults); the
 * schema is in contract.ts.
 */

export const SCANNER_ENDS = ['enter', 'tab'] as const;
export type ScannerEnd = (typeof SCANNER_ENDS)[number];
/**
 * The keyboard layout the scanner is set to (#29.1): its keys are read through it at a scanner's pace, whatever this
 * computer's layout (renderer/src/components/keyboardLayouts.ts has each one's keys). `host`: the same as this
 * computer's, whatever that is (its keys read as typed).
 */
export const SCANNER_LAYOUTS = ['us', 'uk', 'de', 'fr', 'be', 'es', 'it', 'nl', 'host'] as const;
export type ScannerLayout = (typeof SCANNER_LAYOUTS)[number];

export interface ScannerPrefs {
  /**
   * `enter`: a code ends with Enter (and a scanner's Tab ends one outside fields and in fields made for codes, as
   * always); `tab`: the scanner ends its codes with Tab, so a Tab at its pace ends a code in any text field as well.
   */
  end: ScannerEnd;
  /** The scanner's keyboard layout: US unless set otherwise (most scanners leave the factory so). */
  layout: ScannerLayout;
  /** Characters the scanner sends before every code, taken off ('' none). */
  prefix: string;
  /** Characters the scanner sends after every code (before its end key), taken off. */
  suffix: string;
  /** The scanner sends a symbology identifier (`]` + letter + digit, AIM) first: taken off, save GS1's own. */
  stripAim: boolean;
  /** In a text field: a scanner's pace, the average pause between its keys at most (ms). */
  averageMs: number;
  /** In a text field: the longest pause between two of a scanner's keys (ms). */
  gapMs: number;
}

/** The pace a person cannot keep up in a field; a faster typist's bursts come near 80 ms a key. */
export const PACE_LIMITS = { averageMs: [20, 70], gapMs: [60, 200] } as const;
export const MAX_AFFIX = 8;

/** A prefix or suffix a scanner can be told to send, as kept: printable ASCII, no space, up to MAX_AFFIX. */
export const isAffix = (text: string): boolean => text.length <= MAX_AFFIX && /^[\x21-\x7e]*$/.test(text);

export const DEFAULT_SCANNER: ScannerPrefs = {
  end: 'enter',
  layout: 'us',
  prefix: '',
  suffix: '',
  stripAim: false,
  averageMs: 40,
  gapMs: 100,
};

/** A symbology identifier at the start of a code: `]`, the symbology's letter, a modifier character. */
const AIM = /^\][A-Za-z][0-9A-Za-z]/;
/** GS1's identifiers (GS1-128, GS1 DataMatrix, GS1 QR, GS1 DataBar): the GS1 reader needs them to know the code. */
const GS1_AIM = /^\](C1|d2|Q3|e0)/;

/** The code as the product has it: the scanner's prefix, suffix and (when set) symbology identifier taken off. */
export function cleanScan(code: string, prefs: ScannerPrefs): string {
  let text = code;
  if (prefs.prefix && text.startsWith(prefs.prefix) && text.length > prefs.prefix.length)
    text = text.slice(prefs.prefix.length);
  if (prefs.stripAim && AIM.test(text) && !GS1_AIM.test(text)) text = text.slice(3);
  if (prefs.suffix && text.endsWith(prefs.suffix) && text.length > prefs.suffix.length)
    text = text.slice(0, -prefs.suffix.length);
  return text;
}

/** A symbology identifier the code starts with ("]E0"), or null. */
export function aimOf(code: string): string | null {
  return AIM.exec(code)?.[0] ?? null;
}
