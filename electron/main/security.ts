/**
 * The shell's guards as pure decisions, so unit tests feed them hostile input without Electron: where the window may
 * navigate, what window.open may do, and which links go to the user's browser.
 */
import { isTrustedRendererUrl } from './window-options';

/** Sites Shopdesk's own links point at; anything else is not opened at all. */
export const EXTERNAL_HOSTS: readonly string[] = ['shopdesk.app', 'help.shopdesk.app', 'github.com'];

/** An https link to an allow-listed host, without credentials, as the user's browser should get it; else null. */
export function externalLink(url: string, hosts: readonly string[] = EXTERNAL_HOSTS): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return null;
  if (parsed.port && parsed.port !== '443') return null;
  if (!hosts.includes(parsed.hostname.toLowerCase())) return null;
  return parsed.toString();
}

/** will-navigate: only the app's own page (a reload or the dev server); everything else stays where it is. */
export function mayNavigate(url: string, devServerUrl: string | undefined, rendererFile: string): boolean {
  return isTrustedRendererUrl(url, devServerUrl, rendererFile);
}

/** setWindowOpenHandler: never a new Electron window; an allow-listed link opens in the user's browser. */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: string | null } {
  return { action: 'deny', openExternally: externalLink(url) };
}

/** Permission requests (camera, notifications, geolocation, …): Shopdesk needs none, so all are refused. */
export function mayGrantPermission(_permission: string): boolean {
  return false;
}
