/**
 * The renderer's words: t('key', values) and rich('key', values) from the catalogue of the language in use, and the
 * locale every number, amount and date is formatted in. The language is the one chosen in Settings, or else the
 * system's (navigator.languages); the catalogue is loaded before anything is drawn, and a change of language draws
 * the app again from scratch (screens keep their state in the store), so no memoised row keeps old words.
 */
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { createElement, Fragment, useEffect, useState, type ReactNode } from 'react';
import enFirst from '../../shared/i18n/en-first.json';
import type { Language, Speech } from '../../shared/i18n/languages';
import type { MessageValues, PlainKey, RichKey } from '../../shared/i18n/messages';
import { createTranslator, type ArgsOf, type Messages, type Translator } from '../../shared/i18n/translate';

/**
 * English as far as it is loaded: the first screen's words come with its script, the words of the screens in chunks
 * of their own (shared/i18n/areas.ts) when the first of those is fetched (laterWords).
 */
let englishLater: Messages | null = null;
const english = (): Messages => (englishLater ? { ...enFirst, ...englishLater } : enFirst);

/** English's first part comes with the first screen; every other catalogue is a chunk of its own, fetched when chosen. */
const CATALOGUES: Record<Speech['language'], () => Promise<Messages>> = {
  en: () => Promise.resolve(english()),
  de: () => import('../../shared/i18n/de.json').then((m) => m.default),
  fr: () => import('../../shared/i18n/fr.json').then((m) => m.default),
  es: () => import('../../shared/i18n/es.json').then((m) => m.default),
  nl: () => import('../../shared/i18n/nl.json').then((m) => m.default),
  pseudo: () => import('../../shared/i18n/pseudo.json').then((m) => m.default),
};

/** The language in use: its locale and catalogue ('english': English as far as it is loaded). */
let speaking: { locale: string; messages: Messages | 'english' } = { locale: 'en', messages: 'english' };
let current: Translator = createTranslator('en', enFirst, enFirst);
/** Makes the translator of the language in use again (a language chosen, English's later words in). */
function translate(): void {
  const messages = speaking.messages === 'english' ? english() : speaking.messages;
  current = createTranslator(speaking.locale, messages, english(), (error) => console.error(error.message));
}

let later: Promise<void> | null = null;
/**
 * The English words of the screens that come in chunks of their own (shared/i18n/areas.ts), fetched once; a chunk's
 * screen waits for them (lazy.tsx), so it never shows a key. Another language's catalogue has them already (English
 * stays behind it for a key a catalogue might lack).
 */
export function laterWords(): Promise<void> {
  return (later ??= import('../../shared/i18n/en-later.json').then(
    (m) => {
      englishLater = m.default;
      translate();
    },
    (error: unknown) => {
      later = null; // asked for again with the next chunk
      throw error;
    },
  ));
}

/** A plain message in the language in use. */
export const t = <K extends PlainKey>(key: K, ...values: ArgsOf<K>): string => current.t(key, ...values);

/** A message with tags ("<b>…</b>"), each tag drawn by its function. */
export const rich = <K extends RichKey>(key: K, values: MessageValues<ReactNode>[K]): ReactNode =>
  createElement(Fragment, null, ...current.rich<K, ReactNode>(key, values));

/** The locale numbers, amounts and dates are formatted in (a BCP 47 tag). */
export const currentLocale = (): string => current.locale;

/**
 * The dates library's locale of each language (the date pickers' month and day names), a chunk of its own fetched with
 * the catalogue; each resolves to its name as dayjs knows it. Keyed by the language table, so a language added to
 * LANGUAGES without its dayjs locale does not compile: a locale nobody imported left the pickers in English, silently.
 */
const DATES_LOCALES: Record<Language, () => Promise<string>> = {
  en: () => import('dayjs/locale/en-gb').then((m) => m.default.name),
  de: () => import('dayjs/locale/de').then((m) => m.default.name),
  fr: () => import('dayjs/locale/fr').then((m) => m.default.name),
  es: () => import('dayjs/locale/es').then((m) => m.default.name),
  nl: () => import('dayjs/locale/nl').then((m) => m.default.name),
};

/** The dayjs locale of the date pickers for a language and locale, loaded (American English, built in, starts on Sunday). */
export function datesLocale(speech: Speech): Promise<string> {
  const language = speech.language === 'pseudo' ? 'en' : speech.language;
  if (language === 'en' && /^en-(US|CA|PH)$/i.test(speech.locale)) return Promise.resolve('en');
  return DATES_LOCALES[language]();
}

/** A language's catalogue and its dates locale, loaded (each module once: a second call is answered at once). */
export function loadSpeech(speech: Speech): Promise<[Messages, string]> {
  return Promise.all([CATALOGUES[speech.language](), datesLocale(speech)]);
}

/** Monday or Sunday first, as the locale has it (Intl's week info where the engine has it). */
function firstDayOfWeek(locale: string): 0 | 1 | 6 {
  try {
    const info = (
      new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number } }
    ).getWeekInfo?.();
    if (info) return (info.firstDay % 7) as 0 | 1 | 6;
  } catch {
    // an engine without week info: Monday, as in most of the shops Shopdesk speaks to
  }
  return 1;
}

/**
 * Draws its children once the catalogue of the language in use (`speech`, null while not known yet) is loaded, and
 * again from scratch on a change. The language is given, not read from the store here: the store words its own
 * notices with t(), and the two importing each other made one half of the circle start undefined.
 */
export function Speaking({ speech, children }: { speech: Speech | null; children: (speech: Speech) => ReactNode }) {
  const id = speech ? `${speech.language}|${speech.locale}` : null;
  const [ready, setReady] = useState<{ speech: Speech; dates: string } | null>(null);
  useEffect(() => {
    if (!speech) return;
    let gone = false;
    void loadSpeech(speech).then(
      ([messages, dates]) => {
        if (gone) return;
        speaking = { locale: speech.locale, messages: speech.language === 'en' ? 'english' : messages };
        translate();
        dayjs.locale(dates);
        document.documentElement.lang = speech.locale;
        setReady({ speech, dates });
      },
      () => {
        // a catalogue or dates locale that could not be loaded: English, which always can
        if (gone) return;
        speaking = { locale: speech.locale, messages: 'english' };
        translate();
        dayjs.locale('en');
        setReady({ speech: { language: 'en', locale: speech.locale }, dates: 'en' });
      },
    );
    return () => {
      gone = true;
    };
    // the speech is recomputed every render; its id says when it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  if (!ready) return null;
  const { speech: spoken, dates } = ready;
  return (
    <DatesProvider settings={{ locale: dates, firstDayOfWeek: firstDayOfWeek(spoken.locale) }}>
      <Fragment key={`${spoken.language}|${spoken.locale}`}>{children(spoken)}</Fragment>
    </DatesProvider>
  );
}
