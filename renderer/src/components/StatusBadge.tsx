/**
 * A status word as a coloured label. Known words get fitting colours and are said in the language in use; any other
 * word is shown as the service wrote it (in sentence case) with a stable colour of its own.
 */
import type { PlainKey } from '../../../shared/i18n/messages';
import { currentLocale, t } from '../i18n';

const KNOWN: Record<string, string> = {
  available: 'teal',
  delivered: 'teal',
  shipped: 'blue',
  processing: 'indigo',
  pending: 'yellow',
  'on hold': 'orange',
  unavailable: 'gray',
  discontinued: 'gray',
  cancelled: 'red',
  canceled: 'red',
  // a product a complete catalogue pass no longer lists (Shopdesk's own word, not the service's)
  delisted: 'gray',
  // stock levels
  out: 'red',
  low: 'orange',
};
const PALETTE = ['cyan', 'grape', 'lime', 'pink', 'violet', 'blue', 'orange'];

/** The words Shopdesk knows, in the language in use (the service's own words otherwise). */
const WORDS: Record<string, PlainKey> = {
  available: 'status.available',
  delivered: 'status.delivered',
  shipped: 'status.shipped',
  processing: 'status.processing',
  pending: 'status.pending',
  'on hold': 'status.onHold',
  unavailable: 'status.unavailable',
  discontinued: 'status.discontinued',
  cancelled: 'status.cancelled',
  canceled: 'status.cancelled',
  delisted: 'status.noLongerListed',
  out: 'status.out',
  low: 'status.low',
};

/** The order statuses read from left to right in the life of an order; others follow by name. */
const LIFE_ORDER = ['pending', 'processing', 'on hold', 'shipped', 'delivered', 'cancelled', 'canceled'];

export function statusColor(status: string): string {
  const key = status.trim().toLowerCase();
  if (KNOWN[key]) return KNOWN[key];
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** A fixed order for status chips, so they never change places with the counts. */
export function byStatusOrder(a: string, b: string): number {
  const rank = (s: string) => {
    const i = LIFE_ORDER.indexOf(s.trim().toLowerCase());
    return i < 0 ? LIFE_ORDER.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * A status in sentence case, however the service wrote it: "ON HOLD" and "On Hold" read "On hold". Short words in
 * capitals after the first ("UPS") are kept as the abbreviations they are.
 */
export function statusText(status: string): string {
  const key = `${currentLocale()}|${status}`;
  const known = TEXTS.get(key);
  if (known !== undefined) return known;
  const word = WORDS[status.trim().toLowerCase()];
  const text = word ? t(word) : sentenceCase(status);
  if (TEXTS.size < 500) TEXTS.set(key, text);
  return text;
}
/** A list shows the same few statuses thousands of times: each is worded once. */
const TEXTS = new Map<string, string>();

function sentenceCase(status: string): string {
  if (!status.trim()) return t('status.none');
  const words = status.trim().split(/\s+/);
  return words
    .map((word, i) => {
      if (i === 0)
        return word[0]!.toUpperCase() + (word === word.toUpperCase() ? word.slice(1).toLowerCase() : word.slice(1));
      return word.length <= 3 && word === word.toUpperCase() && /[A-Z]/.test(word) ? word : word.toLowerCase();
    })
    .join(' ');
}

/** A status on a detail screen: the same pill as in the lists. */
export function StatusBadge({ status }: { status: string }) {
  return <StatusLabel status={status} />;
}

/**
 * The same label drawn as one plain element, for table rows: thousands of them scroll past, and a full Badge
 * costs a frame budget when many rows mount at once.
 */
export function StatusLabel({ status, suffix }: { status: string; suffix?: string }) {
  const text = statusText(status);
  const shown = suffix ? `${text} · ${suffix}` : text;
  return (
    <span title={shown} className="status-pill" data-color={statusColor(status)}>
      {shown}
    </span>
  );
}

/**
 * Issue #27.6: a product's status on the service says whether the shop lists it for sale, never how much is in stock;
 * it is said so ("For sale", "Not for sale") and drawn in a neutral colour: green and red belong to stock levels.
 */
const LISTING: Record<string, PlainKey> = {
  available: 'listing.available',
  unavailable: 'listing.unavailable',
  discontinued: 'status.discontinued',
  delisted: 'status.noLongerListed',
};

/** A product's listing status in words (the service's own word, in sentence case, when Shopdesk does not know it). */
export function listingText(status: string): string {
  const word = LISTING[status.trim().toLowerCase()];
  return word ? t(word) : sentenceCase(status);
}

/** The words a listing status can have that Shopdesk knows, for sizing a column to them. */
export const listingWords = (): string[] => Object.values(LISTING).map((key) => t(key));

/** A product's listing status as a neutral label. */
export function ListingLabel({ status }: { status: string }) {
  const text = listingText(status);
  return (
    <span title={text} className="status-pill" data-color="gray" data-listing>
      {text}
    </span>
  );
}
