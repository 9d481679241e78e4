/**
 * The English words of these areas (the first part of a key: `scanCheck.title` is in `scanCheck`) are not part of the
 * first screen's script (#31.2): only screens and dialogs that come in chunks of their own use them, and each such
 * chunk waits for them (renderer/src/lazy.tsx). `npm run i18n` writes English in two parts, shared/i18n/en-first.json
 * (the rest) and shared/i18n/en-later.json (these); en.json stays the one catalogue people edit. Every other language
 * is one chunk, loaded whole. A key of one of these areas named in the first screen's script fails package.test.ts:
 * name it in FIRST_KEYS, take the area out of this list, or take the key out of the first screen.
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
  'settings',
  'wizard',
  'outbox',
  'calendar',
] as const;

/**
 * Keys of those areas that the first screen's script names, and so shows before the later words have come: they stay
 * in en-first.json. An entry ending in '.' is every key under it (`settings.why.` for `settings.why.${code}`). The
 * connection indicator and sign-in words (what Settings' test says, why the service cannot be used, the vault and the
 * address's problems), the order schema's titles and the customer's field labels, the wizard's step names and stock words the order list shows, a
 * draft's save problem and a date's, and the outbox's "discard?" dialog the store opens.
 */
export const FIRST_KEYS = [
  'settings.verdict.',
  'settings.why.',
  'settings.route.',
  'settings.vault.',
  'settings.url.',
  'settings.enterToken',
  'wizard.step.',
  'wizard.discard.text',
  'wizard.draftsUnreadable',
  'wizard.remarks',
  'wizard.remarksHelp',
  'wizard.customer.name',
  'wizard.customer.email',
  'wizard.customer.phone',
  'wizard.address.',
  'wizard.review.remarks',
  'wizard.review.processed',
  'wizard.review.closed',
  'wizard.review.cancelled',
  'wizard.dates.order',
  'wizard.dates.cancelReason',
  'wizard.stock.',
  'wizard.save.notSavedHere',
  'wizard.date.',
  'outbox.confirm.discard',
  'outbox.keep',
  'outbox.discard',
  'outbox.discardAsk',
] as const;

const firstKey = (key: string): boolean =>
  FIRST_KEYS.some((entry) => (entry.endsWith('.') ? key.startsWith(entry) : key === entry));

export const isLaterKey = (key: string): boolean =>
  (LATER_AREAS as readonly string[]).includes(key.split('.')[0]!) && !firstKey(key);
