/**
 * The scanner reader's timing (issue #27.2): key sequences as they arrive (key and KeyboardEvent.timeStamp), from a
 * scanner, a person, a fast typist and a machine typing words, in a text field and outside one.
 */
import { describe, expect, it } from 'vitest';
import { createScanReader, type ScanKey } from '../../../renderer/src/components/scanReader';

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
