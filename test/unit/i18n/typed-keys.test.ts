/**
 * Message keys and placeholders are typed (issue #18): the lines marked @ts-expect-error must not compile — if one
 * ever does, `tsc` (npm test's typecheck) fails with "Unused '@ts-expect-error' directive".
 */
import { describe, expect, it } from 'vitest';
import { resolveSpeech } from '../../../shared/i18n/languages';
import { createTranslator } from '../../../shared/i18n/translate';
import en from '../../../shared/i18n/en.json';

const { t } = createTranslator('en', en, en);

describe('typed messages', () => {
  it('take exactly their placeholders', () => {
    expect(t('nav.unsent', { count: 2 })).toBe('2 unsent orders');
    expect(t('nav.orders')).toBe('Orders');
    // @ts-expect-error a key that is not in the catalogue
    expect(t('nav.ordres')).toBe('nav.ordres');
    // @ts-expect-error a message with a placeholder needs its value
    t('nav.unsent');
    // @ts-expect-error a misspelt placeholder
    t('nav.unsent', { cuont: 2 });
    // @ts-expect-error a count must be a number
    t('nav.unsent', { count: 'two' });
    // @ts-expect-error a message without placeholders takes none
    t('nav.orders', { count: 1 });
  });
});

describe('the language in use', () => {
  it('follows the system, then the choice in Settings; the locale keeps the system’s region when it can', () => {
    expect(resolveSpeech('auto', ['de-AT', 'en-US'])).toEqual({ language: 'de', locale: 'de-AT' });
    expect(resolveSpeech(null, ['pl-PL', 'nl-BE'])).toEqual({ language: 'nl', locale: 'nl-BE' });
    expect(resolveSpeech('auto', ['pl-PL'])).toEqual({ language: 'en', locale: 'pl-PL' });
    expect(resolveSpeech('auto', [])).toEqual({ language: 'en', locale: 'en' });
    expect(resolveSpeech('auto', ['en-XA'])).toEqual({ language: 'pseudo', locale: 'en-XA' });
    expect(resolveSpeech('fr', ['de-DE', 'fr-CH'])).toEqual({ language: 'fr', locale: 'fr-CH' });
    expect(resolveSpeech('es', ['de_DE'])).toEqual({ language: 'es', locale: 'es-ES' });
    expect(resolveSpeech('de', ['not a locale!'])).toEqual({ language: 'de', locale: 'de-DE' });
  });
});
