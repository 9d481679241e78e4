/**
 * The desktop shell's words (menus, the quit guard, About, start-up errors): the same catalogues and typed translator
 * as the renderer, in the language chosen in Settings or else the system's. Pure (no Electron import), so unit tests
 * build menus in any language.
 */
import de from '../../shared/i18n/de.json';
import en from '../../shared/i18n/en.json';
import es from '../../shared/i18n/es.json';
import fr from '../../shared/i18n/fr.json';
import nl from '../../shared/i18n/nl.json';
import pseudo from '../../shared/i18n/pseudo.json';
import { resolveSpeech, type LanguageChoice, type Speech } from '../../shared/i18n/languages';
import { createTranslator, type Messages, type Translator } from '../../shared/i18n/translate';

const CATALOGUES: Record<Speech['language'], Messages> = { en, de, fr, es, nl, pseudo };

/** A translator for Settings' choice and the system's preferred locales (app.getPreferredSystemLanguages()). */
export function shellTranslator(choice: LanguageChoice | null | undefined, system: readonly string[]): Translator {
  const speech = resolveSpeech(choice, system);
  return createTranslator(speech.locale, CATALOGUES[speech.language], en);
}

/** English, for tests and for anything drawn before the preferences are read. */
export const englishShell = (): Translator => createTranslator('en-GB', en, en);
