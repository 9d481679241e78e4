/**
 * What a scanned code finds in the catalogue on this computer: a GS1 label by its GTIN (its lot, expiry and weight
 * for the line), a scale's label (Settings → Scanner → Labels) by its product's digits with its weight or price (or
 * misread: its price check digit fails), else the code itself.
 */
import type { LookupMiss, UiPrefs } from '../../../../shared/contract';
import type { ProductRow } from '../../../../shared/domain';
import { productCodes, readLabel, rulesInUse, type LabelRead, type LabelVerdict } from '../../../../shared/label-rules';
import { call } from '../../bridge';
import { readScan, type ScanMeaning } from '../../components/scanLabel';

export async function lookUpScan(
  code: string,
  ui: Pick<UiPrefs, 'scanner' | 'labelRules'>,
): Promise<{ meaning: ScanMeaning; scale: LabelVerdict; product: ProductRow | null; miss: LookupMiss | null }> {
  const meaning = readScan(code, ui.scanner);
  // a scale's label (Settings → Scanner → Labels) by its product's digits, with its weight or price
  const scale = meaning.label === null ? readLabel(meaning.code, rulesInUse(ui.labelRules)) : null;
  const { product, miss } =
    scale === null
      ? await call('catalogue:lookup', { code: meaning.lookup })
      : 'misread' in scale
        ? { product: null, miss: 'misread' as const }
        : await lookUpLabel(scale.read);
  return { meaning, scale, product, miss };
}

/** The product of a scale's label: the first of the codes it may go by that the catalogue knows. */
async function lookUpLabel(read: LabelRead): Promise<{ product: ProductRow | null; miss: LookupMiss | null }> {
  for (const code of productCodes(read)) {
    const { product } = await call('catalogue:lookup', { code });
    if (product) return { product, miss: null };
  }
  return { product: null, miss: 'not_in_catalogue' };
}
