import { describe, expect, it } from 'vitest';
import { GS, gs1Day, gtinForLookup, looksGs1, parseGs1 } from '../../../shared/gs1';

const NOW = new Date('2026-11-26T12:00:00Z');
const GTIN = '09501101530003';

const read = (code: string) => {
  const result = parseGs1(code, NOW);
  if (!result.ok) throw new Error(`not read: ${result.problem} ${result.ai ?? ''}`);
  return result.data;
};

describe('GS1 application identifiers (#29.5)', () => {
  it('reads the bracketed human form', () => {
    expect(read(`(01)${GTIN}(17)250331(10)ABC123`)).toMatchObject({
      gtin: GTIN,
      expiry: '2025-03-31',
      lot: 'ABC123',
      serial: null,
      weightKg: null,
    });
    expect(read(`(01)${GTIN}(10)L-1(3103)001234(21)SN9`)).toMatchObject({
      lot: 'L-1',
      weightKg: '1.234',
      serial: 'SN9',
    });
  });

  it('reads what a scanner sends: a variable field ended by GS, a fixed one running on, the symbology identifier', () => {
    const data = read(`]d201${GTIN}10ABC123${GS}172503313103001234`);
    expect(data).toMatchObject({ gtin: GTIN, lot: 'ABC123', expiry: '2025-03-31', weightKg: '1.234' });
    expect(data.fields.map((f) => f.ai)).toEqual(['01', '10', '17', '3103']);
    // the last variable field needs no GS; two variable fields in a row are split by it
    expect(read(`01${GTIN}1725033110LOT-7`)).toMatchObject({ lot: 'LOT-7', expiry: '2025-03-31' });
    expect(read(`]C101${GTIN}21SN1${GS}10L2${GS}3922001250`)).toMatchObject({
      serial: 'SN1',
      lot: 'L2',
      price: '12.50',
    });
    // a leading FNC1 and a GS after a fixed field end nothing
    expect(read(`${GS}01${GTIN}${GS}10X`)).toMatchObject({ gtin: GTIN, lot: 'X' });
  });

  it('weights and prices with their decimals', () => {
    expect(read(`01${GTIN}3100000500`).weightKg).toBe('500');
    expect(read(`01${GTIN}3102012345`).weightKg).toBe('123.45');
    expect(read(`01${GTIN}3105001234`).weightKg).toBe('0.01234');
    expect(read(`01${GTIN}39201250`).price).toBe('1250');
    expect(read(`01${GTIN}3923000125`).price).toBe('0.125');
  });

  it('expiry days: 00 is the month’s last day, the century from the sliding window', () => {
    expect(gs1Day('260200', NOW)).toBe('2026-02-28');
    expect(gs1Day('240200', NOW)).toBe('2024-02-29');
    expect(gs1Day('991231', NOW)).toBe('1999-12-31');
    expect(gs1Day('701231', NOW)).toBe('2070-12-31');
    expect(gs1Day('261301', NOW)).toBeNull();
    expect(gs1Day('260231', NOW)).toBeNull();
  });

  it('refuses a wrong GTIN check digit, an unknown AI, a field too long or not numeric', () => {
    expect(parseGs1(`(01)09501101530004`, NOW)).toEqual({ ok: false, problem: 'bad_check_digit', ai: '01' });
    expect(parseGs1(`01${GTIN}99ABC`, NOW)).toMatchObject({ ok: false, problem: 'unknown_ai' });
    expect(parseGs1(`01${GTIN}10${'A'.repeat(21)}`, NOW)).toEqual({ ok: false, problem: 'bad_value', ai: '10' });
    expect(parseGs1(`01${GTIN}3103001A34`, NOW)).toEqual({ ok: false, problem: 'bad_value', ai: '3103' });
    expect(parseGs1(`01${GTIN}17250`, NOW)).toEqual({ ok: false, problem: 'bad_value', ai: '17' });
    expect(parseGs1('(01)abc)', NOW)).toMatchObject({ ok: false });
  });

  it('tells a GS1 element string from a plain code', () => {
    expect(looksGs1('8712345678906')).toBe(false);
    expect(looksGs1('SKU-1-A')).toBe(false);
    expect(looksGs1(`01${GTIN}`)).toBe(false); // a bare 16-digit code may be anything
    expect(looksGs1(`01${GTIN}10AB`)).toBe(true);
    expect(looksGs1(`01${GTIN.slice(0, 13)}4` + '10AB')).toBe(false); // no valid GTIN after (01)
    expect(looksGs1(`]C101${GTIN}`)).toBe(true);
    expect(looksGs1(`(01)${GTIN}`)).toBe(true);
    expect(looksGs1(`10AB${GS}01${GTIN}`)).toBe(true);
  });

  it('looks a GTIN-14 with indicator 0 up as its EAN-13', () => {
    expect(gtinForLookup(GTIN)).toBe('9501101530003');
    expect(gtinForLookup('19501101530000')).toBe('19501101530000');
  });
});
