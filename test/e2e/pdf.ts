/**
 * What a PDF printed by Chromium holds, read back without a PDF library: each page's size (its MediaBox, in mm), the
 * text it shows (through each font's ToUnicode map) and how many filled rectangles it draws (a barcode's bars drawn
 * as SVG rectangles stay rectangles: `re` operators). Enough for Skia's PDFs (no object streams, Flate streams).
 */
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface PdfPage {
  widthMm: number;
  heightMm: number;
  text: string;
  /**
   * The text without any white space (Skia places some words glyph by glyph, which reads as spaces between letters)
   * and with ligatures taken apart (a font's "ﬁ" glyph maps to U+FB01: NFKC makes it "fi").
   */
  compact: string;
  rectangles: number;
}

/** A text as `compact` holds it. */
export const compact = (text: string): string => text.normalize('NFKC').replace(/\s+/g, '');

const PT_TO_MM = 25.4 / 72;

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\b/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const streamAt = body.search(/\bstream\r?\n/);
    let stream: Buffer | null = null;
    let dict = body;
    if (streamAt >= 0) {
      dict = body.slice(0, streamAt);
      const dataStart = start + streamAt + body.slice(streamAt).match(/^stream\r?\n/)![0].length;
      const dataEnd = text.lastIndexOf('endstream', end);
      let data = pdf.subarray(dataStart, dataEnd);
      if (/\/FlateDecode/.test(dict)) {
        try {
          data = zlib.inflateSync(data);
        } catch {
          data = zlib.inflateSync(data.subarray(0, data.length - 1));
        }
      }
      stream = data;
    }
    found.set(Number(m[1]), { dict, stream });
    head.lastIndex = end;
  }
  return found;
}

/** A ToUnicode CMap's code → text, codes as hex. */
function cmap(source: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string): string => {
    let s = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return s;
  };
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, to] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(code!.toLowerCase(), utf16(to!));
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const width = from!.length;
      const a = parseInt(from!, 16);
      const b = parseInt(to!, 16);
      const d = parseInt(dst!, 16);
      for (let c = a; c <= b && c - a < 65536; c++)
        map.set(c.toString(16).padStart(width, '0'), String.fromCharCode(d + c - a));
    }
  return map;
}

const ref = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
};

/** The pages of a PDF, in order, each with its size, text and rectangles. */
export function readPdf(pdf: Buffer): PdfPage[] {
  const all = objects(pdf);
  const dictOf = (n: number | null): string => (n === null ? '' : (all.get(n)?.dict ?? ''));
  // page order: the Pages tree's Kids
  const pages: number[] = [];
  const walk = (n: number): void => {
    const dict = dictOf(n);
    if (/\/Type\s*\/Page\b/.test(dict)) return void pages.push(n);
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(dict);
    for (const [, k] of kids?.[1]?.matchAll(/(\d+) 0 R/g) ?? []) walk(Number(k));
  };
  const root = [...all.entries()].find(([, o]) => /\/Type\s*\/Pages\b/.test(o.dict) && !/\/Parent/.test(o.dict));
  if (root) walk(root[0]);
  return pages.map((n) => {
    const dict = dictOf(n);
    const box = /\/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]/.exec(dict);
    const [x0, y0, x1, y1] = box ? box.slice(1).map(Number) : [0, 0, 0, 0];
    // fonts of the page: resource name → its ToUnicode map
    const resources = /\/Resources\s*<</.test(dict) ? dict : dictOf(ref(dict, 'Resources'));
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? dictOf(ref(resources, 'Font'));
    const fonts = new Map<string, Map<string, string>>();
    for (const [, name, num] of fontDict.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      const unicode = all.get(ref(dictOf(Number(num)), 'ToUnicode') ?? -1)?.stream;
      fonts.set(name!, unicode ? cmap(unicode.toString('latin1')) : new Map());
    }
    const contentRefs = /\/Contents\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? `${ref(dict, 'Contents')} 0 R`;
    const content = [...contentRefs.matchAll(/(\d+) 0 R/g)]
      .map(([, c]) => all.get(Number(c))?.stream?.toString('latin1') ?? '')
      .join('\n');
    let text = '';
    let font = new Map<string, string>();
    let width = 4;
    const ops = /\/([\w.+-]+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bT[*dD]\b|\bET\b/g;
    for (const op of content.matchAll(ops)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]) ?? new Map();
        width = [...font.keys()][0]?.length ?? 4;
        continue;
      }
      const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[3]];
      if (op[2] === undefined && op[3] === undefined) {
        text += ' ';
        continue;
      }
      for (const hex of hexes)
        for (let i = 0; i + width <= hex!.length; i += width)
          text += font.get(hex!.slice(i, i + width).toLowerCase()) ?? '';
    }
    return {
      widthMm: Math.round((x1! - x0!) * PT_TO_MM * 10) / 10,
      heightMm: Math.round((y1! - y0!) * PT_TO_MM * 10) / 10,
      text: text.replace(/\s+/g, ' '),
      compact: compact(text),
      rectangles: content.match(/\bre\b/g)?.length ?? 0,
    };
  });
}

/** Where the e2e specs keep what they printed (reports/print). */
export const PRINT_OUT = path.resolve('reports/print');

/** The page printed to an A4 PDF (its own `@page` size kept), kept as reports/print/`file`, and read back. */
export async function printA4(page: Page, file: string): Promise<PdfPage[]> {
  await page.emulateMedia({ media: 'print' });
  fs.mkdirSync(PRINT_OUT, { recursive: true });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, path: path.join(PRINT_OUT, file) });
  await page.emulateMedia({ media: 'screen' });
  return readPdf(pdf);
}
