/**
 * The e2e suite finds controls by role and accessible name, and names change with the language: tests word them
 * through the same catalogues and typed translator as the app, for the locale of the Playwright project (English,
 * the pseudo-locale, German).
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolveSpeech } from '../../shared/i18n/languages';
import { createTranslator, type Translator } from '../../shared/i18n/translate';

const catalogue = (name: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve('shared/i18n', `${name}.json`), 'utf8')) as Record<string, string>;

const translators = new Map<string, Translator>();

/** The translator the app uses for a browser locale (as navigator.languages gives it, nothing chosen in Settings). */
export function translatorFor(locale: string): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    const speech = resolveSpeech('auto', [locale]);
    translator = createTranslator(speech.locale, catalogue(speech.language), catalogue('en'));
    translators.set(locale, translator);
  }
  return translator;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for a message with some text left open: each `…` stands for anything ("Connection: …"). */
export const pattern = (text: string, whole = true): RegExp =>
  new RegExp(`${whole ? '^' : ''}${text.split('…').map(escape).join('.*')}${whole ? '$' : ''}`);
