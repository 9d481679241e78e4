/**
 * Keyboard layouts as a barcode scanner meets them (issue #29): a scanner set to the US layout presses the physical
 * keys that type its code on a US keyboard (KeyboardEvent.code), and the computer's layout decides what they type
 * (KeyboardEvent.key). The tables hold the keys a scanner uses: digits, letters and the common punctuation, as Windows
 * and macOS place them for French (AZERTY), German (QWERTZ) and Dutch. A scanner set to another layout than US presses
 * the keys that type its code on that layout (scannerKeys).
 */

export type Layout = 'us' | 'azerty' | 'qwertz' | 'dutch';
export const LAYOUTS: readonly Layout[] = ['us', 'azerty', 'qwertz', 'dutch'];

/** One key press: what it typed, the physical key, and whether Shift was held. */
export interface LayoutKey {
  key: string;
  code: string;
  shift: boolean;
}

type Table = Record<string, [string, string]>;

const US: Table = {
  Digit1: ['1', '!'],
  Digit2: ['2', '@'],
  Digit3: ['3', '#'],
  Digit4: ['4', '$'],
  Digit5: ['5', '%'],
  Digit6: ['6', '^'],
  Digit7: ['7', '&'],
  Digit8: ['8', '*'],
  Digit9: ['9', '('],
  Digit0: ['0', ')'],
  Minus: ['-', '_'],
  Equal: ['=', '+'],
  Comma: [',', '<'],
  Period: ['.', '>'],
  Slash: ['/', '?'],
  Semicolon: [';', ':'],
  BracketRight: [']', '}'],
  Space: [' ', ' '],
};
for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') US[`Key${letter}`] = [letter.toLowerCase(), letter];

const TABLES: Record<Layout, Table> = {
  us: US,
  azerty: {
    ...US,
    Digit1: ['&', '1'],
    Digit2: ['é', '2'],
    Digit3: ['"', '3'],
    Digit4: ["'", '4'],
    Digit5: ['(', '5'],
    Digit6: ['-', '6'],
    Digit7: ['è', '7'],
    Digit8: ['_', '8'],
    Digit9: ['ç', '9'],
    Digit0: ['à', '0'],
    Minus: [')', '°'],
    KeyQ: ['a', 'A'],
    KeyA: ['q', 'Q'],
    KeyW: ['z', 'Z'],
    KeyZ: ['w', 'W'],
    KeyM: [',', '?'],
    Semicolon: ['m', 'M'],
    Comma: [';', '.'],
    Period: [':', '/'],
    Slash: ['!', '§'],
    BracketRight: ['$', '£'],
  },
  qwertz: {
    ...US,
    Digit2: ['2', '"'],
    Digit3: ['3', '§'],
    Digit6: ['6', '&'],
    Digit7: ['7', '/'],
    Digit8: ['8', '('],
    Digit9: ['9', ')'],
    Digit0: ['0', '='],
    Minus: ['ß', '?'],
    KeyY: ['z', 'Z'],
    KeyZ: ['y', 'Y'],
    Comma: [',', ';'],
    Period: ['.', ':'],
    Slash: ['-', '_'],
    Semicolon: ['ö', 'Ö'],
    BracketRight: ['+', '*'],
  },
  dutch: {
    ...US,
    Digit2: ['2', '"'],
    Digit6: ['6', '&'],
    Digit7: ['7', '_'],
    Digit8: ['8', '('],
    Digit9: ['9', ')'],
    Digit0: ['0', "'"],
    Minus: ['/', '?'],
    Equal: ['°', '~'],
    Comma: [',', ';'],
    Period: ['.', ':'],
    Slash: ['-', '='],
    Semicolon: ['+', '±'],
    BracketRight: ['*', '|'],
  },
};

/** Where a character is on a keyboard with `layout` (a US one unless said). */
function placeOn(ch: string, layout: Layout = 'us'): { code: string; shift: boolean } {
  for (const [code, [plain, shifted]] of Object.entries(TABLES[layout])) {
    if (plain === ch) return { code, shift: false };
    if (shifted === ch) return { code, shift: true };
  }
  throw new Error(`no ${layout} key types ${JSON.stringify(ch)}`);
}

/**
 * The keys a scanner set to the `scanner` layout presses for `text` on a computer with `computer`'s layout (Shift
 * before a shifted key): the physical key that types each character on the scanner's layout, and what that key types
 * on the computer's.
 */
export function scannerKeys(text: string, scanner: Layout, computer: Layout): LayoutKey[] {
  const keys: LayoutKey[] = [];
  for (const ch of text) {
    const { code, shift } = placeOn(ch, scanner);
    if (shift) keys.push({ key: 'Shift', code: 'ShiftLeft', shift: true });
    keys.push({ key: TABLES[computer][code]![shift ? 1 : 0], code, shift });
  }
  return keys;
}

/** The keys a US-layout scanner presses for `text` on a computer with `layout` (Shift before a shifted key). */
export const usScannerKeys = (text: string, layout: Layout): LayoutKey[] => scannerKeys(text, 'us', layout);

/** The keys a person (or a scanner set to this computer's layout) presses on `layout` to type `text`. */
export function typedKeys(text: string, layout: Layout): LayoutKey[] {
  const table = TABLES[layout];
  return [...text].map((ch) => {
    for (const [code, [plain, shifted]] of Object.entries(table)) {
      if (plain === ch) return { key: ch, code, shift: false };
      if (shifted === ch) return { key: ch, code, shift: true };
    }
    throw new Error(`no ${layout} key types ${JSON.stringify(ch)}`);
  });
}

/** What the keys typed, as the computer's layout shows them (Shift presses type nothing). */
export const typedText = (keys: LayoutKey[]): string =>
  keys
    .filter((k) => k.key !== 'Shift')
    .map((k) => k.key)
    .join('');
