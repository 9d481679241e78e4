/**
 * Where updates may come from (#25.7): pure decisions over plain facts, so every case is a unit test
 * (test/unit/core/update-feeds.test.ts).
 *
 * - The feed is fixed when the app is built (electron-builder's `publish`, written into app-update.yml). A build may
 *   name further feeds Settings can choose among (a beta channel: extraMetadata.shopdesk.updateFeeds in electron-builder.yml, kept inside
 *   the signed archive). Nothing typed at the counter is ever a feed.
 * - A shop's own feed is given by an administrator when Shopdesk starts (`--update-feed=<url>` or
 *   SHOPDESK_UPDATE_FEED): it is then the feed, and Settings shows it without a choice.
 * - Every feed is https. Plain http only to this computer (loopback) and only in a development (unpackaged) run: an
 *   installed copy never takes one, as another local user could serve it.
 * - Whatever the feed, Windows installs only an installer signed by the publisher (publisherName in
 *   electron-builder.yml, read from app-update.yml by electron-updater), and macOS only one signed by the same team.
 */

/** Why a feed is not used. */
export type FeedRefusal = 'invalid' | 'scheme' | 'plain_http' | 'loopback_packaged' | 'not_allowed';

export interface FeedFacts {
  /** The feed the build names (app-update.yml); null if none. */
  build: string | null;
  /** Further feeds the build allows Settings to choose (in the archive). */
  others?: readonly string[];
  /** A shop's feed an administrator gave at start (flag or environment); null if none. */
  admin?: string | null;
  /** A development (unpackaged) run: http feeds on this computer are allowed. Never in an installed copy. */
  development: boolean;
}

export interface FeedChoice {
  /** The feeds Settings may choose among, the build's first (empty when an administrator set one, or none is good). */
  feeds: string[];
  /** The administrator's feed, when given and good: the one checked. */
  admin: string | null;
  /** Feeds named but not used, and why (for the log). */
  refused: { url: string; reason: FeedRefusal }[];
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);
const isLoopback = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);

/** The feed's address in one spelling (so a choice compares equal to the allowed one), or null. */
export function normaliseFeed(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.username || parsed.password || parsed.hash) return null;
    return parsed.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** Why this address cannot be a feed, or null when it can. */
export function feedRefusal(url: string, development: boolean): FeedRefusal | null {
  const normal = normaliseFeed(url);
  if (normal === null) return 'invalid';
  const parsed = new URL(normal);
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol !== 'http:') return 'scheme';
  if (!isLoopback(parsed.hostname)) return 'plain_http';
  return development ? null : 'loopback_packaged';
}

/** The feeds this copy may use, from what the build and the administrator named. */
export function feedChoice(facts: FeedFacts): FeedChoice {
  const refused: FeedChoice['refused'] = [];
  const good = (url: string | null | undefined): string | null => {
    if (url === null || url === undefined || url.trim() === '') return null;
    const reason = feedRefusal(url, facts.development);
    if (reason) {
      refused.push({ url, reason });
      return null;
    }
    return normaliseFeed(url);
  };
  const admin = good(facts.admin);
  const feeds: string[] = [];
  for (const url of [facts.build, ...(facts.others ?? [])]) {
    const feed = good(url);
    if (feed !== null && !feeds.includes(feed)) feeds.push(feed);
  }
  return { feeds: admin === null ? feeds : [], admin, refused };
}

/**
 * The feed checked: the administrator's, else the one chosen in Settings when the build allows it, else the build's.
 * Null when there is none (updates are then not looked for).
 */
export function feedInUse(choice: FeedChoice, chosen: string | null): string | null {
  if (choice.admin !== null) return choice.admin;
  const normal = chosen === null ? null : normaliseFeed(chosen);
  if (normal !== null && choice.feeds.includes(normal)) return normal;
  return choice.feeds[0] ?? null;
}

/** Whether Settings may choose this feed (null: the build's own, always). */
export function mayChoose(choice: FeedChoice, chosen: string | null): FeedRefusal | null {
  if (chosen === null) return null;
  if (choice.admin !== null) return 'not_allowed';
  const normal = normaliseFeed(chosen);
  return normal !== null && choice.feeds.includes(normal) ? null : 'not_allowed';
}
