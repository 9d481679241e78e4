import { describe, expect, it } from 'vitest';
import {
  collectDateEvidence,
  formatSlashDate,
  isoDate,
  learnDateOrder,
  parseSlashDate,
  readDate,
} from '../../../shared/dates';

describe('slash dates', () => {
  it('reads both orders', () => {
    expect(parseSlashDate('27/05/2026', 'dmy')).toEqual({ year: 2026, month: 5, day: 27 });
    expect(parseSlashDate('05/27/2026', 'mdy')).toEqual({ year: 2026, month: 5, day: 27 });
    expect(parseSlashDate('04/05/2026', 'dmy')).toEqual({ year: 2026, month: 5, day: 4 });
    expect(parseSlashDate('04/05/2026', 'mdy')).toEqual({ year: 2026, month: 4, day: 5 });
  });

  it('impossible or odd dates are null, never Invalid Date', () => {
    for (const text of ['31/02/2026', '29/02/2025', '00/01/2026', '13/13/2026', '2026-01-02', '', '1/2/26', 'soon']) {
      expect(parseSlashDate(text, 'dmy')).toBeNull();
    }
    expect(parseSlashDate('29/02/2028', 'dmy')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(readDate('31/02/2026', 'dmy')).toEqual({ kind: 'invalid', text: '31/02/2026' });
    expect(readDate('', 'dmy')).toEqual({ kind: 'empty' });
    expect(readDate(null, 'dmy')).toEqual({ kind: 'empty' });
    expect(readDate('27/05/2026', 'dmy')).toMatchObject({ kind: 'date', iso: '2026-05-27' });
  });

  it('serialises in either order', () => {
    const date = { year: 2026, month: 1, day: 9 };
    expect(formatSlashDate(date, 'dmy')).toBe('09/01/2026');
    expect(formatSlashDate(date, 'mdy')).toBe('01/09/2026');
    expect(isoDate(date)).toBe('2026-01-09');
  });

  it('learns the order from the data: a first group above 12 proves day-first', () => {
    expect(learnDateOrder(collectDateEvidence(['01/02/2026', '27/05/2026']))).toBe('dmy');
    expect(learnDateOrder(collectDateEvidence(['01/02/2026', '05/27/2026']))).toBe('mdy');
    expect(learnDateOrder(collectDateEvidence(['01/02/2026', '03/04/2026']))).toBeNull(); // all ambiguous
    expect(learnDateOrder(collectDateEvidence(['27/05/2026', '05/27/2026']))).toBeNull(); // contradicts itself
    expect(learnDateOrder(collectDateEvidence(['', 'n/a', '2026-05-27']))).toBeNull();
  });
});
