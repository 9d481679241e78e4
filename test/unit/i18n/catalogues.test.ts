/**
 * The catalogues are complete and agree (issue #18): every key in every language, the same placeholders with the same
 * ICU types, plural categories each language has, messages that format; the generated types and pseudo-locale match
 * the English catalogue.
 */
import { isStructurallySame, parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { argumentsOf, generated, PSEUDO_GROWTH, readCatalogue } from '../../../scripts/i18n';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { createTranslator } from '../../../shared/i18n/translate';
import fs from 'node:fs';
import path from 'node:path';

const en = readCatalogue('en');
const others = LANGUAGES.filter((l) => l !== 'en');

/** Every plural's categories in a message, with where they were found. */
function plurals(elements: MessageFormatElement[], out: string[][] = []): string[][] {
  for (const el of elements) {
    if (el.type === TYPE.plural) {
      out.push(Object.keys(el.options));
      for (const option of Object.values(el.options)) plurals(option.value, out);
    } else if (el.type === TYPE.select) for (const option of Object.values(el.options)) plurals(option.value, out);
    else if (el.type === TYPE.tag) plurals(el.children, out);
  }
  return out;
}

/** Values for every argument of a message, of the type its ICU message asks for. */
function sampleValues(message: string, n: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, types] of argumentsOf(parse(message))) {
    if (types.has('tag')) values[name] = (chunks: string[]) => `<${chunks.join('')}>`;
    else if (types.has('number')) values[name] = n;
    else if (types.has('date')) values[name] = Date.UTC(2026, 10, 23, 14, 5);
    else values[name] = `${name}-value`;
  }
  return values;
}

describe('the catalogues', () => {
  it('the generated message types, pseudo-locale and English parts are those of the English catalogue (npm run i18n)', () => {
    const dir = path.resolve('shared/i18n');
    const { types, pseudo, first, later } = generated(en);
    expect(fs.readFileSync(path.join(dir, 'messages.ts'), 'utf8')).toBe(types);
    expect(fs.readFileSync(path.join(dir, 'pseudo.json'), 'utf8')).toBe(pseudo);
    expect(fs.readFileSync(path.join(dir, 'en-first.json'), 'utf8')).toBe(first);
    expect(fs.readFileSync(path.join(dir, 'en-later.json'), 'utf8')).toBe(later);
    // the two parts are English whole, each key once
    const parts = { ...(JSON.parse(first) as object), ...(JSON.parse(later) as object) };
    expect(Object.keys(parts).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(JSON.parse(later) as object).length).toBeGreaterThan(0);
  });

  it.each(others)('%s has every English key and no other', (language) => {
    const catalogue = readCatalogue(language);
    expect(Object.keys(catalogue).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in catalogue))).toEqual([]);
    expect(Object.entries(catalogue).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(others)('%s has the same placeholders of the same ICU types as English in every message', (language) => {
    const catalogue = readCatalogue(language);
    const differing: string[] = [];
    for (const [key, english] of Object.entries(en)) {
      const translated = catalogue[key];
      if (translated === undefined) continue;
      let result: ReturnType<typeof isStructurallySame>;
      try {
        result = isStructurallySame(parse(english), parse(translated));
      } catch (error) {
        differing.push(`${key}: ${(error as Error).message}`);
        continue;
      }
      if (!result.success) differing.push(`${key}: ${result.error?.message}`);
    }
    expect(differing).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses only its own plural categories, always with "other"', (language) => {
    const catalogue = readCatalogue(language);
    const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(catalogue))
      for (const options of plurals(parse(message))) {
        if (!options.includes('other')) wrong.push(`${key}: no "other"`);
        for (const option of options)
          if (!categories.has(option) && !/^=\d+$/.test(option)) wrong.push(`${key}: "${option}"`);
      }
    expect(wrong).toEqual([]);
  });

  it.each([...LANGUAGES, 'pseudo'] as const)(
    'every %s message formats with 0, 1, 2 and 5 of everything',
    (language) => {
      const catalogue = readCatalogue(language);
      const errors: string[] = [];
      const translator = createTranslator(language === 'pseudo' ? 'en-XA' : language, catalogue, en, (e) =>
        errors.push(e.message),
      );
      for (const [key, message] of Object.entries(catalogue))
        for (const n of [0, 1, 2, 5]) {
          const text = translator.intl.formatMessage({ id: key }, sampleValues(message, n) as Record<string, string>);
          expect(typeof text === 'string' || Array.isArray(text), key).toBe(true);
        }
      expect(errors).toEqual([]);
    },
  );

  it('the pseudo-locale is accented, in brackets and about 35 % longer than English', () => {
    const pseudo = readCatalogue('pseudo');
    const translator = createTranslator('en-XA', pseudo, en);
    const english = createTranslator('en', en, en);
    let enLength = 0;
    let pseudoLength = 0;
    for (const [key, message] of Object.entries(en)) {
      const values = sampleValues(message, 2) as Record<string, string>;
      const a = String(english.intl.formatMessage({ id: key }, values));
      const b = String(translator.intl.formatMessage({ id: key }, values));
      enLength += a.length;
      pseudoLength += b.length;
      expect(b.startsWith('['), key).toBe(true);
      expect(b.endsWith(']'), key).toBe(true);
      if (/[a-z]{2}/i.test(a.replace(/\S+-value/g, ''))) expect(b, key).not.toBe(a);
    }
    const growth = pseudoLength / enLength - 1;
    expect(growth).toBeGreaterThanOrEqual(PSEUDO_GROWTH - 0.05);
    expect(growth).toBeLessThanOrEqual(PSEUDO_GROWTH + 0.1);
  });

  it('a language with Polish plural rules needs only its catalogue (one, few, many, other)', () => {
    const polish = createTranslator(
      'pl',
      {
        'nav.unsent':
          '{count, plural, one {# niewysłane zamówienie} few {# niewysłane zamówienia} many {# niewysłanych zamówień} other {# niewysłanego zamówienia}}',
      },
      en,
    );
    expect([1, 2, 5, 22, 25].map((count) => polish.t('nav.unsent', { count }))).toEqual([
      '1 niewysłane zamówienie',
      '2 niewysłane zamówienia',
      '5 niewysłanych zamówień',
      '22 niewysłane zamówienia',
      '25 niewysłanych zamówień',
    ]);
  });

  it('shared code uses only english.t (the renderer puts its own translator, which has only t, in its place)', () => {
    const files = fs.readdirSync(path.resolve('shared'), { recursive: true, encoding: 'utf8' });
    const uses = files
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('i18n'))
      .filter((f) => fs.readFileSync(path.resolve('shared', f), 'utf8').includes("from './i18n/english'"))
      .flatMap((f) =>
        [...fs.readFileSync(path.resolve('shared', f), 'utf8').matchAll(/\benglish\.(\w+)/g)].map((m) => m[1]),
      );
    expect(uses.length).toBeGreaterThan(0);
    expect(new Set(uses)).toEqual(new Set(['t']));
  });
});
