/**
 * The renderer's words: t('key', values) and rich('key', values) from the catalogue of the language in use, and the
 * locale every number, amount and date is formatted in. The language is the one chosen in Settings, or else the
 * system's (navigator.languages); the catalogue is loaded before anything is drawn, and a change of language draws
 * the app again from scratch (screens keep their state in the store), so no memoised row keeps old words.
 */
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/nl';
import { createElement, Fragment, useEffect, useState, type ReactNode } from 'react';
import en from '../../shared/i18n/en.json';
import type { Speech } from '../../shared/i18n/languages';
import type { MessageValues, PlainKey, RichKey } from '../../shared/i18n/messages';
import { createTranslator, type ArgsOf, type Messages, type Translator } from '../../shared/i18n/translate';

/** English comes with the first screen; every other catalogue is a chunk of its own, fetched when chosen. */
const CATALOGUES: Record<Speech['language'], () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
  de: () => import('../../shared/i18n/de.json').then((m) => m.default),
  fr: () => import('../../shared/i18n/fr.json').then((m) => m.default),
  es: () => import('../../shared/i18n/es.json').then((m) => m.default),
  nl: () => import('../../shared/i18n/nl.json').then((m) => m.default),
  pseudo: () => import('../../shared/i18n/pseudo.json').then((m) => m.default),
};

let current: Translator = createTranslator('en', en, en);

/** A plain message in the language in use. */
export const t = <K extends PlainKey>(key: K, ...values: ArgsOf<K>): string => current.t(key, ...values);

/** A message with tags ("<b>…</b>"), each tag drawn by its function. */
export const rich = <K extends RichKey>(key: K, values: MessageValues<ReactNode>[K]): ReactNode =>
  createElement(Fragment, null, ...current.rich<K, ReactNode>(key, values));

/** The locale numbers, amounts and dates are formatted in (a BCP 47 tag). */
export const currentLocale = (): string => current.locale;

/** The dayjs locale of the date pickers for a language and locale (British English starts the week on Monday). */
function dayjsLocale(speech: Speech): string {
  if (speech.language === 'en' || speech.language === 'pseudo')
    return /^en-(US|CA|PH)$/i.test(speech.locale) ? 'en' : 'en-gb';
  return speech.language;
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
  const [ready, setReady] = useState<Speech | null>(null);
  useEffect(() => {
    if (!speech) return;
    let gone = false;
    void CATALOGUES[speech.language]().then(
      (messages) => {
        if (gone) return;
        current = createTranslator(speech.locale, messages, en, (error) => console.error(error.message));
        dayjs.locale(dayjsLocale(speech));
        document.documentElement.lang = speech.locale;
        setReady(speech);
      },
      () => {
        // a catalogue that could not be loaded: English, which always can
        if (gone) return;
        current = createTranslator(speech.locale, en, en);
        setReady({ language: 'en', locale: speech.locale });
      },
    );
    return () => {
      gone = true;
    };
    // the speech is recomputed every render; its id says when it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  if (!ready) return null;
  return (
    <DatesProvider settings={{ locale: dayjsLocale(ready), firstDayOfWeek: firstDayOfWeek(ready.locale) }}>
      <Fragment key={`${ready.language}|${ready.locale}`}>{children(ready)}</Fragment>
    </DatesProvider>
  );
}
