/**
 * Which language and locale Shopdesk speaks: the staff's choice in Settings, or else the operating system's.
 * The language picks the catalogue (the words); the locale picks number, money and date formats.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
/** What Settings offers: follow the system, or one of the languages. */
export const LANGUAGE_CHOICES = ['auto', ...LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];
/**
 * The pseudo-locale (accented, about a third longer, in brackets), generated from English to find cut-off and
 * untranslated text. It is used when the system's locale is en-XA (as the e2e suite's second run sets); Settings
 * does not offer it.
 */
export const PSEUDO_LOCALE = 'en-XA';
/** Each catalogue's own name for its language, as Settings lists them (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  nl: 'Nederlands',
};
/** The locale a language's formats use when the system's locale is of another language. */
const USUAL_LOCALE: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', nl: 'nl-NL' };

export interface Speech {
  /** The catalogue: one of LANGUAGES, or 'pseudo'. */
  language: Language | 'pseudo';
  /** A BCP 47 tag for Intl (numbers, money, dates) and the date pickers. */
  locale: string;
}

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** A usable BCP 47 tag, or null ("de_DE" and "de-de" are read as de-DE). */
function canonical(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The language and locale for a choice and the system's preferred locales (navigator.languages in the page,
 * app.getPreferredSystemLanguages() in the shell), first preferred first.
 */
export function resolveSpeech(choice: LanguageChoice | null | undefined, system: readonly string[]): Speech {
  const locales = system.map(canonical).filter((tag): tag is string => tag !== null);
  const primary = (tag: string): string => tag.split('-')[0]!.toLowerCase();
  if (!choice || choice === 'auto') {
    if (locales[0] === PSEUDO_LOCALE) return { language: 'pseudo', locale: PSEUDO_LOCALE };
    const spoken = locales.find((tag) => isLanguage(primary(tag)));
    if (spoken) return { language: primary(spoken) as Language, locale: spoken };
    // a language Shopdesk does not speak yet: English words, the system's own formats
    return { language: 'en', locale: locales[0] ?? 'en' };
  }
  const sameLanguage = locales.find((tag) => primary(tag) === choice && tag !== PSEUDO_LOCALE);
  return { language: choice, locale: sameLanguage ?? USUAL_LOCALE[choice] };
}
