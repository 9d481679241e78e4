/**
 * The scanner's own keyboard layout (#29.1: "letters in a code are mapped the same way from the scanner's configured
 * layout"). A scanner set to German (QWERTZ), French (AZERTY) or Dutch presses the keys that type its code on that
 * layout; the computer's layout decides what they type. Recorded key sequences (key, code, Shift, time) for every
 * pair of scanner and computer layouts, at 5 and 40 ms a key, read with the scanner's layout set in Settings → Scanner;
 * a person's keys at 150 ms are read as before, whatever is set. And the scanner check proposes the layout a scan of
 * the test sheet shows.
 */
import { describe, expect, it } from 'vitest';
import { keyOn, layoutCharacter } from '../../../renderer/src/components/keyboardLayouts';
import { createScanReader, type ScanKey } from '../../../renderer/src/components/scanReader';
import { checkScan, type CheckKey } from '../../../renderer/src/screens/settings/scannerCheck';
import { sheetCodes } from '../../../renderer/src/screens/settings/testSheet';
import { KeptScannerPrefs, ScannerPrefs } from '../../../shared/contract';
import { READY_MADE_RULES } from '../../../shared/label-rules';
import { DEFAULT_SCANNER, SCANNER_LAYOUTS, type ScannerLayout } from '../../../shared/scanner-prefs';
import { LAYOUTS, scannerKeys, typedKeys, typedText, type LayoutKey, type Layout } from '../../support/layouts';

/** The setting that names each recorded layout. */
const SETTING: Record<Layout, ScannerLayout> = { us: 'us', azerty: 'fr', qwertz: 'de', dutch: 'nl' };
const EAN = '8712345678906';
/** The label (QWERTZ swaps Y and Z and moves the dash), letters AZERTY moves (Q/A, W/Z, M), the test sheet's. */
const CODES = [EAN, 'ZY-1234', 'QWZYm-2246174', 'SD-Zy/128'];

/** Keys from `start`, `every` ms a character (the scanner's Shift 1 ms before its key), ended by `end`. */
function timed(keys: LayoutKey[], start: number, every: number, end: 'Enter' | 'Tab'): ScanKey[] {
  const out: ScanKey[] = [];
  let at = start;
  for (const k of keys) {
    if (k.key === 'Shift') out.push({ ...k, time: at - 1, inField: true });
    else {
      out.push({ ...k, time: at, inField: true });
      at += every;
    }
  }
  out.push({ key: end, code: end, shift: false, time: at, inField: true });
  return out;
}

function read(keys: ScanKey[], layout: ScannerLayout | undefined, where: Partial<ScanKey>) {
  const reader = createScanReader(layout ? { layout } : {});
  return keys.map((k) => reader.read({ target: 'field', ...k, ...where })).filter((s) => s.code !== null);
}

const PLACES: Array<[string, Partial<ScanKey>]> = [
  ['in a barcode field', { inField: true, codeField: true, target: 'barcode' }],
  ['in a quantity field', { inField: true, target: 'quantity' }],
  ['outside a field', { inField: false, target: 'list' }],
];

describe('a scanner set to its own layout, on a computer with any layout', () => {
  for (const scanner of LAYOUTS)
    for (const computer of LAYOUTS)
      for (const every of [5, 40])
        it(`a ${scanner} scanner on a ${computer} computer, ${every} ms a key, set to ${SETTING[scanner]}`, () => {
          for (const text of CODES)
            for (const end of ['Enter', 'Tab'] as const)
              for (const [place, where] of PLACES) {
                // an ordinary field's Tab moves on: only Enter ends a code there
                if (end === 'Tab' && where.target === 'quantity') continue;
                const keys = scannerKeys(text, scanner, computer);
                const found = read(timed(keys, 1000, every, end), SETTING[scanner], where);
                const what = `${text} ${end} ${place}`;
                expect(
                  found.map((s) => s.code),
                  what,
                ).toEqual([text]);
                expect(found[0]!.layoutDiffers, what).toBe(typedText(keys) !== text);
              }
        });

  for (const layout of LAYOUTS)
    it(`“same as this computer” reads a ${layout} scanner on a ${layout} computer as typed`, () => {
      for (const text of CODES)
        for (const every of [5, 40]) {
          const found = read(timed(scannerKeys(text, layout, layout), 0, every, 'Enter'), 'host', PLACES[0]![1]);
          expect(found.map((s) => [s.code, s.layoutDiffers])).toEqual([[text, false]]);
        }
    });

  it('the issue’s label from a German scanner on a German computer, as recorded: ZY-1234, not YZ/1234', () => {
    const keys: ScanKey[] = [
      { key: 'Shift', code: 'ShiftLeft', shift: true, time: 999, inField: true },
      { key: 'Z', code: 'KeyY', shift: true, time: 1000, inField: true },
      { key: 'Shift', code: 'ShiftLeft', shift: true, time: 1004, inField: true },
      { key: 'Y', code: 'KeyZ', shift: true, time: 1005, inField: true },
      { key: '-', code: 'Slash', shift: false, time: 1010, inField: true },
      { key: '1', code: 'Digit1', shift: false, time: 1015, inField: true },
      { key: '2', code: 'Digit2', shift: false, time: 1020, inField: true },
      { key: '3', code: 'Digit3', shift: false, time: 1025, inField: true },
      { key: '4', code: 'Digit4', shift: false, time: 1030, inField: true },
      { key: 'Enter', code: 'Enter', shift: false, time: 1035, inField: true },
    ];
    const where = PLACES[0]![1];
    expect(read(keys, 'de', where).map((s) => s.code)).toEqual(['ZY-1234']);
    expect(read(keys, 'host', where).map((s) => s.code)).toEqual(['ZY-1234']);
    // what the US reading (the default, and all there was before) made of it
    expect(read(keys, undefined, where).map((s) => s.code)).toEqual(['YZ/1234']);
    // the recording is what the test layouts make
    expect(keys.slice(0, -1).map(({ key, code, shift }) => ({ key, code, shift }))).toEqual(
      scannerKeys('ZY-1234', 'qwertz', 'qwertz'),
    );
  });

  it('a French scanner on a German computer: its Shift+digits and its unshifted dash, read through AZERTY', () => {
    const keys = scannerKeys('ZY-1234', 'azerty', 'qwertz');
    expect(typedText(keys)).toBe('WZ6!"§$');
    expect(read(timed(keys, 0, 5, 'Enter'), 'fr', PLACES[0]![1]).map((s) => s.code)).toEqual(['ZY-1234']);
  });

  for (const computer of LAYOUTS)
    it(`a person on a ${computer} computer typing at 150 ms a key is read as typed, whatever layout is set`, () => {
      for (const setting of SCANNER_LAYOUTS)
        for (const text of [EAN, 'ZY-1234'])
          for (const end of ['Enter', 'Tab'] as const) {
            const keys = typedKeys(text, computer).map((k, i) => ({ ...k, time: i * 150, inField: true }));
            const last = { key: end, code: end, shift: false, time: keys.length * 150, inField: true };
            // in a field: typing, never a scan
            expect(read([...keys, last], setting, PLACES[0]![1]), `${setting} ${text}`).toEqual([]);
            expect(read([...keys, last], setting, PLACES[1]![1]), `${setting} ${text}`).toEqual([]);
            // outside a field a typed code ended by Enter is looked up, as typed
            const outside = read([...keys, last], setting, PLACES[2]![1]).map((s) => s.code);
            expect(outside, `${setting} ${text}`).toEqual(end === 'Enter' ? [text] : []);
          }
    });
});

describe('the layouts’ keys', () => {
  it('agree with the recordings’ layouts on every character a code holds', () => {
    const characters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-./ '];
    for (const layout of LAYOUTS)
      for (const ch of characters) {
        const [key] = typedKeys(ch, layout);
        expect(layoutCharacter(SETTING[layout], key!.code, '', key!.shift), `${ch} on ${layout}`).toBe(ch);
      }
  });

  it('the layouts without recordings: UK, Belgian, Spanish and Italian place the letters and digits', () => {
    for (const layout of ['uk', 'be', 'es', 'it'] as const) {
      const azerty = layout === 'be';
      expect(keyOn(layout, 'Digit1'), layout).toEqual(azerty ? ['&', '1'] : ['1', '!']);
      expect(keyOn(layout, azerty ? 'KeyQ' : 'KeyA')?.[0], layout).toBe('a');
      expect(keyOn(layout, azerty ? 'Semicolon' : 'KeyM')?.[0], layout).toBe('m');
      expect(keyOn(layout, 'KeyY')?.[0], layout).toBe('y');
    }
    // each one's dash
    expect(
      ['uk', 'be', 'es', 'it'].map((l) => keyOn(l as 'uk', l === 'uk' ? 'Minus' : l === 'be' ? 'Equal' : 'Slash')?.[0]),
    ).toEqual(['-', '-', '-', '-']);
    expect(keyOn('de', 'IntlBackslash')).toEqual(['<', '>']);
    expect(keyOn('de', 'Equal')).toBeNull(); // dead keys: read as typed
    expect(layoutCharacter('de', 'Equal', '´')).toBeNull();
    expect(layoutCharacter('host', 'KeyY', 'z')).toBeNull();
    expect(layoutCharacter('fr', 'Numpad5', '5')).toBe('5');
    // US, the default: a key event without its Shift (an input method's, a test's `*` on the 8-key) reads as typed,
    // as it always has; a named layout reads the key's own character (a French scanner's dash on a US computer)
    expect(layoutCharacter('us', 'Digit8', '*', false)).toBe('*');
    expect(layoutCharacter('fr', 'Digit6', '6', false)).toBe('-');
  });
});

/** A scan's keys as the check records them (Shift presses left out), `every` ms apart. */
function checkKeys(text: string, scanner: Layout, computer: Layout, every = 5): CheckKey[] {
  return scannerKeys(text, scanner, computer)
    .filter((k) => k.key !== 'Shift')
    .map((k, i) => ({ ...k, time: 1000 + i * every }));
}
const enter = (keys: CheckKey[]) => ({ key: 'Enter' as const, time: keys.at(-1)!.time + 5 });

describe('the scanner check proposes the scanner’s layout', () => {
  const sheet = sheetCodes(READY_MADE_RULES).map((c) => c.value);
  const code128 = sheetCodes(READY_MADE_RULES).find((c) => c.kind === 'code128')!.value;

  it('the test sheet’s Code 128 has letters the layouts move', () => {
    expect(code128).toMatch(/Z/);
    expect(code128).toMatch(/y/);
    expect(code128).toMatch(/-/);
    expect(code128).toMatch(/\//);
  });

  const cases: Array<[Layout, Layout, ScannerLayout]> = [
    // a US scanner reads right as set, whatever the computer
    ['us', 'us', 'us'],
    ['us', 'azerty', 'us'],
    ['us', 'qwertz', 'us'],
    ['us', 'dutch', 'us'],
    // a German scanner, on a German computer or another: German (the one layout that reads it)
    ['qwertz', 'qwertz', 'de'],
    ['qwertz', 'us', 'de'],
    ['qwertz', 'azerty', 'de'],
    // a French one
    ['azerty', 'us', 'fr'],
    ['azerty', 'qwertz', 'fr'],
    // a Dutch one (its / is where the others have -, its - where German, Spanish and Italian have theirs)
    ['dutch', 'dutch', 'nl'],
    ['dutch', 'us', 'nl'],
  ];
  for (const [scanner, computer, proposed] of cases)
    it(`a ${scanner} scanner on a ${computer} computer scanning the Code 128: ${proposed}`, () => {
      const keys = checkKeys(code128, scanner, computer);
      const result = checkScan(keys, enter(keys), DEFAULT_SCANNER, sheet);
      expect(result.proposal.layout).toBe(proposed);
      expect(result.layout).toBe(proposed);
      expect(result.read).toBe(code128);
      expect(result.changes.includes('layout')).toBe(proposed !== 'us');
    });

  it('a French scanner’s EAN-13 on a German computer: French, whose reading has a right check digit', () => {
    const keys = checkKeys('4006381333931', 'azerty', 'qwertz');
    const result = checkScan(keys, enter(keys), DEFAULT_SCANNER);
    expect(result.proposal.layout).toBe('fr');
    expect(result.code).toBe('4006381333931');
    expect(result.check).toBe('valid');
  });

  it('a French scanner on a French computer types its digits with Shift: read as typed, nothing to change', () => {
    const keys = checkKeys('4006381333931', 'azerty', 'azerty');
    const result = checkScan(keys, enter(keys), DEFAULT_SCANNER, sheet);
    expect(result.read).toBe('4006381333931');
    expect(result.changes).toEqual([]);
  });

  it('the layout set stays when it reads the scan as well as any (a German scanner set to German)', () => {
    const keys = checkKeys(code128, 'qwertz', 'qwertz');
    const set = { ...DEFAULT_SCANNER, layout: 'de' as const };
    expect(checkScan(keys, enter(keys), set, sheet).changes).toEqual([]);
    // and a US scanner once set wrongly to German: back to US
    const us = checkKeys(code128, 'us', 'qwertz');
    expect(checkScan(us, enter(us), set, sheet).proposal.layout).toBe('us');
  });

  it('a person’s keys propose no layout', () => {
    const keys = checkKeys(code128, 'qwertz', 'qwertz', 150);
    const result = checkScan(keys, { key: 'Enter', time: keys.at(-1)!.time + 150 }, DEFAULT_SCANNER, sheet);
    expect(result.pace).toBe('person');
    expect(result.proposal.layout).toBe('us');
  });
});

describe('the layout as kept', () => {
  it('settings kept before it existed, or a layout there is not, read as US; the others stay', () => {
    const older = { end: 'tab', prefix: 'X', suffix: '', stripAim: true, averageMs: 60, gapMs: 150 };
    expect(KeptScannerPrefs.parse(older)).toEqual({ ...older, layout: 'us' });
    expect(KeptScannerPrefs.parse({ ...older, layout: 'dvorak' }).layout).toBe('us');
    expect(KeptScannerPrefs.parse({ ...older, layout: 'de' }).layout).toBe('de');
    expect(ScannerPrefs.safeParse({ ...DEFAULT_SCANNER, layout: 'dvorak' }).success).toBe(false);
    for (const layout of SCANNER_LAYOUTS)
      expect(ScannerPrefs.parse({ ...DEFAULT_SCANNER, layout }).layout).toBe(layout);
  });
});
