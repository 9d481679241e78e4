/**
 * The scanner reader's timing (issue #27.2): key sequences as they arrive (key and KeyboardEvent.timeStamp), from a
 * scanner, a person, a fast typist and a machine typing words, in a text field and outside one; and (issue #29) a
 * US-layout scanner on US, French (AZERTY), German (QWERTZ) and Dutch computers, read from the physical keys.
 */
import { describe, expect, it } from 'vitest';
import { createScanReader, GS, usCharacter, type ScanKey } from '../../../renderer/src/components/scanReader';
import { cleanScan, DEFAULT_SCANNER, type ScannerPrefs } from '../../../shared/scanner-prefs';
import { typedKeys, typedText, usScannerKeys, type Layout } from '../../support/layouts';

/** A recorded sequence: "key@ms" separated by spaces ("Enter", "Shift", "Tab" … by name; "Space" for a space). */
function recorded(text: string): Array<{ key: string; time: number }> {
  return text
    .trim()
    .split(/\s+/)
    .map((item) => {
      const at = item.lastIndexOf('@');
      const key = item.slice(0, at);
      return { key: key === 'Space' ? ' ' : key, time: Number(item.slice(at + 1)) };
    });
}

/** Keys typed one after another, `every` ms apart from `start`, then Enter `enterAfter` ms after the last. */
function typed(code: string, start: number, every: number, enterAfter = every): string {
  const keys = [...code].map((ch, i) => `${ch === ' ' ? 'Space' : ch}@${start + i * every}`);
  return `${keys.join(' ')} Enter@${start + (code.length - 1) * every + enterAfter}`;
}

/** Plays a sequence; returns the codes taken as scans and the keys that began a burst. */
function play(sequence: string, where: Partial<ScanKey> = {}) {
  const reader = createScanReader();
  const codes: string[] = [];
  const starts: number[] = [];
  for (const key of recorded(sequence)) {
    const step = reader.read({ inField: true, target: 'field', ...where, ...key });
    if (step.starts) starts.push(key.time);
    if (step.code !== null) codes.push(step.code);
  }
  return { codes, starts };
}

const outside = { inField: false, target: 'list' };

describe('a scanner is a scan', () => {
  it('a GS1 DataMatrix code keeps its GS (FNC1) between a variable field and the next (#29.5)', () => {
    const reader = createScanReader();
    const code = `010950110153000310ABC123${GS}17250331`;
    let taken: string | null = null;
    [...code, 'Enter'].forEach((key, i) => {
      const step = reader.read({
        key,
        code: key === GS ? 'BracketRight' : undefined,
        time: 100 + i * 4,
        inField: true,
        target: 'f',
        codeField: true,
      });
      if (step.code !== null) taken = step.code;
    });
    expect(taken).toBe(code);
  });

  it('an EAN-13 from a USB scanner (3-5 ms a key) into a text field', () => {
    // recorded shape of a handheld scanner: steady keys, the Enter a few ms after the last digit
    const scan = recorded(
      '8@1021.3 7@1025.1 0@1028.9 0@1033.0 0@1036.6 0@1040.2 0@1044.4 0@1048.1 0@1051.7 0@1055.9 0@1059.5 8@1063.4 7@1067.0 Enter@1071.2',
    );
    const { codes, starts } = play(scan.map((k) => `${k.key}@${k.time}`).join(' '));
    expect(codes).toEqual(['8700000000087']);
    expect(starts).toEqual([1021.3]); // the field's value before 1021.3 is what it goes back to
  });

  it('the same outside a text field', () => {
    expect(play(typed('8700000000087', 0, 4), outside).codes).toEqual(['8700000000087']);
  });

  it('a slow scanner (20 ms a key) with one key held up 90 ms by a busy computer', () => {
    const keys = typed('8700000000094', 500, 20).split(' ');
    // the seventh key and everything after it 70 ms late
    const late = keys.map((k, i) => {
      const [key, time] = k.split('@') as [string, string];
      return `${key}@${Number(time) + (i >= 6 ? 70 : 0)}`;
    });
    expect(play(late.join(' ')).codes).toEqual(['8700000000094']);
  });

  it('a Bluetooth scanner sending its keys in packets (pauses of 150-400 ms between them, the Enter too)', () => {
    const seq = '8@0 7@3 0@6 0@9 0@160 0@163 0@166 0@169 0@420 0@423 0@426 8@429 7@432 Enter@700';
    expect(play(seq).codes).toEqual(['8700000000087']);
  });

  it('a scan typed into a field while the computer is busy: one key held up 600 ms, the Enter 250 ms', () => {
    const { codes, starts } = play('8@0 7@4 0@8 0@12 0@16 0@616 0@620 0@624 0@628 0@632 0@636 8@640 7@644 Enter@894');
    expect(codes).toEqual(['8700000000087']);
    expect(starts).toEqual([0]); // one burst: the field goes back to its value before the first key
  });

  it('outside a field while the computer is busy (a product panel open): one key held up 600 ms, the Enter 350 ms', () => {
    // glance.spec under load: the scan with the panel open came apart at 300 ms and no product opened
    const { codes, starts } = play(
      '8@0 7@4 0@8 0@12 0@16 0@616 0@620 0@624 0@628 0@632 0@636 8@640 7@644 Enter@994',
      outside,
    );
    expect(codes).toEqual(['8700000000087']);
    expect(starts).toEqual([0]);
  });

  it('a SKU with capitals: the Shift the scanner presses for them neither adds nor breaks the code', () => {
    const seq = 'Shift@0 A@1 Shift@3 B@4 -@8 2@12 2@16 4@20 6@24 1@28 7@32 4@36 Enter@40';
    expect(play(seq).codes).toEqual(['AB-2246174']);
  });

  it('a scan after the person typed into the field: only the burst is the code, and it starts at its first key', () => {
    const seq = `1@0 ${typed('8700000000087', 2000, 5)}`;
    const { codes, starts } = play(seq);
    expect(codes).toEqual(['8700000000087']);
    expect(starts).toEqual([0, 2000]);
  });

  it('two scans back to back are two codes', () => {
    const seq = `${typed('8700000000087', 0, 4)} ${typed('8700000000094', 80, 4)}`;
    expect(play(seq).codes).toEqual(['8700000000087', '8700000000094']);
  });

  it('a short code outside a field (three keys), as typed on the Stock list', () => {
    expect(play('1@0 2@150 3@300 Enter@450', outside).codes).toEqual(['123']);
  });
});

describe('a person is not a scan', () => {
  it('digits typed at 150 ms a key into a field, then Enter', () => {
    const { codes, starts } = play(typed('8700000000087', 0, 150));
    expect(codes).toEqual([]);
    expect(starts).toHaveLength(13); // each key on its own: never a burst
  });

  it('a fast typist’s digits (rolling over some keys 30 ms apart, ~70 ms a key), then Enter', () => {
    expect(play('4@0 7@45 1@75 1@135 Enter@205').codes).toEqual([]);
    expect(play('2@0 0@95 2@125 6@210 1@290 1@320 Enter@410').codes).toEqual([]);
  });

  it('a quantity of three digits typed quickly, then Enter (too short for a code in a field)', () => {
    expect(play('1@0 2@20 0@40 Enter@60').codes).toEqual([]);
  });

  it('outside a field, a pause of more than 300 ms starts again', () => {
    expect(play('1@0 2@150 3@500 Enter@650', outside).codes).toEqual([]);
  });

  it('a scanner-fast burst whose Enter a person presses 1.5 s later', () => {
    expect(play(typed('8700000000087', 0, 4, 1500)).codes).toEqual([]);
  });

  it('three digits typed quickly (a rolled-over 30 ms), a pause, two more and Enter: a pause only a machine may make', () => {
    expect(play('4@0 7@30 1@60 1@300 0@330 Enter@400').codes).toEqual([]);
  });

  it('a held-down key repeating, then Enter', () => {
    const reader = createScanReader();
    const keys = [0, 30, 60, 90, 120].map((time, i) => ({ key: '0', time, inField: true, repeat: i > 0 }));
    for (const key of keys) expect(reader.read(key).code).toBeNull();
    expect(reader.read({ key: 'Enter', time: 150, inField: true }).code).toBeNull();
  });

  it('a shortcut in the middle (Ctrl held) breaks the burst: only what follows it can be a code', () => {
    const reader = createScanReader();
    for (const [i, ch] of [...'870000'].entries()) reader.read({ key: ch, time: i * 4, inField: true });
    reader.read({ key: 'v', time: 30, inField: true, modified: true });
    for (const [i, ch] of [...'0000087'].entries()) reader.read({ key: ch, time: 34 + i * 4, inField: true });
    expect(reader.read({ key: 'Enter', time: 70, inField: true }).code).toBe('0000087');
  });
});

describe('words typed at machine speed stay typed', () => {
  it('a town typed by a text expander or a test, then Enter (no digit: not a code)', () => {
    expect(play(typed('Amsterdam', 0, 2)).codes).toEqual([]);
  });

  it('a phone number with spaces, then Enter', () => {
    expect(play(typed('+44 20 7946 0000', 0, 3)).codes).toEqual([]);
  });

  it('an e-mail address with digits, then Enter: in a field, and in a list to pick from (the customer search)', () => {
    // Enter 2 ms after the last key, and 80 ms after it (the customer search's answer came in first)
    expect(play(typed('ruth.meyer42@example.com', 0, 2)).codes).toEqual([]);
    expect(play(typed('ruth.meyer42@example.com', 0, 2, 80), { picking: true }).codes).toEqual([]);
    expect(play(typed('r2@shop.example', 0, 2, 80), { picking: true, codeField: true }).codes).toEqual([]);
    // a code with an @ that is no address is still one
    expect(play(typed('AB12@34', 0, 2)).codes).toEqual(['AB12@34']);
  });

  it('a code typed fast and left with Tab, then an Enter later', () => {
    const seq = `${typed('8700000000087', 0, 4).replace(/Enter@\d+$/, 'Tab@60')} Enter@70`;
    expect(play(seq).codes).toEqual([]);
  });
});

describe('a burst that moves', () => {
  it('from one field to another is not one code: the second field has only its own keys', () => {
    const reader = createScanReader();
    for (const [i, ch] of [...'870000'].entries()) reader.read({ key: ch, time: i * 4, inField: true, target: 'a' });
    for (const [i, ch] of [...'0000087'].entries())
      reader.read({ key: ch, time: 24 + i * 4, inField: true, target: 'b' });
    expect(reader.read({ key: 'Enter', time: 56, inField: true, target: 'b' }).code).toBe('0000087');
  });

  it('from a field to outside it is not one code', () => {
    const reader = createScanReader();
    for (const [i, ch] of [...'8700000'].entries()) reader.read({ key: ch, time: i * 4, inField: true, target: 'a' });
    reader.read({ key: '0', time: 30, inField: false, target: 'list' });
    expect(reader.read({ key: 'Enter', time: 34, inField: true, target: 'a' }).code).toBeNull();
  });
});

/**
 * Issue #29: a US-layout scanner on computers with other layouts. Each key as recorded: what it typed (key), the
 * physical key (code), Shift, and its time; the scanner presses Shift just before a capital.
 */
describe('a key the screen may take as its own (a digit on the favourites grid, #30.2)', () => {
  /** Keys read outside a field; `taken`: the times of the keys the screen may take (mayBeTaken after them). */
  function outsidePlay(sequence: string, taken: number[]): string[] {
    const reader = createScanReader();
    const codes: string[] = [];
    for (const key of recorded(sequence)) {
      const step = reader.read({ ...outside, ...key });
      if (taken.includes(key.time)) reader.mayBeTaken();
      if (step.code !== null) codes.push(step.code);
    }
    return codes;
  }

  it('a tile key, then a scan 150 ms later (within the 300 ms a person may take outside a field): the code whole', () => {
    const sequence = `2@1000 ${typed('4006381333931', 1150, 4)}`;
    expect(outsidePlay(sequence, [1000])).toEqual(['4006381333931']);
    // what the reader did before the grid told it: the tile's digit in front, one digit too long
    expect(outsidePlay(sequence, [])).toEqual(['24006381333931']);
  });

  it('the first digit of a scan itself, followed at a scanner’s pace: part of the code', () => {
    expect(outsidePlay(typed('4006381333931', 1000, 4), [1000])).toEqual(['4006381333931']);
  });

  it('two tile keys 150 ms apart and a scan after them: the code alone', () => {
    expect(outsidePlay(`1@1000 2@1150 ${typed('4006381333931', 1300, 4)}`, [1000, 1150])).toEqual(['4006381333931']);
  });
});

describe('a US-layout scanner on any keyboard layout', () => {
  const LAYOUTS: Layout[] = ['us', 'azerty', 'qwertz', 'dutch'];
  const EAN = '8712345678906';
  /** A Code 128 label with letters the layouts move (Q/A, W/Z, Y/Z, M), lower case and a dash. */
  const LABEL = 'QWZYm-2246174';

  /** The scanner's keys for `text` from `start`, `every` ms a character, ended by `end` (Enter or Tab). */
  function scanned(text: string, layout: Layout, start: number, every: number, end: 'Enter' | 'Tab'): ScanKey[] {
    const keys: ScanKey[] = [];
    let at = start;
    for (const k of usScannerKeys(text, layout)) {
      if (k.key === 'Shift') keys.push({ ...k, time: at - 1, inField: true });
      else {
        keys.push({ ...k, time: at, inField: true });
        at += every;
      }
    }
    keys.push({ key: end, code: end, shift: false, time: at, inField: true });
    return keys;
  }

  function read(keys: ScanKey[], where: Partial<ScanKey>) {
    const reader = createScanReader();
    const steps = keys.map((k) => reader.read({ target: 'field', ...k, ...where }));
    return steps.filter((s) => s.code !== null);
  }

  const places: Array<[string, Partial<ScanKey>]> = [
    ['in a barcode field', { inField: true, codeField: true, target: 'barcode' }],
    ['outside a field', { inField: false, target: 'list' }],
  ];

  for (const layout of LAYOUTS)
    for (const every of [5, 40])
      for (const end of ['Enter', 'Tab'] as const)
        for (const [place, where] of places)
          it(`${layout}: ${every} ms a key, ended by ${end}, ${place}`, () => {
            for (const text of [EAN, LABEL]) {
              const keys = scanned(text, layout, 1000, every, end);
              const found = read(keys, where);
              expect(found.map((s) => s.code)).toEqual([text]);
              // said when the keys typed something else than the code
              const typed = typedText(usScannerKeys(text, layout));
              expect(found[0]!.layoutDiffers).toBe(typed !== text);
            }
          });

  // a scanner set to send characters before each code (a letter, or its symbology identifier `]E0`, whose `]` types
  // `$` on AZERTY, `+` on QWERTZ and `*` on a Dutch keyboard): the reader gives them with the code, read from the keys
  // like the rest, and the settings of Settings → Scanner (a prefix, or the identifier taken off) leave the code
  const PREFIXES: Array<[string, ScannerPrefs]> = [
    ['X', { ...DEFAULT_SCANNER, prefix: 'X' }],
    [']E0', { ...DEFAULT_SCANNER, stripAim: true }],
  ];
  for (const layout of LAYOUTS)
    for (const every of [5, 40])
      for (const end of ['Enter', 'Tab'] as const)
        it(`${layout}: with a prefix, ${every} ms a key, ended by ${end}, in a barcode field and outside one`, () => {
          for (const [prefix, prefs] of PREFIXES)
            for (const text of [EAN, LABEL])
              for (const [place, where] of places) {
                const sent = prefix + text;
                const found = read(scanned(sent, layout, 1000, every, end), where);
                expect(
                  found.map((s) => s.code),
                  `${sent} ${place}`,
                ).toEqual([sent]);
                expect(cleanScan(found[0]!.code!, prefs)).toBe(text);
                expect(found[0]!.layoutDiffers).toBe(typedText(usScannerKeys(sent, layout)) !== sent);
              }
        });

  it('what the keys type on each layout (the recordings match the layouts)', () => {
    expect(typedText(usScannerKeys(EAN, 'azerty'))).toBe('_è&é"\'(-è_çà-');
    expect(typedText(usScannerKeys(EAN, 'qwertz'))).toBe(EAN);
    expect(typedText(usScannerKeys(EAN, 'dutch'))).toBe(EAN);
    expect(typedText(usScannerKeys(LABEL, 'azerty'))).toBe("AZWY,)éé'-&è'");
    expect(typedText(usScannerKeys(LABEL, 'qwertz'))).toBe('QWYZmß2246174');
    expect(typedText(usScannerKeys(LABEL, 'dutch'))).toBe('QWZYm/2246174');
    expect(['us', 'azerty', 'qwertz', 'dutch'].map((l) => typedText(usScannerKeys(']E0', l as Layout)))).toEqual([
      ']E0',
      '$Eà',
      '+E0',
      '*E0',
    ]);
  });

  it('an AZERTY burst into an ordinary field ended by Enter is a scan there too, read from the keys', () => {
    const keys = scanned(EAN, 'azerty', 0, 5, 'Enter');
    const found = read(keys, { inField: true, target: 'quantity' });
    expect(found.map((s) => s.code)).toEqual([EAN]);
    expect(found[0]!.layoutDiffers).toBe(true);
  });

  it('the burst begins at its first key (the field goes back to its value before it)', () => {
    const reader = createScanReader();
    const keys = scanned(EAN, 'azerty', 0, 5, 'Enter');
    const starts = keys.filter((k) => reader.read({ ...k, target: 'field' }).starts).map((k) => k.time);
    expect(starts).toEqual([0]);
  });

  it('a scanner set to this computer’s layout (AZERTY digits with Shift) is read as it typed', () => {
    const keys = typedKeys(LABEL.replace('m', 'M'), 'azerty').map((k, i) => ({ ...k, time: i * 5, inField: true }));
    const found = read([...keys, { key: 'Enter', code: 'Enter', time: keys.length * 5, inField: true }], {});
    expect(found.map((s) => s.code)).toEqual([LABEL.replace('m', 'M')]);
    expect(found[0]!.layoutDiffers).toBe(false);
  });

  for (const layout of LAYOUTS)
    for (const end of ['Enter', 'Tab'] as const)
      it(`${layout}: a person typing the digits at 150 ms a key, then ${end}, is typing`, () => {
        const keys = typedKeys(EAN, layout).map((k, i) => ({ ...k, time: i * 150, inField: true }));
        const last = { key: end, code: end, shift: false, time: EAN.length * 150, inField: true };
        expect(read([...keys, last], { target: 'field' })).toEqual([]);
        expect(read([...keys, last], { codeField: true, target: 'barcode' })).toEqual([]);
      });

  it('a person’s Tab outside a field moves on (an Enter there still looks a typed code up)', () => {
    expect(play('1@0 2@150 3@300 Tab@450', outside).codes).toEqual([]);
    expect(play('1@0 2@150 3@300 Enter@450', outside).codes).toEqual(['123']);
  });

  it('a scanner’s Tab in an ordinary field moves on: only a field made for codes takes it', () => {
    const keys = scanned(EAN, 'us', 0, 5, 'Tab');
    expect(read(keys, { inField: true, target: 'address' })).toEqual([]);
    expect(read(keys, { inField: true, target: 'address', codeField: true }).map((s) => s.code)).toEqual([EAN]);
  });

  it('Shift+Tab never ends a code', () => {
    const keys = scanned(EAN, 'us', 0, 5, 'Tab');
    keys[keys.length - 1]!.shift = true;
    expect(read(keys, { inField: true, codeField: true })).toEqual([]);
  });

  it('words and e-mail addresses typed at machine speed stay typed (their symbols are not read as digits)', () => {
    for (const text of ['grace@example.com', 'Hopper!', 'ünïcödé#café']) {
      const keys = [...text].map((ch, i) => {
        const [k] = (() => {
          try {
            return typedKeys(ch, 'us');
          } catch {
            return [{ key: ch, code: '', shift: false }];
          }
        })();
        return { ...k!, time: i * 3, inField: true };
      });
      const enter = { key: 'Enter', code: 'Enter', time: text.length * 3, inField: true };
      expect(read([...keys, enter], {})).toEqual([]);
    }
  });
});

describe('usCharacter: what a US keyboard types with a physical key', () => {
  it('digits from Digit and Numpad keys, whatever the layout typed', () => {
    expect(usCharacter('Digit1', '&')).toBe('1');
    expect(usCharacter('Digit0', 'à', false)).toBe('0');
    expect(usCharacter('Digit1', '1', true)).toBe('1'); // AZERTY types digits with Shift
    expect(usCharacter('Numpad7', '7')).toBe('7');
    expect(usCharacter('Digit2', '@', true)).toBe('@'); // the layouts agree: as typed
  });

  it('letters as the US layout places them, capitals with Shift', () => {
    expect(usCharacter('KeyA', 'q', false)).toBe('a');
    expect(usCharacter('KeyA', 'Q', true)).toBe('A');
    expect(usCharacter('KeyY', 'z', false)).toBe('y');
    expect(usCharacter('KeyM', '?', true)).toBe('M');
    expect(usCharacter('KeyM', ',')).toBe('m');
    expect(usCharacter('KeyB', 'B')).toBe('B'); // Shift not known: the case typed
  });

  it('punctuation, and nothing for keys the US layout has not or an unknown code', () => {
    expect(usCharacter('Minus', 'ß', false)).toBe('-');
    expect(usCharacter('Minus', '/', false)).toBe('-');
    expect(usCharacter('IntlBackslash', '<')).toBeNull();
    expect(usCharacter('', '1')).toBeNull();
    expect(usCharacter(undefined, '1')).toBeNull();
  });
});

/**
 * A shortcut key the screen handles (`+` repeats the last line, #29.6) that a scanner may send as the first key of a
 * code: a US-layout scanner's `]` (of the symbology identifier `]E0`) types `+` on a German (QWERTZ) keyboard, with
 * event.code 'BracketRight'. The screen hands the key to the reader (holdShortcut) instead of acting on it and
 * resetting the reader (what it did before: the line was repeated and the scan read as `E0…`, not found).
 */
describe('a shortcut key that may be the start of a scan (`+` on a German keyboard)', () => {
  const EAN = '4006381333931';
  const prefs = { ...DEFAULT_SCANNER, stripAim: true };

  /** Keys as recorded (a US-layout scanner on QWERTZ, `every` ms a key, from `start`), the Enter at the end. */
  function qwertzScan(text: string, start: number, every: number, where: Partial<ScanKey>): ScanKey[] {
    const keys: ScanKey[] = [];
    let at = start;
    for (const k of usScannerKeys(text, 'qwertz')) {
      if (k.key === 'Shift') keys.push({ ...k, time: at - 1, inField: false, ...where });
      else {
        keys.push({ ...k, time: at, inField: false, ...where });
        at += every;
      }
    }
    keys.push({ key: 'Enter', code: 'Enter', time: at, inField: false, ...where });
    return keys;
  }

  /**
   * Plays the keys; the screen takes each `+` as its shortcut (holds it), as the Items step does. Returns the codes
   * read and what became of the shortcuts: acted (with the time of the key that told), or dropped.
   */
  function playShortcuts(keys: ScanKey[], released = false) {
    const reader = createScanReader();
    const codes: string[] = [];
    const fates: string[] = [];
    for (const key of keys) {
      const step = reader.read(key);
      if (step.shortcut) fates.push(step.shortcut);
      if (key.key === '+') reader.holdShortcut(key.time);
      if (step.code !== null) codes.push(step.code);
    }
    if (released && reader.releaseShortcut()) fates.push('acts');
    return { codes, fates };
  }

  const places: Array<[string, Partial<ScanKey>]> = [
    ['outside a field', { inField: false, target: 'list' }],
    ['in the barcode field', { inField: true, codeField: true, target: 'barcode' }],
  ];

  for (const every of [5, 40])
    for (const [place, where] of places)
      it(`the scanner's "]E0" + EAN at ${every} ms a key, ${place}: the code whole, the + dropped`, () => {
        const keys = qwertzScan(`]E0${EAN}`, 1000, every, where);
        expect(keys[0]).toMatchObject({ key: '+', code: 'BracketRight' });
        const { codes, fates } = playShortcuts(keys, true);
        expect(codes).toEqual([`]E0${EAN}`]);
        expect(cleanScan(codes[0]!, prefs)).toBe(EAN);
        expect(fates).toEqual(['dropped']);
      });

  it('before: the + taken at once (the reader reset) lost the `]`: the scan read as E0…', () => {
    const reader = createScanReader();
    const codes: string[] = [];
    for (const key of qwertzScan(`]E0${EAN}`, 1000, 5, { inField: false, target: 'list' })) {
      const step = reader.read(key);
      if (key.key === '+') reader.reset(); // scanKeysTaken, as the step did
      if (step.code !== null) codes.push(step.code);
    }
    expect(codes).toEqual([`E0${EAN}`]);
  });

  for (const [place, where] of places) {
    it(`a person's + alone ${place}: it acts once no key follows (released by the wait)`, () => {
      const { codes, fates } = playShortcuts(
        [{ key: '+', code: 'BracketRight', time: 1000, ...where } as ScanKey],
        true,
      );
      expect(codes).toEqual([]);
      expect(fates).toEqual(['acts']);
    });

    it(`a person's + ${place}, then a scan 150 ms later: the + acts before the scan, which is read whole`, () => {
      const keys = [
        { key: '+', code: 'BracketRight', time: 1000, ...where } as ScanKey,
        ...qwertzScan(EAN, 1150, 5, where),
      ];
      const { codes, fates } = playShortcuts(keys, true);
      expect(fates).toEqual(['acts']);
      expect(codes).toEqual([EAN]);
    });

    it(`two + a person pressed ${place} (300 ms apart): both act`, () => {
      const keys = [
        { key: '+', code: 'BracketRight', time: 1000, ...where } as ScanKey,
        { key: '+', code: 'BracketRight', time: 1300, ...where } as ScanKey,
      ];
      expect(playShortcuts(keys, true).fates).toEqual(['acts', 'acts']);
    });
  }

  it('a key the reader does not read (passed) tells the same by its time; Shift before a capital tells nothing', () => {
    const reader = createScanReader();
    reader.holdShortcut(1000);
    expect(reader.read({ key: 'Shift', code: 'ShiftLeft', time: 1003, inField: false }).shortcut).toBeUndefined();
    expect(reader.passed(1004)).toBe('dropped');
    reader.holdShortcut(2000);
    expect(reader.passed(2300)).toBe('acts');
    reader.holdShortcut(3000);
    expect(reader.passed(3004, true)).toBe('acts'); // a shortcut (Ctrl held) right after: a person
    expect(reader.passed(3010)).toBeNull();
    expect(reader.releaseShortcut()).toBe(false);
  });
});
