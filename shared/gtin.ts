/**
 * GS1 check digits (issue #29.3). EAN-8, UPC-A (12 digits), EAN-13 and GTIN-14 end with a check digit: a code of one
 * of those lengths whose check digit is wrong was misread (a smudged label, a scan at an angle) and is to be scanned
 * again, not reported as a product the catalogue lacks. The same product goes by several of these forms: a UPC-A is
 * an EAN-13 with a leading 0, a GTIN-14 with indicator 0 is its EAN-13 (or UPC-A, EAN-8) padded with zeros, and a
 * UPC-E (8 digits, number system 0 or 1) is a UPC-A with its zeros left out.
 */

/** The GS1 check digit for the digits before it (any length): weights 3 and 1 from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

const hasValidCheck = (code: string): boolean => gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);

/** A UPC-E code (0 or 1, six digits, check digit) written out as its UPC-A; null when it is not one. */
export function upcEToUpcA(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const [n, d1, d2, d3, d4, d5, d6, check] = [...code] as [string, ...string[]];
  const body =
    d6 === '0' || d6 === '1' || d6 === '2'
      ? `${n}${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === '3'
        ? `${n}${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === '4'
          ? `${n}${d1}${d2}${d3}${d4}00000${d5}`
          : `${n}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${body}${check}`;
}

export type GtinVerdict = 'valid' | 'misread';

/**
 * Whether a code of 8, 12, 13 or 14 digits carries a right check digit; null for any other code (a SKU, a Code 128
 * label, a code of another length), which has no check digit to go by. An 8-digit code is right as an EAN-8 or as a
 * UPC-E.
 */
export function gtinVerdict(code: string): GtinVerdict | null {
  if (!/^(?:\d{8}|\d{12,14})$/.test(code)) return null;
  if (hasValidCheck(code)) return 'valid';
  const upcA = upcEToUpcA(code);
  return upcA !== null && hasValidCheck(upcA) ? 'valid' : 'misread';
}

/**
 * The other forms of a valid code that name the same product, most likely first: its EAN-13, UPC-A, GTIN-14 and EAN-8
 * as far as its leading zeros allow (a GTIN-14 `00012345678905` is the UPC-A `012345678905` and the EAN-13
 * `0012345678905`), and for a UPC-E its UPC-A and that one's forms. The code itself is not among them.
 */
export function gtinForms(code: string): string[] {
  if (gtinVerdict(code) !== 'valid') return [];
  const forms: string[] = [];
  const add = (valid: string): void => {
    const padded = valid.padStart(14, '0');
    for (const length of [13, 12, 14, 8]) {
      const zeros = padded.slice(0, 14 - length);
      if (/^0*$/.test(zeros)) forms.push(padded.slice(14 - length));
    }
  };
  if (code.length === 8 && hasValidCheck(code)) add(code);
  const upcA = code.length === 8 ? upcEToUpcA(code) : null;
  if (upcA !== null && hasValidCheck(upcA)) add(upcA);
  if (code.length !== 8) add(code);
  return [...new Set(forms)].filter((form) => form !== code);
}
