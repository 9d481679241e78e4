/**
 * GS1 check digits and the forms of one GTIN (issue #29.3): a code of 8, 12, 13 or 14 digits with a wrong check digit
 * is a misread; a right one finds its product whichever form the label or the catalogue uses.
 */
import { describe, expect, it } from 'vitest';
import { lookupMiss } from '../../../electron/main/core/catalogue/service';
import { gs1CheckDigit, gtinForms, gtinVerdict, upcEToUpcA } from '../../../shared/gtin';

/** The code with one digit changed (the `at`th, by +1): what a misread looks like. */
const oneWrong = (code: string, at: number): string =>
  code.slice(0, at) + String((Number(code[at]) + 1) % 10) + code.slice(at + 1);

const VALID = {
  'EAN-8': ['96385074', '73513537', '40170725'],
  'UPC-A': ['036000291452', '042100005264', '012345678905'],
  'EAN-13': ['4006381333931', '8712345678906', '5901234123457', '0036000291452'],
  'GTIN-14': ['00036000291452', '08712345678906', '10012345678902'],
};

describe('GS1 check digits', () => {
  it('the check digit of known codes', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(gs1CheckDigit('1001234567890')).toBe(2);
    expect(gs1CheckDigit('871234567890')).toBe(6);
  });

  for (const [kind, codes] of Object.entries(VALID))
    it(`${kind}: valid codes pass, and every one-digit-wrong copy is a misread`, () => {
      for (const code of codes) {
        expect(gtinVerdict(code)).toBe('valid');
        for (let at = 0; at < code.length; at++)
          expect(gtinVerdict(oneWrong(code, at)), `${code} @${at}`).toBe('misread');
      }
    });

  it('codes of other lengths or with other characters have no check digit to go by', () => {
    for (const code of ['1234567', '12345678901', '123456789012345', '142-0042', 'AB-2246174', '', '8712 3456'])
      expect(gtinVerdict(code)).toBeNull();
  });

  it('UPC-E: written out as its UPC-A, and right by that one’s check digit even where EAN-8’s fails', () => {
    expect(upcEToUpcA('04252614')).toBe('042100005264');
    expect(upcEToUpcA('01234565')).toBe('012345000065');
    expect(upcEToUpcA('06543217')).toBe('065100004327');
    expect(upcEToUpcA('01234133')).toBe('012300000413');
    expect(upcEToUpcA('01234446')).toBe('012340000046');
    expect(upcEToUpcA('21234565')).toBeNull(); // number system 2: not a UPC-E
    expect(gtinVerdict('04252614')).toBe('valid');
    expect(gtinVerdict('04252615')).toBe('misread');
  });
});

describe('the forms of one GTIN', () => {
  it('UPC-A and EAN-13 with a leading 0 are each other’s form; GTIN-14 with indicator 0 is its EAN-13', () => {
    expect(gtinForms('036000291452')).toContain('0036000291452');
    expect(gtinForms('0036000291452')).toContain('036000291452');
    expect(gtinForms('08712345678906')[0]).toBe('8712345678906');
    expect(gtinForms('00036000291452')).toEqual(expect.arrayContaining(['0036000291452', '036000291452']));
    expect(gtinForms('8712345678906')).toEqual(['08712345678906']);
  });

  it('a UPC-E finds its UPC-A; an EAN-8 its padded forms', () => {
    expect(gtinForms('04252614')).toEqual(expect.arrayContaining(['042100005264', '0042100005264']));
    expect(gtinForms('96385074')).toContain('00000096385074');
  });

  it('a misread has no other forms; a GTIN-14 of a case (indicator 1-8) is not its unit', () => {
    expect(gtinForms('8712345678905')).toEqual([]);
    expect(gtinForms('10012345678902')).toEqual([]);
  });
});

describe('why a code found nothing (the core sends it, the screens word it)', () => {
  it('misread, a barcode the catalogue lacks, or another code', () => {
    expect(lookupMiss('4000000000000')).toBe('misread');
    expect(lookupMiss('4000000000006')).toBe('not_in_catalogue');
    expect(lookupMiss(' 4000 0000 0000 6 ')).toBe('not_in_catalogue');
    expect(lookupMiss('036000291453')).toBe('misread');
    expect(lookupMiss('142-0042')).toBe('unknown');
    expect(lookupMiss('12345')).toBe('unknown');
  });
});
