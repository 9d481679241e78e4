/**
 * What a physical key (KeyboardEvent.code) types on the keyboard layouts a barcode scanner may be set to (#29.1): a
 * scanner types a code by pressing the keys that type it on its own layout, so a burst at a scanner's pace is read
 * from the physical keys through the scanner's layout (Settings → Scanner), whatever this computer's layout turns
 * them into. Each table is the layout as Windows and macOS place it (the standard variant of each: German T1, French
 * AZERTY, Belgian AZERTY, Spanish, Italian, Dutch, UK, US), without Shift and with Shift; the AltGr layer and dead
 * keys (German ^ and ´, French ^ and ¨…) are left out: such a key is read as this computer typed it.
 *
 * `host` ("same as this computer") reads every key as typed (KeyboardEvent.key): for a scanner set to this computer's
 * layout, whatever that layout is.
 */
import type { ScannerLayout } from '../../../shared/scanner-prefs';

/**
 * The GS character (ASCII 29), FNC1 in a GS1-128 or GS1 DataMatrix code (#29.5): a scanner sends it as a key of its
 * own or as Ctrl+] (the reader's caller passes that as this key); it is part of the code, whatever the layout.
 */
export const GS = '\u001d';

/** [without Shift, with Shift]; null where the layout types nothing there or a dead key. */
type Pair = readonly [string | null, string | null];
type Table = Readonly<Record<string, Pair>>;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const digitsAndLetters = (shiftedDigits: string): Record<string, Pair> => {
  const table: Record<string, Pair> = { Space: [' ', ' '] };
  for (const letter of LETTERS) table[`Key${letter.toUpperCase()}`] = [letter, letter.toUpperCase()];
  [...'1234567890'].forEach((digit, i) => (table[`Digit${digit}`] = [digit, shiftedDigits[i]!]));
  return table;
};
/** AZERTY's digit row: the characters without Shift; the digits with it. */
const azertyRow = (plain: string): Record<string, Pair> =>
  Object.fromEntries([...'1234567890'].map((digit, i) => [`Digit${digit}`, [plain[i]!, digit] as Pair]));
/** AZERTY's letters where they move: A/Q, Z/W, and M on the key US has ; on (the M key types , and ?). */
const AZERTY_LETTERS: Record<string, Pair> = {
  KeyQ: ['a', 'A'],
  KeyA: ['q', 'Q'],
  KeyW: ['z', 'Z'],
  KeyZ: ['w', 'W'],
  Semicolon: ['m', 'M'],
  KeyM: [',', '?'],
};

const US: Table = {
  ...digitsAndLetters('!@#$%^&*()'),
  Minus: ['-', '_'],
  Equal: ['=', '+'],
  BracketLeft: ['[', '{'],
  BracketRight: [']', '}'],
  Backslash: ['\\', '|'],
  Semicolon: [';', ':'],
  Quote: ["'", '"'],
  Comma: [',', '<'],
  Period: ['.', '>'],
  Slash: ['/', '?'],
  Backquote: ['`', '~'],
};

export const LAYOUT_TABLES: Readonly<Record<Exclude<ScannerLayout, 'host'>, Table>> = {
  us: US,
  uk: {
    ...digitsAndLetters('!"£$%^&*()'),
    Minus: ['-', '_'],
    Equal: ['=', '+'],
    BracketLeft: ['[', '{'],
    BracketRight: [']', '}'],
    Semicolon: [';', ':'],
    Quote: ["'", '@'],
    Backslash: ['#', '~'],
    Backquote: ['`', '¬'],
    IntlBackslash: ['\\', '|'],
    Comma: [',', '<'],
    Period: ['.', '>'],
    Slash: ['/', '?'],
  },
  de: {
    ...digitsAndLetters('!"§$%&/()='),
    KeyY: ['z', 'Z'],
    KeyZ: ['y', 'Y'],
    Minus: ['ß', '?'],
    BracketLeft: ['ü', 'Ü'],
    BracketRight: ['+', '*'],
    Semicolon: ['ö', 'Ö'],
    Quote: ['ä', 'Ä'],
    Backslash: ['#', "'"],
    Backquote: [null, '°'],
    IntlBackslash: ['<', '>'],
    Comma: [',', ';'],
    Period: ['.', ':'],
    Slash: ['-', '_'],
  },
  fr: {
    ...digitsAndLetters('1234567890'),
    ...azertyRow('&é"\'(-è_çà'),
    ...AZERTY_LETTERS,
    Minus: [')', '°'],
    Equal: ['=', '+'],
    BracketRight: ['$', '£'],
    Quote: ['ù', '%'],
    Backslash: ['*', 'µ'],
    Backquote: ['²', null],
    IntlBackslash: ['<', '>'],
    Comma: [';', '.'],
    Period: [':', '/'],
    Slash: ['!', '§'],
  },
  be: {
    ...digitsAndLetters('1234567890'),
    ...azertyRow('&é"\'(§è!çà'),
    ...AZERTY_LETTERS,
    Minus: [')', '°'],
    Equal: ['-', '_'],
    BracketRight: ['$', '*'],
    Quote: ['ù', '%'],
    Backslash: ['µ', '£'],
    Backquote: ['²', '³'],
    IntlBackslash: ['<', '>'],
    Comma: [';', '.'],
    Period: [':', '/'],
    Slash: ['=', '+'],
  },
  es: {
    ...digitsAndLetters('!"·$%&/()='),
    Minus: ["'", '?'],
    Equal: ['¡', '¿'],
    BracketRight: ['+', '*'],
    Semicolon: ['ñ', 'Ñ'],
    Backslash: ['ç', 'Ç'],
    Backquote: ['º', 'ª'],
    IntlBackslash: ['<', '>'],
    Comma: [',', ';'],
    Period: ['.', ':'],
    Slash: ['-', '_'],
  },
  it: {
    ...digitsAndLetters('!"£$%&/()='),
    Minus: ["'", '?'],
    Equal: ['ì', '^'],
    BracketLeft: ['è', 'é'],
    BracketRight: ['+', '*'],
    Semicolon: ['ò', 'ç'],
    Quote: ['à', '°'],
    Backslash: ['ù', '§'],
    Backquote: ['\\', '|'],
    IntlBackslash: ['<', '>'],
    Comma: [',', ';'],
    Period: ['.', ':'],
    Slash: ['-', '_'],
  },
  nl: {
    ...digitsAndLetters('!"#$%&_()\''),
    Minus: ['/', '?'],
    Equal: ['°', null],
    BracketRight: ['*', '|'],
    Semicolon: ['+', '±'],
    Backslash: ['<', '>'],
    Backquote: ['@', '§'],
    IntlBackslash: [']', '['],
    Comma: [',', ';'],
    Period: ['.', ':'],
    Slash: ['-', '='],
  },
};

/** The keypad types the same on every layout (its decimal key aside, left out: `.` or `,`). */
const NUMPAD: Table = {
  NumpadAdd: ['+', '+'],
  NumpadSubtract: ['-', '-'],
  NumpadMultiply: ['*', '*'],
  NumpadDivide: ['/', '/'],
};

/** What a physical key types on `layout`: [without Shift, with Shift]; null for a key the layout does not place. */
export function keyOn(layout: Exclude<ScannerLayout, 'host'>, code: string | undefined): Pair | null {
  if (!code) return null;
  const numpad = /^Numpad(\d)$/.exec(code);
  if (numpad) return [numpad[1]!, numpad[1]!];
  return LAYOUT_TABLES[layout][code] ?? NUMPAD[code] ?? null;
}

const isLetter = (ch: string): boolean => ch.length === 1 && ch.toLowerCase() !== ch.toUpperCase();

/**
 * The character a keyboard set to `layout` types with this physical key, with Shift as it was held; null for a key
 * the layout does not place (an unknown code, a dead key, `host`). Without Shift known (and on the US layout): what
 * the key typed when that is one of the key's own characters (the layouts agree on the key), else a letter's case as
 * typed.
 */
export function layoutCharacter(
  layout: ScannerLayout,
  code: string | undefined,
  typed: string,
  shift?: boolean,
): string | null {
  if (layout === 'host') return null;
  const pair = keyOn(layout, code);
  if (!pair) return null;
  // US (the default): what the key typed when that is one of its own characters, as the reader always did — a key
  // event without its Shift (an input method's, a test's synthetic keys: `*` on the 8-key) reads as typed, and so do
  // digits typed with Shift (AZERTY's way, typesThisLayout). A named layout: the key's own character with Shift as
  // held (a French scanner's unshifted 6-key is its dash, though a US computer typed 6; Caps Lock changes nothing).
  if (pair.includes(typed) && (shift === undefined || layout === 'us')) return typed;
  return pair[(shift ?? (isLetter(typed) && typed === typed.toUpperCase())) ? 1 : 0];
}

/** One key as the check records it. */
export interface LayoutKey {
  key: string;
  code: string;
  shift: boolean;
}

/**
 * A digit typed with Shift as a digit: the scanner types this computer's layout (AZERTY's way: a French scanner on a
 * French computer), so its keys are read as typed. Told only while the US layout is set (the default: a scanner no
 * one has set up): a scanner set to a named layout may press Shift and a digit key for a character of its own (`/` on
 * German, Spanish and Italian keyboards), which an AZERTY computer types as a digit.
 */
export const typesThisLayout = (
  layout: ScannerLayout,
  key: { key: string; code?: string | undefined; shift?: boolean | undefined },
): boolean => layout === 'us' && key.shift === true && /^Digit\d$/.test(key.code ?? '') && /^\d$/.test(key.key);

/** A burst's keys read through `layout` (`host`, or a scanner that types this computer's layout: as typed). */
export function readKeys(keys: readonly LayoutKey[], layout: ScannerLayout): string {
  const typed = keys.map((k) => k.key).join('');
  if (layout === 'host' || keys.some((k) => typesThisLayout(layout, k))) return typed;
  return keys.map((k) => (k.key === GS ? GS : (layoutCharacter(layout, k.code, k.key, k.shift) ?? k.key))).join('');
}
