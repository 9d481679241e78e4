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
    // the vault's secrets without a token (a proxy login kept before any token)
    if (parsed && typeof parsed === 'object') return null;
  } catch {
    // the bare token of an older version
  }
  const origin = originOf(savedBaseUrl);
  return origin ? { origin, token: stored } : null;
}

/** Everything the vault keeps, as one JSON object (the bare token of an older version is read as `token`). */
async function readSecrets(vault: TokenVault): Promise<Record<string, unknown>> {
  const stored = await vault.get();
  if (stored === null) return {};
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // the bare token of an older version: kept as it was (readToken reads it)
  }
  return { bare: stored };
}

async function writeSecrets(vault: TokenVault, secrets: Record<string, unknown>): Promise<void> {
  if ('bare' in secrets) return; // an older version's bare token is replaced only by saving a token
  await vault.set(JSON.stringify(secrets));
}

/** Saves the token for `baseUrl`'s origin; other secrets kept beside it (the proxy's login) stay. */
export async function saveToken(vault: TokenVault, baseUrl: string, token: string): Promise<void> {
  // an older version's bare token is replaced by this one
  const rest = await readSecrets(vault);
  delete rest.bare;
  await vault.set(JSON.stringify({ ...rest, origin: originOf(baseUrl), token }));
}

/** The manual proxy's login (#26), kept with the token's protection. */
export async function readProxyLogin(vault: TokenVault): Promise<{ username: string; password: string } | null> {
  const login = (await readSecrets(vault)).proxyLogin as { username?: unknown; password?: unknown } | undefined;
  return login && typeof login.username === 'string' && typeof login.password === 'string'
    ? { username: login.username, password: login.password }
    : null;
}

/** Keeps (or, with null, forgets) the manual proxy's login beside the token. */
export async function saveProxyLogin(
  vault: TokenVault,
  login: { username: string; password: string } | null,
): Promise<void> {
  const secrets = await readSecrets(vault);
  if ('bare' in secrets) {
    // an older version's bare token: moved into the object first, bound to nothing (readToken binds it on read)
    throw new Error('the vault holds a token of an older version; save the token again first');
  }
  if (login) secrets.proxyLogin = login;
  else delete secrets.proxyLogin;
  await writeSecrets(vault, secrets);
}

/** The token to send to `baseUrl`: the saved one only when it was saved for that origin. */
export function tokenFor(saved: BoundToken | null, baseUrl: string | null): string | null {
  const origin = originOf(baseUrl);
  return saved && origin !== null && saved.origin === origin ? saved.token : null;
}
