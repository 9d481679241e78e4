/**
 * The API token is bound to the origin it was saved for (scheme, host and port): it is handed out for that origin only,
 * so a typo or a look-alike address typed into Settings never receives it. Kept inside the vault's secret, so that
 * editing the settings file cannot move it to another address either.
 */
import type { TokenVault } from './vault';

export interface BoundToken {
  origin: string;
  token: string;
}

/** The origin of an address, or null when it is none. */
export function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The saved token and the origin it belongs to. A token saved by an older Shopdesk (the bare token) belongs to the
 * address saved with it.
 */
export async function readToken(vault: TokenVault, savedBaseUrl: string | null): Promise<BoundToken | null> {
  const stored = await vault.get();
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<BoundToken> | null;
    if (parsed && typeof parsed.origin === 'string' && typeof parsed.token === 'string')
      return { origin: parsed.origin, token: parsed.token };
  } catch {
    // the bare token of an older version
  }
  const origin = originOf(savedBaseUrl);
  return origin ? { origin, token: stored } : null;
}

export const saveToken = (vault: TokenVault, baseUrl: string, token: string): Promise<void> =>
  vault.set(JSON.stringify({ origin: originOf(baseUrl), token }));

/** The token to send to `baseUrl`: the saved one only when it was saved for that origin. */
export function tokenFor(saved: BoundToken | null, baseUrl: string | null): string | null {
  const origin = originOf(baseUrl);
  return saved && origin !== null && saved.origin === origin ? saved.token : null;
}
