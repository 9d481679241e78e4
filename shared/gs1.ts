/**
 * GS1 application identifiers (issue #29.5). A GS1-128 or GS1 DataMatrix label holds several fields, each an
 * application identifier (AI) and its value: `(01)` the GTIN, `(10)` a lot, `(17)` an expiry day, `(21)` a serial
 * number, `(310n)` the net weight in kg with n decimals, `(392n)` the price to pay with n decimals. A 2D scanner sends
 * them in a row, a fixed-length field straight on to the next AI, a variable-length one ended by the GS character
 * (ASCII 29, the symbol's FNC1) unless it is the last; the human form under the bars writes each AI in brackets.
 *
 * Pure: `parseGs1` reads both forms (with or without the scanner's symbology identifier `]C1`, `]d2`, `]Q3`, `]e0`).
 */
import { gs1CheckDigit } from './gtin';

/** The GS character (FNC1 in a GS1 symbol) as a scanner sends it. */
export const GS = '\u001d';

interface AiSpec {
  /** A fixed length of the value; else the longest a variable one may be (ended by GS). */
  length: number;
  fixed: boolean;
  numeric: boolean;
}

const fixedDigits = (length: number): AiSpec => ({ length, fixed: true, numeric: true });
const variable = (length: number, numeric = false): AiSpec => ({ length, fixed: false, numeric });

/** The AIs read here, and the common others a label may carry (read past, kept in `fields`). */
function specOf(ai: string): AiSpec | null {
  if (ai === '00') return fixedDigits(18);
  if (ai === '01' || ai === '02') return fixedDigits(14);
  if (['11', '12', '13', '15', '16', '17'].includes(ai)) return fixedDigits(6);
  if (ai === '20') return fixedDigits(2);
  if (ai === '10' || ai === '21' || ai === '22') return variable(20);
  if (ai === '30' || ai === '37') return variable(8, true);
  if (/^3[1-6]\d\d$/.test(ai)) return fixedDigits(6); // measures: net weight (310n) and the others
  if (/^39[0-3]\d$/.test(ai)) return variable(ai[2] === '1' || ai[2] === '3' ? 18 : 15, true); // amounts
  if (['240', '241', '400', '401', '403'].includes(ai)) return variable(30);
  if (ai === '250' || ai === '251') return variable(30);
  if (ai === '410' || ai === '411' || ai === '412' || ai === '413' || ai === '414') return fixedDigits(13);
  if (ai === '422' || ai === '424' || ai === '426') return fixedDigits(3);
  if (ai === '7003') return fixedDigits(10);
  if (ai === '8005') return fixedDigits(6);
  if (ai === '8008') return variable(12, true);
  return null;
}

/** The AI at the start of `text`: the shortest prefix (2, 3 or 4 digits) that names a known one. */
function aiAt(text: string): string | null {
  for (const length of [2, 3, 4]) {
    const ai = text.slice(0, length);
    if (/^\d+$/.test(ai) && ai.length === length && specOf(ai)) return ai;
  }
  return null;
}

export interface Gs1Field {
  ai: string;
  value: string;
}

export interface Gs1Data {
  fields: Gs1Field[];
  /** (01), 14 digits with a right check digit. */
  gtin: string | null;
  /** (10) */
  lot: string | null;
  /** (17) as an ISO day (a day 00 is the month's last day, as GS1 says). */
  expiry: string | null;
  /** (21) */
  serial: string | null;
  /** (310n) as a decimal number of kilograms ("1.234"). */
  weightKg: string | null;
  /** (392n) as a decimal amount in the shop's currency ("12.50"). */
  price: string | null;
}

export type Gs1Problem = 'not_gs1' | 'unknown_ai' | 'bad_value' | 'bad_check_digit';
export type Gs1Read = { ok: true; data: Gs1Data } | { ok: false; problem: Gs1Problem; ai?: string };

const IDENTIFIERS = [']C1', ']d2', ']Q3', ']e0', ']J1'];

/** Whether a scanned code is to be read as GS1 element strings rather than as one plain code. */
export function looksGs1(code: string): boolean {
  if (IDENTIFIERS.some((id) => code.startsWith(id))) return true;
  if (code.includes(GS)) return true;
  if (/^\(\d{2,4}\)/.test(code)) return true;
  // a GS1-128 scanner set to send no identifier: (01) and its GTIN, then more fields
  return /^01\d{14}\d{2}/.test(code) && gs1CheckDigit(code.slice(2, 15)) === Number(code[15]);
}

/** The bracketed human form as the element string a scanner sends: "(01)…(10)AB(17)…" → "01…10AB<GS>17…". */
function fromBrackets(text: string): string | null {
  const parts = [...text.matchAll(/\((\d{2,4})\)([^()]*)/g)];
  if (parts.length === 0 || parts.map((m) => m[0]).join('') !== text) return null;
  return parts
    .map(([, ai, value], i) => {
      const spec = specOf(ai!);
      return `${ai}${value}${spec && !spec.fixed && i < parts.length - 1 ? GS : ''}`;
    })
    .join('');
}

/** "250331" → "2025-03-31"; a day 00 is the month's last. The century: GS1's sliding window around `now`. */
export function gs1Day(yymmdd: string, now = new Date()): string | null {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(yymmdd);
  if (!match) return null;
  const [yy, mm, dd] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (mm < 1 || mm > 12) return null;
  const current = now.getUTCFullYear();
  let year = Math.floor(current / 100) * 100 + yy;
  if (year - current >= 51) year -= 100;
  else if (current - year > 49) year += 100;
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (dd > last) return null;
  const day = dd === 0 ? last : dd;
  return `${String(year).padStart(4, '0')}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Digits with `decimals` of them after the point, as a decimal string ("001234", 3 → "1.234"). */
function decimal(digits: string, decimals: number): string {
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  return decimals === 0 ? whole : `${whole}.${digits.slice(digits.length - decimals)}`;
}

/** Reads a GS1 element string, in either form. */
export function parseGs1(code: string, now = new Date()): Gs1Read {
  let text = code.trim();
  const identifier = IDENTIFIERS.find((id) => text.startsWith(id));
  if (identifier) text = text.slice(identifier.length);
  if (text.startsWith('(')) {
    const flat = fromBrackets(text);
    if (flat === null) return { ok: false, problem: 'not_gs1' };
    text = flat;
  }
  // a leading FNC1 (some scanners send it), and a GS at the very end, end nothing
  text = text.replace(new RegExp(`^${GS}+|${GS}+$`, 'g'), '');
  if (!/^\d{2}/.test(text)) return { ok: false, problem: 'not_gs1' };
  const fields: Gs1Field[] = [];
  let at = 0;
  while (at < text.length) {
    const ai = aiAt(text.slice(at));
    if (ai === null) return { ok: false, problem: 'unknown_ai', ai: text.slice(at, at + 4) };
    const spec = specOf(ai)!;
    at += ai.length;
    let value: string;
    if (spec.fixed) {
      value = text.slice(at, at + spec.length);
      at += spec.length;
      if (value.length !== spec.length) return { ok: false, problem: 'bad_value', ai };
      if (text[at] === GS) at += 1; // a GS after a fixed field is allowed, and ends nothing
    } else {
      const end = text.indexOf(GS, at);
      value = text.slice(at, end < 0 ? text.length : end);
      at = end < 0 ? text.length : end + 1;
      if (value.length === 0 || value.length > spec.length) return { ok: false, problem: 'bad_value', ai };
    }
    if (spec.numeric && !/^\d+$/.test(value)) return { ok: false, problem: 'bad_value', ai };
    fields.push({ ai, value });
  }
  const data: Gs1Data = { fields, gtin: null, lot: null, expiry: null, serial: null, weightKg: null, price: null };
  for (const { ai, value } of fields) {
    if (ai === '01') {
      if (gs1CheckDigit(value.slice(0, 13)) !== Number(value[13])) return { ok: false, problem: 'bad_check_digit', ai };
      data.gtin = value;
    } else if (ai === '10') data.lot = value;
    else if (ai === '21') data.serial = value;
    else if (ai === '17') {
      data.expiry = gs1Day(value, now);
      if (data.expiry === null) return { ok: false, problem: 'bad_value', ai };
    } else if (/^310\d$/.test(ai)) data.weightKg = decimal(value, Number(ai[3]));
    else if (/^392\d$/.test(ai)) data.price = decimal(value, Number(ai[3]));
  }
  return { ok: true, data };
}

/** The GTIN as the catalogue most likely holds it: a GTIN-14 with indicator 0 is an EAN-13 (or UPC-A) padded. */
export function gtinForLookup(gtin: string): string {
  return gtin.startsWith('0') ? gtin.slice(1) : gtin;
}
