/** Words for a code that found no product (issue #29.3): the core says why (`miss`), the screen says it. */
import type { LookupMiss } from '../../../shared/contract';
import { t } from '../i18n';

/** A misread or a barcode the catalogue lacks, in words; null for any other code (the screen words that itself). */
export function lookupMissText(miss: LookupMiss | null, code: string): string | null {
  if (miss === 'misread') return t('scan.misread', { code });
  if (miss === 'not_in_catalogue') return t('scan.notInCatalogue', { code });
  return null;
}
