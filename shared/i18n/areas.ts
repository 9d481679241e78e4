/**
 * The English words of these areas (the first part of a key: `scanCheck.title` is in `scanCheck`) are not part of the
 * first screen's script (#31.2): only screens and dialogs that come in chunks of their own use them, and each such
 * chunk waits for them (renderer/src/lazy.tsx). `npm run i18n` writes English in two parts, shared/i18n/en-first.json
 * (the rest) and shared/i18n/en-later.json (these); en.json stays the one catalogue people edit. Every other language
 * is one chunk, loaded whole. A key of one of these areas named in the first screen's script fails package.test.ts:
 * take the area out of this list, or the key out of the first screen.
 */
export const LATER_AREAS = [
  'scanCheck',
  'proxy',
  'submitted',
  'menu',
  'product',
  'shell',
  'labels',
  'favourites',
  'sessions',
  'print',
  'support',
  'reorder',
  'totals',
  'items',
  'flag',
  'scan',
  'scanner',
  'key',
  'source',
  'figures',
] as const;

export const isLaterKey = (key: string): boolean => (LATER_AREAS as readonly string[]).includes(key.split('.')[0]!);
