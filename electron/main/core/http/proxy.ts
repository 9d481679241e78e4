/**
 * Where a request to the service goes on a shop's network (#26.4), per Settings → Connection: `system` (the default)
 * asks the desktop shell's resolver where it has one (Electron's session.resolveProxy: the OS settings, PAC and WPAD,
 * as Chromium applies them), else the environment (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, upper or lower case);
 * `manual` uses the address staff typed (its login kept with the token's protection); `none` connects directly. This
 * computer (loopback) is never reached through a proxy. Also here: a proxy's login as sent, and a CONNECT tunnel.
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { ProxyModeSetting } from '../../../../shared/contract';
import { trustedRoots } from './certificates';

/** How one request goes out: directly, or through a proxy (its address without any login, and where it came from). */
export type ProxyRoute =
  | { kind: 'direct'; source: 'none' | 'system' | 'loopback' }
  | { kind: 'proxy'; proxy: string; source: 'system' | 'environment' | 'manual' };

/** The desktop shell's proxy lookup for a URL, in PAC form ("PROXY host:port; DIRECT"). */
export type ProxyResolver = (url: string) => Promise<string>;

export interface ProxyLogin {
  username: string;
  password: string;
}

export interface NetworkSettings {
  mode: ProxyModeSetting;
  /** The manual proxy's address (`http://host:port` or `https://host:port`). */
  url: string | null;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/**
 * Whether `host` (and `port`) is excluded by a NO_PROXY list, as curl reads one: `*`; a name, which covers its
 * subdomains (`example.com`, `.example.com`, `*.example.com`); an address; any of them with `:port`.
 */
export function noProxyMatches(noProxy: string, host: string, port: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    // host:port (an IPv6 address has colons of its own: then no port)
    const colons = entry.split(':').length - 1;
    const [pattern, entryPort] = colons === 1 ? (entry.split(':') as [string, string]) : [entry, ''];
    if (entryPort && entryPort !== port) continue;
    const bare = pattern.replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
    if (name === bare || name.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/** The environment's proxy for a URL (null: directly). */
export function environmentProxy(url: URL, env: NodeJS.ProcessEnv = process.env): string | null {
  const pick = (name: string): string | undefined => env[name.toLowerCase()] ?? env[name.toUpperCase()];
  const noProxy = pick('no_proxy');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (noProxy && noProxyMatches(noProxy, url.hostname, port)) return null;
  const proxy = url.protocol === 'https:' ? (pick('https_proxy') ?? pick('http_proxy')) : pick('http_proxy');
  return proxy && proxy.trim() ? proxy.trim() : null;
}

/**
 * The first usable entry of a PAC answer: `PROXY h:p` → `http://h:p`, `HTTPS h:p` → `https://h:p`, `DIRECT` → null.
 * SOCKS entries are skipped (not supported); an answer with nothing usable is direct.
 */
export function pacProxy(answer: string): string | null {
  for (const part of answer.split(';')) {
    const [kind, where] = part.trim().split(/\s+/);
    const k = (kind ?? '').toUpperCase();
    if (k === 'DIRECT') return null;
    if ((k === 'PROXY' || k === 'HTTPS') && where) return `${k === 'HTTPS' ? 'https' : 'http'}://${where}`;
  }
  return null;
}

/** A proxy address without any login in it, for showing and logging. */
export function withoutLogin(proxy: string): string {
  try {
    const u = new URL(proxy);
    return `${u.protocol}//${u.host}`;
  } catch {
    return proxy.replace(/\/\/[^@/]*@/, '//');
  }
}

/** How the route of a request is chosen: the setting, the shell's lookup (absent under Node), the environment. */
export interface RouteSources {
  settings: () => NetworkSettings;
  resolver?: ProxyResolver | null;
  env?: NodeJS.ProcessEnv;
}

/** The route a request to `url` takes now. */
export async function chooseRoute(url: URL, { settings, resolver, env }: RouteSources): Promise<ProxyRoute> {
  if (LOOPBACK.test(url.hostname)) return { kind: 'direct', source: 'loopback' };
  const { mode, url: manual } = settings();
  if (mode === 'none') return { kind: 'direct', source: 'none' };
  if (mode === 'manual' && manual) return { kind: 'proxy', proxy: manual, source: 'manual' };
  if (resolver) {
    let answer: string;
    try {
      answer = await resolver(url.href);
    } catch {
      // no answer from the shell: as the environment says
      return fromEnvironment(url, env);
    }
    const proxy = pacProxy(answer);
    return proxy ? { kind: 'proxy', proxy, source: 'system' } : { kind: 'direct', source: 'system' };
  }
  return fromEnvironment(url, env);
}

function fromEnvironment(url: URL, env: NodeJS.ProcessEnv | undefined): ProxyRoute {
  const proxy = environmentProxy(url, env);
  return proxy ? { kind: 'proxy', proxy, source: 'environment' } : { kind: 'direct', source: 'system' };
}

/** A proxy as it is reached: its address without a login, and the Proxy-Authorization it is sent. */
export interface ProxyTarget {
  uri: string;
  token?: string;
}

/** The proxy of `route` as reached, with the kept login (a manual proxy's) or else the one in its URL. */
export function proxyTarget(route: Extract<ProxyRoute, { kind: 'proxy' }>, login: ProxyLogin | null): ProxyTarget {
  const proxyUrl = new URL(route.proxy);
  const user = login?.username ?? decodeURIComponent(proxyUrl.username);
  const pass = login?.password ?? decodeURIComponent(proxyUrl.password);
  proxyUrl.username = '';
  proxyUrl.password = '';
  const token = user ? `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` : undefined;
  return { uri: proxyUrl.href, ...(token ? { token } : {}) };
}

/** A CONNECT tunnel to `authority` through the proxy (null: the proxy would not open one). */
export function openTunnel(
  { uri, token }: ProxyTarget,
  authority: string,
  timeoutMs: number,
): Promise<net.Socket | null> {
  const proxy = new URL(uri);
  const secure = proxy.protocol === 'https:';
  return new Promise((resolve) => {
    const req = (secure ? https : http).request({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: Number(proxy.port || (secure ? 443 : 80)),
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...(token ? { 'proxy-authorization': token } : {}) },
      timeout: timeoutMs,
      agent: false,
      ...(secure ? { ca: trustedRoots() } : {}),
    });
    req.once('connect', (res, socket) => {
      if (res.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        resolve(null);
      }
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(null));
    req.once('close', () => resolve(null));
    req.end();
  });
}
