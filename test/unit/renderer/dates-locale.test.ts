/**
 * Every language's date pickers speak it (#28.8): the dates library's locale of each language in the table loads and
 * dayjs knows it by the name given to the pickers. A language missing from renderer/src/i18n.tsx's DATES_LOCALES
 * does not compile; this checks that each entry loads the right one.
 */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, resolveSpeech, type Speech } from '../../../shared/i18n/languages';

// named at run time only: the unit tests' typecheck (tsconfig.node.json) has no JSX or DOM; i18n.tsx is checked with
// the renderer (tsconfig.web.json)
const I18N = '../../../renderer/src/i18n';
const { datesLocale } = (await import(/* @vite-ignore */ I18N)) as { datesLocale(speech: Speech): Promise<string> };

/** November as Intl (CLDR) names it in a language: what the date pickers should say. */
const november = (language: string): string =>
  new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 20));

describe('the dates locale of each language', () => {
  it.each(LANGUAGES)('%s loads a dayjs locale that names its months', async (language) => {
    const name = await datesLocale(resolveSpeech(language, []));
    expect(dayjs.Ls[name], name).toBeDefined();
    expect(name.split('-')[0]).toBe(language);
    expect(dayjs('2026-11-20').locale(name).format('MMMM').toLowerCase()).toBe(november(language).toLowerCase());
  });

  it('English follows its locale: Sunday-first American English is built in, British English is loaded', async () => {
    expect(await datesLocale({ language: 'en', locale: 'en-US' })).toBe('en');
    expect(await datesLocale({ language: 'en', locale: 'en-GB' })).toBe('en-gb');
    expect(await datesLocale({ language: 'pseudo', locale: 'en-XA' })).toBe('en-gb');
  });

  it('the first day of the week follows the locale (Monday in German)', async () => {
    const name = await datesLocale({ language: 'de', locale: 'de-DE' });
    expect(dayjs.Ls[name]?.weekStart).toBe(1);
  });
});
