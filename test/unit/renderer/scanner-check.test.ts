/**
 * Settings → Scanner's check (#29.2): from one scan's recorded keys it tells what arrived and proposes the settings that
 * read the scanner; those settings (end key, prefix, suffix, identifier, pace) change how scans are read; the test
 * sheet's codes each read back as themselves. Key sequences from test/support/layouts (a US-layout scanner on US,
 * AZERTY, QWERTZ and Dutch computers).
 */
import { describe, expect, it } from 'vitest';
import { KeptScannerPrefs, ScannerPrefs } from '../../../shared/contract';
import { READY_MADE_RULES, readLabel } from '../../../shared/label-rules';
import { cleanScan, DEFAULT_SCANNER } from '../../../shared/scanner-prefs';
import { DEFAULT_UI } from '../../../shared/ui-defaults';
import { readScan } from '../../../renderer/src/components/scanLabel';
import { createScanReader, type ScanReaderOptions } from '../../../renderer/src/components/scanReader';
import { checkScan, type CheckKey } from '../../../renderer/src/screens/settings/scannerCheck';
import { sheetCodes } from '../../../renderer/src/screens/settings/testSheet';
import { typedKeys, usScannerKeys, type Layout } from '../../support/layouts';

/** A US scanner's keys for `text` on `layout`, `every` ms apart (Shift presses left out, as the check skips them). */
function scanKeys(text: string, layout: Layout, every: number | number[]): CheckKey[] {
  const keys = usScannerKeys(text, layout).filter((k) => k.key !== 'Shift');
  let time = 1000;
  return keys.map((k, i) => {
    const key = { ...k, time };
    time += Array.isArray(every) ? every[i % every.length]! : every;
    return key;
  });
}
const endAfter = (keys: CheckKey[], key: 'Enter' | 'Tab', ms: number) => ({ key, time: keys.at(-1)!.time + ms });

describe('the scanner check', () => {
  it('reads a US scanner on every layout, says the layouts differ, and proposes Tab for a Tab-ending scanner', () => {
    for (const layout of ['us', 'azerty', 'qwertz', 'dutch'] as const) {
      const keys = scanKeys('4006381333931', layout, 5);
      const result = checkScan(keys, endAfter(keys, 'Tab', 5), DEFAULT_SCANNER);
      expect(result.read, layout).toBe('4006381333931');
      expect(result.code, layout).toBe('4006381333931');
      expect(result.layoutDiffers, layout).toBe(layout === 'azerty');
      expect(result.end).toBe('Tab');
      expect(result.pace).toBe('scanner');
      expect(result.symbology).toBe('ean13');
      expect(result.check).toBe('valid');
      expect(result.proposal.end).toBe('tab');
      expect(result.changes).toContain('end');
      expect([result.prefix, result.suffix]).toEqual(['', '']);
    }
  });

  it('proposes nothing new for a scanner the defaults read', () => {
    const keys = scanKeys('96385074', 'us', 4);
    const result = checkScan(keys, endAfter(keys, 'Enter', 4), DEFAULT_SCANNER);
    expect(result.symbology).toBe('ean8');
    expect(result.changes).toEqual([]);
  });

  it('finds a symbology identifier, a prefix and a suffix, and the code without them', () => {
    // ] is not in the layout tables: the US scanner's own key
    const aim = scanKeys('E04006381333931', 'us', 5).map((k) => ({ ...k, time: k.time + 5 }));
    aim.unshift({ key: ']', code: 'BracketRight', shift: false, time: 1000 });
    const withAim = checkScan(aim, endAfter(aim, 'Enter', 5), DEFAULT_SCANNER);
    expect(withAim.aim).toBe(']E0');
    expect(withAim.symbology).toBe('ean13');
    expect(withAim.proposal.stripAim).toBe(true);
    expect(withAim.code).toBe('4006381333931');

    const framed = scanKeys('X036000291452#', 'qwertz', 5);
    const around = checkScan(framed, endAfter(framed, 'Enter', 5), DEFAULT_SCANNER);
    expect(around.read).toBe('X036000291452#');
    expect([around.prefix, around.suffix]).toEqual(['X', '#']);
    expect(around.proposal).toMatchObject({ prefix: 'X', suffix: '#' });
    expect(around.symbology).toBe('upca');
    expect(around.code).toBe('036000291452');
  });

  it('says a misread check digit, and learns nothing about prefixes from a code without one', () => {
    const wrong = scanKeys('4006381333932', 'us', 5);
    const misread = checkScan(wrong, endAfter(wrong, 'Enter', 5), { ...DEFAULT_SCANNER, prefix: 'X' });
    expect(misread.check).toBe('misread');
    expect(misread.prefix).toBeNull();
    expect(misread.proposal.prefix).toBe('X'); // kept: this code cannot tell

    const letters = scanKeys('SD-Test-128', 'qwertz', 5);
    const code128 = checkScan(letters, endAfter(letters, 'Enter', 5), DEFAULT_SCANNER);
    expect(code128.read).toBe('SD-Test-128');
    expect(code128.typed).not.toBe('SD-Test-128'); // QWERTZ: ß for -, Z for Y
    expect(code128.symbology).toBe('code128');
    expect(code128.check).toBeNull();
  });

  it('learns a slow Bluetooth scanner’s pace within the limits, and never a person’s', () => {
    const slow = scanKeys('4006381333931', 'us', [45, 60, 35]);
    const bluetooth = checkScan(slow, endAfter(slow, 'Enter', 50), DEFAULT_SCANNER);
    expect(bluetooth.pace).toBe('slow');
    expect(bluetooth.proposal.averageMs).toBeGreaterThan(DEFAULT_SCANNER.averageMs);
    expect(bluetooth.proposal.averageMs).toBeLessThanOrEqual(70);
    expect(bluetooth.longestMs).toBe(60);
    expect(bluetooth.proposal.gapMs).toBe(100); // 1.5 × 60, never below the default
    expect(ScannerPrefs.safeParse(bluetooth.proposal).success).toBe(true);

    const person = typedKeys('4006381333931', 'us').map((k, i) => ({ ...k, time: i * 150 }));
    const typed = checkScan(person, { key: 'Enter', time: person.length * 150 }, DEFAULT_SCANNER);
    expect(typed.pace).toBe('person');
    expect(typed.proposal.averageMs).toBe(DEFAULT_SCANNER.averageMs);
    expect(typed.proposal.gapMs).toBe(DEFAULT_SCANNER.gapMs);
  });

  it('reads the test sheet: each code scanned gives itself, a GS1-128 its GTIN, the weighed label its weight', () => {
    const codes = sheetCodes(READY_MADE_RULES);
    expect(codes.map((c) => [c.kind, c.bars.format])).toEqual([
      ['ean13', 'EAN13'],
      ['ean8', 'EAN8'],
      ['upca', 'UPC'],
      ['code128', 'CODE128'],
      ['weighed', 'EAN13'],
      ['gs1', 'GS1_128'],
    ]);
    for (const c of codes) {
      const keys = scanKeys(c.value, 'azerty', 5);
      const result = checkScan(keys, endAfter(keys, 'Enter', 5), DEFAULT_SCANNER);
      expect(result.code, c.kind).toBe(c.value);
      expect(result.check, c.kind).toBe(c.kind === 'code128' ? null : 'valid');
    }
    const gs1 = codes.find((c) => c.kind === 'gs1')!;
    expect(readScan(gs1.value).label).toMatchObject({ lot: 'LOT42', expiry: '2028-12-31', weightKg: '1.234' });
    const weighed = codes.find((c) => c.kind === 'weighed')!;
    const rules = READY_MADE_RULES.map((r) => ({ ...r, enabled: true }));
    const label = readLabel(weighed.value, rules);
    expect(label && 'read' in label ? [label.read.product, label.read.weightKg] : null).toEqual(['00123', '1.234']);
  });
});

describe('the scanner settings at work', () => {
  it('take the prefix, suffix and identifier off a code before it is looked up, and leave GS1’s identifier', () => {
    const prefs = { ...DEFAULT_SCANNER, prefix: 'X', suffix: '#', stripAim: true };
    expect(cleanScan('X4006381333931#', prefs)).toBe('4006381333931');
    expect(cleanScan('X]E04006381333931#', prefs)).toBe('4006381333931');
    expect(cleanScan(']C101095011015300031030012341', prefs)).toBe(']C101095011015300031030012341');
    expect(cleanScan('4006381333931', prefs)).toBe('4006381333931'); // a code without them is left alone
    expect(cleanScan('X', prefs)).toBe('X'); // never to nothing
    expect(readScan('X4006381333931#', prefs).lookup).toBe('4006381333931');
    expect(readScan('X4006381333931#').lookup).toBe('X4006381333931#'); // the defaults take nothing off
  });

  function play(keys: CheckKey[], end: 'Enter' | 'Tab', options: ScanReaderOptions, codeField = false) {
    const reader = createScanReader(options);
    const codes: string[] = [];
    for (const k of [...keys, { key: end, code: end, shift: false, time: keys.at(-1)!.time + 5 }]) {
      const step = reader.read({ ...k, inField: true, target: 'name', codeField });
      if (step.code !== null) codes.push(step.code);
    }
    return codes;
  }

  it('a Tab at a scanner’s pace ends a code in any field once the scanner is set to end with Tab', () => {
    const keys = scanKeys('4006381333931', 'us', 5);
    expect(play(keys, 'Tab', {})).toEqual([]); // a name field: the Tab moves on
    expect(play(keys, 'Tab', {}, true)).toEqual(['4006381333931']); // a field for codes: as before
    expect(play(keys, 'Tab', { tabEnds: true })).toEqual(['4006381333931']);
  });

  it('a learned slower pace reads a Bluetooth scanner in a field; a person at 150 ms stays typed', () => {
    const slow = scanKeys('4006381333931', 'us', [45, 60, 35]);
    expect(play(slow, 'Enter', {})).toEqual([]);
    expect(play(slow, 'Enter', { averageMs: 70, gapMs: 90 })).toEqual(['4006381333931']);
    const person = scanKeys('4006381333931', 'us', 150);
    expect(play(person, 'Enter', { averageMs: 70, gapMs: 200 })).toEqual([]);
  });

  it('kept settings missing a key or holding a wrong one keep the others; a wrong one is never saved', () => {
    const stored = { end: 'tab', prefix: 'a b', suffix: '#', averageMs: 500 };
    expect(KeptScannerPrefs.parse(stored)).toEqual({ ...DEFAULT_SCANNER, end: 'tab', suffix: '#' });
    expect(KeptScannerPrefs.parse({})).toEqual(DEFAULT_SCANNER);
    // what staff save is checked whole: a wrong value is refused, not replaced
    expect(ScannerPrefs.safeParse({ ...DEFAULT_SCANNER, prefix: 'a b' }).success).toBe(false);
    expect(DEFAULT_UI.scanner).toEqual(DEFAULT_SCANNER);
  });
});
