/** Dates typed in the user's locale (en-US, de-DE, fr-FR, nl-NL), impossible ones explained, ISO days kept. */
import { describe, expect, it } from 'vitest';
import { formatLocaleDate, localeDatePattern, readLocaleDate } from '../../../shared/dates';

describe('dates in the user’s locale', () => {
  it('reads each locale’s own order and separators', () => {
    expect(readLocaleDate('11/22/2026', 'en-US')).toEqual({ ok: true, iso: '2026-11-22' });
    expect(readLocaleDate('22.11.2026', 'de-DE')).toEqual({ ok: true, iso: '2026-11-22' });
    expect(readLocaleDate('22/11/2026', 'fr-FR')).toEqual({ ok: true, iso: '2026-11-22' });
    expect(readLocaleDate('22-11-2026', 'nl-NL')).toEqual({ ok: true, iso: '2026-11-22' });
    // any separator, one-digit parts, two-digit years, ISO days and "t"
    expect(readLocaleDate('3.4.26', 'de-DE')).toEqual({ ok: true, iso: '2026-04-03' });
    expect(readLocaleDate('3/4/2026', 'en-US')).toEqual({ ok: true, iso: '2026-03-04' });
    expect(readLocaleDate('3 4 2026', 'nl-NL')).toEqual({ ok: true, iso: '2026-04-03' });
    expect(readLocaleDate('2026-04-03', 'en-US')).toEqual({ ok: true, iso: '2026-04-03' });
    expect(readLocaleDate('t', 'fr-FR', new Date(2026, 1, 3))).toEqual({ ok: true, iso: '2026-02-03' });
  });

  it('says why an impossible date is not one', () => {
    expect(readLocaleDate('29.02.2026', 'de-DE')).toEqual({
      ok: false,
      problem: 'no-such-day',
      year: 2026,
      month: 2,
      days: 28,
    });
    expect(readLocaleDate('29/02/2028', 'fr-FR')).toEqual({ ok: true, iso: '2028-02-29' });
    expect(readLocaleDate('04/31/2026', 'en-US')).toMatchObject({ problem: 'no-such-day', month: 4, days: 30 });
    expect(readLocaleDate('31-04-2026', 'nl-NL')).toMatchObject({ problem: 'no-such-day', month: 4, days: 30 });
    expect(readLocaleDate('22/11/2026', 'en-US')).toEqual({ ok: false, problem: 'no-such-month', month: 22 });
    expect(readLocaleDate('next week', 'en-US')).toEqual({ ok: false, problem: 'unreadable' });
    expect(readLocaleDate('1/2/20266', 'en-US')).toEqual({ ok: false, problem: 'unreadable' });
    expect(readLocaleDate('  ', 'en-US')).toEqual({ ok: false, problem: 'empty' });
  });

  it('shows ISO days in the locale, with its pattern', () => {
    expect(formatLocaleDate('2026-11-02', 'en-US')).toBe('11/02/2026');
    expect(formatLocaleDate('2026-11-02', 'de-DE')).toBe('02.11.2026');
    expect(formatLocaleDate('2026-11-02', 'fr-FR')).toBe('02/11/2026');
    expect(formatLocaleDate('2026-11-02', 'nl-NL')).toBe('02-11-2026');
    expect(localeDatePattern('de-DE')).toBe('dd.mm.yyyy');
    expect(localeDatePattern('en-US')).toBe('mm/dd/yyyy');
    expect(formatLocaleDate('not a day', 'de-DE')).toBe('not a day');
  });
});
