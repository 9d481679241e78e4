/**
 * The country list of the address step: ISO 3166-1 regions. The service stores the English name; the screen shows and
 * reads the name in its own language (Intl.DisplayNames), so German staff choose "Deutschland" and the order says
 * "Germany".
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

let cached: string[] | null = null;

/** Country names, sorted; the same list in main and renderer. */
export function countryNames(): string[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  cached = [...new Set(CODES.split(' ').map((code) => names.of(code) ?? code))].sort((a, b) =>
    a.localeCompare(b, 'en'),
  );
  return cached;
}

interface Localised {
  /** The names in the locale, sorted as the locale sorts them. */
  labels: string[];
  /** English (the service's) name → the name in the locale. */
  label: Map<string, string>;
  /** A name in the locale or in English, lower-cased → the English name. */
  typed: Map<string, string>;
}
const localised = new Map<string, Localised>();

function inLocale(locale: string): Localised {
  let found = localised.get(locale);
  if (found) return found;
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    names = en;
  }
  const label = new Map<string, string>();
  const typed = new Map<string, string>();
  for (const code of CODES.split(' ')) {
    const english = en.of(code) ?? code;
    const own = names.of(code) ?? english;
    if (!label.has(english)) label.set(english, own);
    const ownKey = own.toLocaleLowerCase(locale);
    if (!typed.has(ownKey)) typed.set(ownKey, english);
  }
  // English names are understood in every language (a customer may write one), after the locale's own
  for (const english of label.keys()) {
    const key = english.toLocaleLowerCase('en');
    if (!typed.has(key)) typed.set(key, english);
  }
  const labels = [...new Set(label.values())].sort((a, b) => a.localeCompare(b, locale));
  found = { labels, label, typed };
  localised.set(locale, found);
  return found;
}

/** The country names staff choose from, in the locale of the screen (the service keeps the English name). */
export const countryLabels = (locale: string): string[] => inLocale(locale).labels;

/** A country the service names (in English) as the locale names it; any other text as it is. */
export const countryLabel = (name: string, locale: string): string => inLocale(locale).label.get(name.trim()) ?? name;

/** The service's (English) name of a country typed in the locale's name or in English, in any case; else null. */
export const countryFromTyped = (text: string, locale: string): string | null =>
  inLocale(locale).typed.get(text.trim().toLocaleLowerCase(locale)) ?? null;
