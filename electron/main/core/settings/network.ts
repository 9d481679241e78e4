/**
 * Settings → Connection → Proxy (#26.4): the channels that read and save how requests reach the service, and the routes
 * built from them. The proxy's address is a plain setting; its login is kept in the vault beside the token.
 */
import type { Handlers, NetworkView } from '../../../../shared/contract';
import { AppFailure } from '../../../../shared/errors';
import { SERVICE_AGENT_OPTIONS } from '../http/client';
import { NetworkRoutes } from '../http/network';
import { environmentProxy, withoutLogin, type ProxyResolver } from '../http/proxy';
import type { SettingsStore } from './settings';
import { readProxyLogin, saveProxyLogin } from './token';
import type { TokenVault } from './vault';

type NetworkHandlers = Pick<Handlers, 'settings:network' | 'settings:network-save'>;

/** The routes of the service's requests, as Settings → Connection says. */
export function networkRoutes(
  settings: SettingsStore,
  vault: TokenVault,
  resolver: ProxyResolver | null,
  /** Told the proxy's password when it is used: it is scrubbed from everything kept (core/redact.ts). */
  secret: (value: string) => void = () => undefined,
): NetworkRoutes {
  return new NetworkRoutes({
    settings: () => settings.get().proxy,
    login: async () => {
      const login = await readProxyLogin(vault);
      if (login?.password) secret(login.password);
      return login;
    },
    resolver,
    agent: SERVICE_AGENT_OPTIONS,
    // certificates trusted by hand, per origin (#26.5)
    pins: () => settings.get().trust,
  });
}

/** A proxy address staff typed: http or https, a host (and port), nothing else — a login goes in its own fields. */
export function checkProxyUrl(text: string): { ok: true; url: string } | { ok: false; reason: string } {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return { ok: false, reason: 'not_an_address' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  if (!url.hostname) return { ok: false, reason: 'not_an_address' };
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) return { ok: false, reason: 'path' };
  return { ok: true, url: `${url.protocol}//${url.host}` };
}

export function networkHandlers(deps: {
  settings: SettingsStore;
  vault: TokenVault;
  resolver: ProxyResolver | null;
  /** The connection state is checked again after a change (the new route may reach the service, or not). */
  changed: () => void;
}): NetworkHandlers {
  const view = async (): Promise<NetworkView> => {
    const { mode, url } = deps.settings.get().proxy;
    const login = await readProxyLogin(deps.vault);
    const env = environmentProxy(new URL('https://service.invalid/'));
    return {
      mode,
      url,
      username: login?.username ?? null,
      passwordSet: login !== null && login.password !== '',
      systemFrom: deps.resolver ? 'desktop' : 'environment',
      environmentProxy: env ? withoutLogin(env) : null,
    };
  };
  return {
    'settings:network': view,
    'settings:network-save': async ({ mode, url, username, password }) => {
      let address: string | null = deps.settings.get().proxy.url;
      if (mode === 'manual' || (url !== undefined && url !== null && url.trim() !== '')) {
        const checked = checkProxyUrl(url ?? '');
        if (!checked.ok)
          throw new AppFailure(
            'invalid_request',
            'The proxy address is not usable.',
            { proxyUrl: [checked.reason] },
            { reason: `proxy_${checked.reason}` },
          );
        address = checked.url;
      }
      const user = username?.trim() ?? null;
      if (username !== undefined) {
        const kept = await readProxyLogin(deps.vault);
        if (!user) await saveProxyLogin(deps.vault, null);
        else await saveProxyLogin(deps.vault, { username: user, password: password ?? kept?.password ?? '' });
      } else if (password !== undefined) {
        const kept = await readProxyLogin(deps.vault);
        if (kept) await saveProxyLogin(deps.vault, { username: kept.username, password });
      }
      deps.settings.update({ proxy: { mode, url: address } });
      deps.changed();
      return view();
    },
  };
}
