/**
 * The order picker's ranking, pure so the core and the tests read it the same way: products whose name has the words
 * typed as whole words first, then those whose name words start with them, then SKU and barcode matches, then
 * package contents.
 */
import { z } from 'zod';
import { ProductRow } from './domain';

export const PickRequest = z
  .object({ text: z.string().max(200), limit: z.number().int().min(1).max(50).default(8) })
  .strict();

export const PickResult = z.object({
  rows: z.array(ProductRow),
  /** More products match than are shown: typing more narrows it down. */
  more: z.boolean(),
});
export type PickResult = z.infer<typeof PickResult>;

/** Where a product matched, best first. */
export const PICK_RANKS = ['code', 'name-word', 'name-prefix', 'sku-barcode', 'contents'] as const;
export type PickRank = (typeof PICK_RANKS)[number];

/** Words as the search index sees them: lower case, accents removed, letters and digits only. */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** How a name matches the words typed: every word whole ('name-word'), every word a prefix ('name-prefix'), or not. */
export function nameRank(name: string, typed: readonly string[]): 'name-word' | 'name-prefix' | null {
  if (typed.length === 0) return null;
  const words = searchWords(name);
  if (typed.every((t) => words.includes(t))) return 'name-word';
  if (typed.every((t) => words.some((w) => w.startsWith(t)))) return 'name-prefix';
  return null;
}
