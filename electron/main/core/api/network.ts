/**
 * How requests reach the service on a shop's network (#26.4, #26.5): through the proxy the computer is set to use, and
 * trusting the roots installed in the operating system as well as Node's own list — so a company proxy (set by PAC
 * file, WPAD, the OS or environment variables, with or without a login) and TLS inspection with the company's root
 * work without ever turning certificate checks off.
 *
 * - **Proxy**, per Settings → Connection: `system` (the default) asks the desktop shell's resolver where it has one
 *   (Electron's session.resolveProxy: the OS settings, PAC and WPAD, as Chromium applies them), else the environment
 *   (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, upper or lower case); `manual` uses the address staff typed (its login
 *   kept with the token's protection); `none` connects directly. This computer (loopback) is never reached through a
 *   proxy. Each request's route is decided once and that decision is both used and reported (the connection test says
 *   which proxy it used).
 * - **Certificates**: Node's bundled roots, `NODE_EXTRA_CA_CERTS`, and the OS store (`tls.getCACertificates('system')`:
 *   the Windows store, the macOS keychain, OpenSSL's store on Linux — `SSL_CERT_FILE`/`SSL_CERT_DIR`), on every
 *   connection, direct or tunnelled.
 */
import tls from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';

/** Where the proxy setting comes from. */
export const PROXY_MODES = ['system', 'manual', 'none'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

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
  mode: ProxyMode;
  /** The manual proxy's address (`http://host:port` or `https://host:port`). */
  url: string | null;
}

let roots: string[] | null = null;

/** Node's roots with NODE_EXTRA_CA_CERTS, and the operating system's (read once: the OS store is asked at start). */
export function trustedRoots(): string[] {
  if (roots) return roots;
  const read = (kind: 'default' | 'system'): string[] => {
    try {
      return typeof tls.getCACertificates === 'function' ? tls.getCACertificates(kind) : [...tls.rootCertificates];
    } catch {
      return []; // an OS store that cannot be read leaves Node's own list
    }
  };
  roots = [...new Set([...read('default'), ...read('system')])];
  return roots;
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

export interface NetworkRoutesOptions {
  settings: () => NetworkSettings;
  /** The manual proxy's login, when one is kept. */
  login?: () => Promise<ProxyLogin | null>;
  /** The desktop shell's lookup (system settings, PAC, WPAD); absent under Node and in the browser host. */
  resolver?: ProxyResolver | null;
  env?: NodeJS.ProcessEnv;
  /** Agent options for every connection (limits, timeouts). */
  agent: Agent.Options;
}

/** Chooses each request's route and keeps one dispatcher per route (keep-alive connections are reused). */
export class NetworkRoutes {
  private readonly dispatchers = new Map<string, Dispatcher>();

  constructor(private readonly options: NetworkRoutesOptions) {}

  /** The route a request to `url` takes now. */
  async route(url: URL): Promise<ProxyRoute> {
    if (LOOPBACK.test(url.hostname)) return { kind: 'direct', source: 'loopback' };
    const { mode, url: manual } = this.options.settings();
    if (mode === 'none') return { kind: 'direct', source: 'none' };
    if (mode === 'manual' && manual) return { kind: 'proxy', proxy: manual, source: 'manual' };
    if (this.options.resolver) {
      let answer: string;
      try {
        answer = await this.options.resolver(url.href);
      } catch {
        // no answer from the shell: as the environment says
        const env = environmentProxy(url, this.options.env);
        return env ? { kind: 'proxy', proxy: env, source: 'environment' } : { kind: 'direct', source: 'system' };
      }
      const proxy = pacProxy(answer);
      return proxy ? { kind: 'proxy', proxy, source: 'system' } : { kind: 'direct', source: 'system' };
    }
    const env = environmentProxy(url, this.options.env);
    return env ? { kind: 'proxy', proxy: env, source: 'environment' } : { kind: 'direct', source: 'system' };
  }

  /** The dispatcher for a route (made once per proxy and login). */
  async dispatcher(route: ProxyRoute): Promise<Dispatcher> {
    const ca = trustedRoots();
    if (route.kind === 'direct')
      return this.keep('direct', () => new Agent({ ...this.options.agent, connect: { ca } }));
    const login = route.source === 'manual' ? ((await this.options.login?.()) ?? null) : null;
    const proxyUrl = new URL(route.proxy);
    // a login in the address (environment) or the one kept for the manual proxy
    const user = login?.username ?? decodeURIComponent(proxyUrl.username);
    const pass = login?.password ?? decodeURIComponent(proxyUrl.password);
    proxyUrl.username = '';
    proxyUrl.password = '';
    const token = user ? `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` : undefined;
    const key = `${proxyUrl.href} ${token ?? ''}`;
    return this.keep(key, () => {
      for (const [k, old] of this.dispatchers) {
        // a login changed: the old tunnel's agent goes
        if (k !== key && k.startsWith(`${proxyUrl.href} `)) {
          this.dispatchers.delete(k);
          void old.close().catch(() => undefined);
        }
      }
      return new ProxyAgent({
        ...this.options.agent,
        uri: proxyUrl.href,
        token,
        requestTls: { ca },
        proxyTls: { ca },
      });
    });
  }

  private keep(key: string, make: () => Dispatcher): Dispatcher {
    let d = this.dispatchers.get(key);
    if (!d) {
      d = make();
      this.dispatchers.set(key, d);
    }
    return d;
  }

  async close(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map((d) => d.close().catch(() => undefined)));
    this.dispatchers.clear();
  }

  async destroy(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map((d) => d.destroy().catch(() => undefined)));
    this.dispatchers.clear();
  }
}
