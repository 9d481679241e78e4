/**
 * The updater's route (#26.4): electron-updater's requests go through Electron's net module on a session of their own
 * (partition "electron-updater"), not through the core's client, so they take the same route here: that session's
 * proxy follows Settings → Connection → Proxy (the system's settings with PAC and WPAD, the proxy set by hand, or
 * none), and a 407 from the proxy set by hand is answered with the login kept for it. Pure: no `electron` import, so
 * it is tested under Node (test/unit/shell/updater.test.ts); the shell hands it the session and the events.
 */
import type { ProxyConfig } from 'electron';

export interface UpdaterProxySettings {
  mode: 'system' | 'manual' | 'none';
  /** The proxy set by hand (`http://host:port` or `https://host:port`, never with a login). */
  url: string | null;
}

/** What Electron says of a login request (the 'login' event's authInfo). */
export interface AuthInfo {
  isProxy: boolean;
  host: string;
  port: number;
}

/** The session's proxy for these settings: system (Chromium applies OS settings, PAC, WPAD), fixed, or direct. */
export function sessionProxyConfig(settings: UpdaterProxySettings): ProxyConfig {
  if (settings.mode === 'none') return { mode: 'direct' };
  if (settings.mode === 'manual' && settings.url) {
    const proxy = manualProxy(settings.url);
    // this computer is never reached through the proxy, as in the core (api/network.ts)
    if (proxy) return { mode: 'fixed_servers', proxyRules: proxy.rule, proxyBypassRules: '<local>' };
  }
  return { mode: 'system' };
}

function manualProxy(url: string): { rule: string; host: string; port: number } | null {
  try {
    const u = new URL(url);
    const scheme = u.protocol.replace(/:$/, '');
    if (scheme !== 'http' && scheme !== 'https') return null;
    const port = Number(u.port || (scheme === 'https' ? 443 : 80));
    return { rule: `${scheme}://${u.hostname}:${port}`, host: u.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port };
  } catch {
    return null;
  }
}

/**
 * Answers the proxy's logins for one look or download: the kept login goes only to the proxy set by hand (its host
 * and port), never to a web server or a proxy another setting chose, and at most twice in a row (a login the proxy
 * refuses is not sent for ever; the request then fails and the updater says so).
 */
export class ProxyLoginAnswers {
  private tries = 0;

  constructor(private readonly settings: UpdaterProxySettings) {}

  /** Whether this login request may be answered with the kept login. */
  mayAnswer(auth: AuthInfo): boolean {
    if (!auth.isProxy || this.settings.mode !== 'manual' || !this.settings.url) return false;
    const proxy = manualProxy(this.settings.url);
    if (!proxy) return false;
    if (auth.host.replace(/^\[|\]$/g, '').toLowerCase() !== proxy.host || auth.port !== proxy.port) return false;
    this.tries += 1;
    return this.tries <= 2;
  }
}
