/** A product's flags (fragile, dangerous goods …) in the language in use. */
import type { FlagName } from '../../../shared/domain';
import type { SimpleKey } from '../../../shared/i18n/translate';
import { t } from '../i18n';

const FLAG_LABEL: Record<FlagName, SimpleKey> = {
  fragile: 'flag.fragile',
  dangerous: 'flag.dangerous',
  perishable: 'flag.perishable',
  liquid: 'flag.liquid',
  battery: 'flag.battery',
  regulated: 'flag.regulated',
  media: 'flag.media',
  adult: 'flag.adult',
};

/** A known flag's words; any other name as it is. */
export const flagLabel = (flag: string): string =>
  Object.prototype.hasOwnProperty.call(FLAG_LABEL, flag) ? t(FLAG_LABEL[flag as FlagName]) : flag;
