/** Country names (#18): shown and read in the screen's language, kept as the service names them (English). */
import { describe, expect, it } from 'vitest';
import { countryFromTyped, countryLabel, countryLabels, countryNames } from '../../../shared/countries';

describe('countries in the language of the screen', () => {
  it('lists every country of the English list, named and sorted in the locale', () => {
    const german = countryLabels('de-DE');
    expect(german).toHaveLength(countryNames().length);
    expect(german).toContain('Deutschland');
    expect(german).toContain('Vereinigte Staaten');
    expect(german).toEqual([...german].sort((a, b) => a.localeCompare(b, 'de-DE')));
    expect(countryLabels('fr-FR')).toContain('Pays-Bas');
  });

  it('shows the service’s English name in the locale, and anything else as it is', () => {
    expect(countryLabel('Germany', 'de-DE')).toBe('Deutschland');
    expect(countryLabel('Netherlands', 'es-ES')).toBe('Países Bajos');
    expect(countryLabel('Germany', 'en-GB')).toBe('Germany');
    expect(countryLabel('Atlantis', 'de-DE')).toBe('Atlantis');
  });

  it('reads a name typed in the locale or in English, in any case, as the service’s name', () => {
    expect(countryFromTyped('deutschland', 'de-DE')).toBe('Germany');
    expect(countryFromTyped(' Vereinigte Staaten ', 'de-DE')).toBe('United States');
    expect(countryFromTyped('germany', 'de-DE')).toBe('Germany');
    expect(countryFromTyped('Nederland', 'nl-NL')).toBe('Netherlands');
    expect(countryFromTyped('Deutsch', 'de-DE')).toBeNull();
    for (const name of countryNames()) expect(countryFromTyped(countryLabel(name, 'fr-FR'), 'fr-FR')).toBe(name);
  });
});
